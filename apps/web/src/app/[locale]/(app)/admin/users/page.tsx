import { UsersAdmin } from "@/features/admin/users";

export default function UsersPage() {
  return <UsersAdmin />;
}
