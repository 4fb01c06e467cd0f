import { MessagePage } from "@/features/mail/message-page";
import { PageMessages, type LocaleParams } from "@/i18n/page-messages";

export default function Page({ params }: LocaleParams) {
  return (
    <PageMessages params={params} namespaces={["mail", "outbound"]}>
      <MessagePage />
    </PageMessages>
  );
}
