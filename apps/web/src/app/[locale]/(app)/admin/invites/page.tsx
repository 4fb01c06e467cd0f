import { InvitesAdmin } from "@/features/admin/invites";

export default function InvitesPage() {
  return <InvitesAdmin />;
}
