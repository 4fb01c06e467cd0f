"use client";

import { useTranslations } from "next-intl";
import { useRouter, useSearchParams } from "next/navigation";
import { Suspense, useState } from "react";
import { trpc } from "@/lib/trpc";
import { MessageList } from "./message-list";

function InboxScreen() {
  const t = useTranslations("mail.inbox");
  const params = useSearchParams();
  const router = useRouter();
  const mailboxId = params.get("mailbox") ?? undefined;
  const [query, setQuery] = useState("");
  const boxes = trpc.mailboxes.list.useQuery();
  return (
    <div className="stack">
      <div className="page-header">
        <h1>{t("title")}</h1>
        <div className="row">
          <div className="field">
            <label htmlFor="inbox-mailbox">{t("mailbox")}</label>
            <select id="inbox-mailbox" value={mailboxId ?? ""} onChange={(e) => { router.replace(e.target.value ? `/inbox?mailbox=${e.target.value}` : "/inbox"); }}>
              <option value="">{t("allMailboxes")}</option>
              {boxes.data?.map((b) => (
                <option key={b.id} value={b.id}>{b.address}</option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="inbox-search">{t("search")}</label>
            <input id="inbox-search" type="search" placeholder={t("searchPlaceholder")} value={query} onChange={(e) => { setQuery(e.target.value); }} />
          </div>
        </div>
      </div>
      <MessageList mailboxId={mailboxId} query={query} bulk />
    </div>
  );
}

export function Inbox() {
  return (
    <Suspense>
      <InboxScreen />
    </Suspense>
  );
}
