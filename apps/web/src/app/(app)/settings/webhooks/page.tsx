import { WebhooksScreen } from "@/features/webhooks/webhooks-screen";

export default function WebhooksPage() {
  return <WebhooksScreen />;
}
