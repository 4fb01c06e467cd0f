import { UsersAdmin } from "@/features/admin/users";
import { PageMessages, type LocaleParams } from "@/i18n/page-messages";

export default function UsersPage({ params }: LocaleParams) {
  return (
    <PageMessages params={params} namespaces={["admin"]}>
      <UsersAdmin />
    </PageMessages>
  );
}
