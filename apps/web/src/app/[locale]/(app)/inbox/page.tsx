import { Inbox } from "@/features/mail/inbox";
import { PageMessages, type LocaleParams } from "@/i18n/page-messages";

export default function Page({ params }: LocaleParams) {
  return (
    <PageMessages params={params} namespaces={["mail"]}>
      <Inbox />
    </PageMessages>
  );
}
