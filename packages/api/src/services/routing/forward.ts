import type { ForwardOutcome } from "@mailroom/db";
import type { ServiceContext } from "../../context/service-context.ts";

/**
 * Added to every message a mailbox forwards, with the mailbox's id: a message that comes back
 * carrying it (a destination that forwards to us again) is not forwarded a second time. The
 * platform only lets a forward add `X-` headers.
 */
const loopGuardHeader = "X-Mailroom-Forwarded";

/** The part of the platform's message a forward uses. */
export interface Forwardable {
  headers: Headers;
  forward(rcptTo: string, headers?: Headers): Promise<unknown>;
}

const maxErrorChars = 300;

/** The message already went through this mailbox's forwarding (our header names it). */
export function forwardedBefore(message: Pick<Forwardable, "headers">, mailboxId: string): boolean {
  return message.headers.get(loopGuardHeader)?.includes(mailboxId) ?? false;
}

/**
 * Forwards the message to each destination through the platform, all at once, and says what
 * became of each: the platform refuses destinations not verified in its dashboard, and that
 * refusal is kept word for word so the owner can act on it.
 */
export async function forwardToAll(ctx: Pick<ServiceContext, "log">, message: Forwardable, mailboxId: string, destinations: readonly string[]): Promise<ForwardOutcome[]> {
  const outcomes = await Promise.allSettled(destinations.map((to) => message.forward(to, new Headers({ [loopGuardHeader]: mailboxId }))));
  return outcomes.map((outcome, i) => {
    const to = destinations[i] ?? "";
    if (outcome.status === "fulfilled") return { to, status: "forwarded", error: null };
    const error = outcome.reason instanceof Error ? outcome.reason.message : String(outcome.reason);
    ctx.log.warn("a forward was refused", { mailboxId, error });
    return { to, status: "failed", error: error.slice(0, maxErrorChars) || "The platform refused the forward" };
  });
}

/** Outcomes for a message not forwarded again because it carries this mailbox's loop guard. */
export function loopOutcomes(destinations: readonly string[]): ForwardOutcome[] {
  return destinations.map((to) => ({ to, status: "failed", error: "Not forwarded again: this mailbox already forwarded this message (a forwarding loop)" }));
}
