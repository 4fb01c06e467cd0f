"use client";

import { useTranslations } from "next-intl";
import Link from "next/link";
import { trpc } from "@/lib/trpc";
import { MailboxPanel } from "./mailbox-panel";
import { MessageList } from "./message-list";
import { PageHeader } from "@/components/page-header";

export function Dashboard() {
  const t = useTranslations("mail.dashboard");
  const session = trpc.auth.session.useQuery();
  return (
    <div className="stack">
      <PageHeader title={t("title")} intro={t("signedInAs", { email: session.data?.email ?? "" })} />
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
