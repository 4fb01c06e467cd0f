import { AccountScreen } from "@/features/account/account-screen";
import { PageMessages, type LocaleParams } from "@/i18n/page-messages";

export default function AccountPage({ params }: LocaleParams) {
  return (
    <PageMessages params={params} namespaces={["account"]}>
      <AccountScreen />
    </PageMessages>
  );
}
