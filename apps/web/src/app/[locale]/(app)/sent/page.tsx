import { SentList } from "@/features/outbound/sent-list";
import { PageMessages, type LocaleParams } from "@/i18n/page-messages";

export default function SentPage({ params }: LocaleParams) {
  return (
    <PageMessages params={params} namespaces={["outbound"]}>
      <SentList />
    </PageMessages>
  );
}
