import { RegisterScreen } from "@/features/auth/register-screen";
import { PageMessages, type LocaleParams } from "@/i18n/page-messages";

export default function RegisterPage({ params }: LocaleParams) {
  return (
    <PageMessages params={params} namespaces={["auth"]}>
      <RegisterScreen />
    </PageMessages>
  );
}
