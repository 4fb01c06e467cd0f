import type { ReactNode } from "react";
import { SignedInShell } from "@/features/shell/signed-in-shell";
import { PageMessages, type LocaleParams } from "@/i18n/page-messages";
import { Providers } from "../../providers";

export default function SignedInLayout({ params, children }: LocaleParams & { children: ReactNode }) {
  return (
    <PageMessages params={params} namespaces={["shell"]}>
      {/* The tRPC/react-query client only where it is used: the signed-out pages call the API without it. */}
      <Providers>
        <SignedInShell>{children}</SignedInShell>
      </Providers>
    </PageMessages>
  );
}
