import { Landing } from "@/features/home/landing";
import { PageMessages, type LocaleParams } from "@/i18n/page-messages";

export default function HomePage({ params }: LocaleParams) {
  return (
    <PageMessages params={params} namespaces={["home"]}>
      <Landing />
    </PageMessages>
  );
}
