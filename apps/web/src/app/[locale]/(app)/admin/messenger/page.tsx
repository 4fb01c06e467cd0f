import { BotAdmin } from "@/features/admin/bot";

export default function AdminMessengerPage() {
  return <BotAdmin />;
}
