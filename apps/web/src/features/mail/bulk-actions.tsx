"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { ErrorAlert } from "@/components/error-alert";
import { trpc } from "@/lib/trpc";

// The server takes at most this many ids per call (`messages.*Many`); bigger selections go in turns.
const perCall = 100;

export interface Selection {
  /** The selected ids among the messages shown (a deleted or expired one drops out by itself). */
  ids: string[];
  has: (id: string) => boolean;
  toggle: (id: string) => void;
  setAll: (on: boolean) => void;
  clear: () => void;
}

export function useSelection(items: readonly { id: string }[]): Selection {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set());
  const ids = items.filter((m) => chosen.has(m.id)).map((m) => m.id);
  return {
    ids,
    has: (id) => chosen.has(id),
    toggle: (id) => {
      setChosen((prev) => {
        const next = new Set(prev);
        if (!next.delete(id)) next.add(id);
        return next;
      });
    },
    setAll: (on) => {
      setChosen(on ? new Set(items.map((m) => m.id)) : new Set());
    },
    clear: () => {
      setChosen(new Set());
    },
  };
}

function chunks(ids: string[]): string[][] {
  const out: string[][] = [];
  for (let i = 0; i < ids.length; i += perCall) out.push(ids.slice(i, i + perCall));
  return out;
}

/** Select all, and "Mark read" / "Mark unread" / "Delete" for the selected messages. */
export function BulkActions({ total, selection }: { total: number; selection: Selection }) {
  const t = useTranslations("mail.list");
  const utils = trpc.useUtils();
  const markMany = trpc.messages.markReadMany.useMutation();
  const deleteMany = trpc.messages.deleteMany.useMutation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const all = useRef<HTMLInputElement>(null);
  const count = selection.ids.length;
  useEffect(() => {
    if (all.current) all.current.indeterminate = count > 0 && count < total;
  }, [count, total]);

  const run = async (action: (ids: string[]) => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      for (const ids of chunks(selection.ids)) await action(ids);
      selection.clear();
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
      await Promise.all([utils.messages.list.invalidate(), utils.messages.get.invalidate(), utils.mailboxes.list.invalidate()]);
    }
  };
  const mark = (read: boolean) => run((ids) => markMany.mutateAsync({ ids, read }));

  return (
    <div className="stack">
      <div className="row bulk-actions" role="group" aria-label={t("bulkLabel")}>
        <label className="row" style={{ gap: "0.4rem" }}>
          <input ref={all} type="checkbox" checked={total > 0 && count === total} onChange={(e) => { selection.setAll(e.target.checked); }} />
          {t("selectAll")}
        </label>
        <span className="muted" role="status">{count > 0 ? t("selectedCount", { count }) : ""}</span>
        {count > 0 && (
          <>
            <button className="button small" type="button" disabled={busy} onClick={() => void mark(true)}>{t("markRead")}</button>
            <button className="button small" type="button" disabled={busy} onClick={() => void mark(false)}>{t("markUnread")}</button>
            <button
              className="button small danger"
              type="button"
              disabled={busy}
              onClick={() => {
                if (window.confirm(t("confirmDelete", { count }))) void run((ids) => deleteMany.mutateAsync({ ids }));
              }}
            >
              {t("delete")}
            </button>
          </>
        )}
      </div>
      <ErrorAlert error={error} />
    </div>
  );
}
