import { InvitesAdmin } from "@/features/admin/invites";
import { PageMessages, type LocaleParams } from "@/i18n/page-messages";

export default function InvitesPage({ params }: LocaleParams) {
  return (
    <PageMessages params={params} namespaces={["admin"]}>
      <InvitesAdmin />
    </PageMessages>
  );
}
