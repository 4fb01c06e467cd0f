import { StorageAdmin } from "@/features/admin/storage";
import { PageMessages, type LocaleParams } from "@/i18n/page-messages";

export default function StoragePage({ params }: LocaleParams) {
  return (
    <PageMessages params={params} namespaces={["admin"]}>
      <StorageAdmin />
    </PageMessages>
  );
}
