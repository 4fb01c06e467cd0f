import { SentList } from "@/features/outbound/sent-list";

export default function SentPage() {
  return <SentList />;
}
