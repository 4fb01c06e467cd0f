"use client";

import { useTranslations } from "next-intl";
import Link from "next/link";
import { trpc } from "@/lib/trpc";
import { MailboxPanel } from "./mailbox-panel";
import { MessageList } from "./message-list";

export function Dashboard() {
  const t = useTranslations("mail.dashboard");
  const session = trpc.auth.session.useQuery();
  return (
    <div className="stack">
      <div className="page-header">
        <div>
          <h1>{t("title")}</h1>
          <p className="muted">{t("signedInAs", { email: session.data?.email ?? "" })}</p>
        </div>
      </div>
      <MailboxPanel />
      <section className="stack" aria-labelledby="recent-heading">
        <div className="row" style={{ justifyContent: "space-between" }}>
          <h2 id="recent-heading">{t("latest")}</h2>
          <Link href="/inbox">{t("openInbox")}</Link>
        </div>
        <MessageList />
      </section>
    </div>
  );
}
