import { MessengerSettings } from "@/features/messenger/messenger-settings";
import { PageMessages, type LocaleParams } from "@/i18n/page-messages";

export default function MessengerSettingsPage({ params }: LocaleParams) {
  return (
    <PageMessages params={params} namespaces={["messenger"]}>
      <MessengerSettings />
    </PageMessages>
  );
}
