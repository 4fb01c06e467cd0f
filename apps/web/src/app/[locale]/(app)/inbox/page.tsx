"use client";

import { useRouter, useSearchParams } from "next/navigation";
import { Suspense, useState } from "react";
import { MessageList } from "@/features/mail/message-list";
import { trpc } from "@/lib/trpc";

function Inbox() {
  const params = useSearchParams();
  const router = useRouter();
  const mailboxId = params.get("mailbox") ?? undefined;
  const [query, setQuery] = useState("");
  const boxes = trpc.mailboxes.list.useQuery();
  return (
    <div className="stack">
      <div className="page-header">
        <h1>Inbox</h1>
        <div className="row">
          <div className="field">
            <label htmlFor="inbox-mailbox">Mailbox</label>
            <select id="inbox-mailbox" value={mailboxId ?? ""} onChange={(e) => { router.replace(e.target.value ? `/inbox?mailbox=${e.target.value}` : "/inbox"); }}>
              <option value="">All mailboxes</option>
              {boxes.data?.map((b) => (
                <option key={b.id} value={b.id}>{b.address}</option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="inbox-search">Search</label>
            <input id="inbox-search" type="search" placeholder="Sender or subject" value={query} onChange={(e) => { setQuery(e.target.value); }} />
          </div>
        </div>
      </div>
      <MessageList mailboxId={mailboxId} query={query} />
    </div>
  );
}

export default function InboxPage() {
  return (
    <Suspense>
      <Inbox />
    </Suspense>
  );
}
