import { MailSettingsAdmin } from "@/features/admin/mail-settings";
import { PageMessages, type LocaleParams } from "@/i18n/page-messages";

export default function MailSettingsPage({ params }: LocaleParams) {
  return (
    <PageMessages params={params} namespaces={["admin"]}>
      <MailSettingsAdmin />
    </PageMessages>
  );
}
