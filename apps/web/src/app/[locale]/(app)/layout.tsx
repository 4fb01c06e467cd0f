import type { ReactNode } from "react";
import { SignedInShell } from "@/features/shell/signed-in-shell";
import { PageMessages, type LocaleParams } from "@/i18n/page-messages";

export default function SignedInLayout({ params, children }: LocaleParams & { children: ReactNode }) {
  return (
    <PageMessages params={params} namespaces={["shell"]}>
      <SignedInShell>{children}</SignedInShell>
    </PageMessages>
  );
}
