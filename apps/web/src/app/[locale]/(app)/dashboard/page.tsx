"use client";

import Link from "next/link";
import { MailboxPanel } from "@/features/mail/mailbox-panel";
import { MessageList } from "@/features/mail/message-list";
import { trpc } from "@/lib/trpc";

export default function DashboardPage() {
  const session = trpc.auth.session.useQuery();
  return (
    <div className="stack">
      <div className="page-header">
        <div>
          <h1>Dashboard</h1>
          <p className="muted">Signed in as {session.data?.email}</p>
        </div>
      </div>
      <MailboxPanel />
      <section className="stack" aria-labelledby="recent-heading">
        <div className="row" style={{ justifyContent: "space-between" }}>
          <h2 id="recent-heading">Latest mail</h2>
          <Link href="/inbox">Open the inbox</Link>
        </div>
        <MessageList />
      </section>
    </div>
  );
}
