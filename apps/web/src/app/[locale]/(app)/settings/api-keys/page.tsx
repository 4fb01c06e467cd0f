import { ApiKeysScreen } from "@/features/api-keys/api-keys-screen";
import { PageMessages, type LocaleParams } from "@/i18n/page-messages";

export default function ApiKeysPage({ params }: LocaleParams) {
  return (
    <PageMessages params={params} namespaces={["apiKeys"]}>
      <ApiKeysScreen />
    </PageMessages>
  );
}
