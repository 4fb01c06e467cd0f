import { ApiKeysScreen } from "@/features/api-keys/api-keys-screen";

export default function ApiKeysPage() {
  return <ApiKeysScreen />;
}
