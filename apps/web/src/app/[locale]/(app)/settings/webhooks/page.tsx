import { WebhooksScreen } from "@/features/webhooks/webhooks-screen";
import { PageMessages, type LocaleParams } from "@/i18n/page-messages";

export default function WebhooksPage({ params }: LocaleParams) {
  return (
    <PageMessages params={params} namespaces={["webhooks"]}>
      <WebhooksScreen />
    </PageMessages>
  );
}
