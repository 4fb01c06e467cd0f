import { LoginScreen } from "@/features/auth/login-screen";
import { PageMessages, type LocaleParams } from "@/i18n/page-messages";

export default function LoginPage({ params }: LocaleParams) {
  return (
    <PageMessages params={params} namespaces={["auth"]}>
      <LoginScreen />
    </PageMessages>
  );
}
