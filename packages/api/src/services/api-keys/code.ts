import { findNewestRecognizedMessage, type MessageListRow } from "@mailroom/db";
import type { SignedInContext } from "../../context/service-context.ts";
import { requireOwnMailbox } from "../mailboxes/manage.ts";

/** A code or link picked out of a message, as the wait-for-code call answers it. */
interface FoundCode {
  kind: "code" | "link";
  value: string;
  source: "rules" | "ai";
  messageId: string;
  receivedAt: Date;
}

const pollIntervalMs = 1000;

function foundCode(row: MessageListRow): FoundCode | null {
  if (row.recognitionKind === "none" || row.recognitionValue === null) return null;
  return { kind: row.recognitionKind, value: row.recognitionValue, source: row.recognitionSource ?? "rules", messageId: row.id, receivedAt: row.receivedAt };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** What the wait is for: a code, a link, or whichever comes first. */
type CodeKind = "code" | "link" | "any";

/**
 * The newest code or link of the user's mailbox received after `since` (default: now), waiting
 * up to `waitSeconds` for one. While it waits it polls one indexed query once a second, so one
 * call makes at most `waitSeconds + 1` small reads and uses no CPU between them. Null: none came.
 */
export async function waitForCode(
  ctx: SignedInContext,
  mailboxId: string,
  options: { waitSeconds: number; since?: Date | undefined; kind?: CodeKind | undefined },
): Promise<FoundCode | null> {
  await requireOwnMailbox(ctx, mailboxId);
  const since = options.since ?? ctx.clock.now();
  const kinds = options.kind === undefined || options.kind === "any" ? undefined : [options.kind];
  for (let poll = 0; ; poll++) {
    const row = await findNewestRecognizedMessage(ctx.db, ctx.actor.user.id, mailboxId, since, kinds);
    const found = row ? foundCode(row) : null;
    if (found || poll >= options.waitSeconds * (1000 / pollIntervalMs)) return found;
    await sleep(pollIntervalMs);
  }
}
