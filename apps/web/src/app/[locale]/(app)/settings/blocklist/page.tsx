import { OwnBlocklistScreen } from "@/features/blocklist/blocklist-screens";
import { PageMessages, type LocaleParams } from "@/i18n/page-messages";

export default function BlocklistPage({ params }: LocaleParams) {
  return (
    <PageMessages params={params} namespaces={["blocklist"]}>
      <OwnBlocklistScreen />
    </PageMessages>
  );
}
