import { BotAdmin } from "@/features/admin/bot";
import { PageMessages, type LocaleParams } from "@/i18n/page-messages";

export default function AdminMessengerPage({ params }: LocaleParams) {
  return (
    <PageMessages params={params} namespaces={["messenger"]}>
      <BotAdmin />
    </PageMessages>
  );
}
