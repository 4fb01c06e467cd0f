import { MailSettingsAdmin } from "@/features/admin/mail-settings";

export default function MailSettingsPage() {
  return <MailSettingsAdmin />;
}
