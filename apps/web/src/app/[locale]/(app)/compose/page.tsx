import { ComposePage as Compose } from "@/features/outbound/compose-page";
import { PageMessages, type LocaleParams } from "@/i18n/page-messages";

export default function ComposePage({ params }: LocaleParams) {
  return (
    <PageMessages params={params} namespaces={["outbound"]}>
      <Compose />
    </PageMessages>
  );
}
