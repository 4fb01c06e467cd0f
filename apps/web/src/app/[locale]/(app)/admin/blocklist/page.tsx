import { GlobalBlocklistScreen } from "@/features/blocklist/blocklist-screens";
import { PageMessages, type LocaleParams } from "@/i18n/page-messages";

export default function GlobalBlocklistPage({ params }: LocaleParams) {
  return (
    <PageMessages params={params} namespaces={["blocklist"]}>
      <GlobalBlocklistScreen />
    </PageMessages>
  );
}
