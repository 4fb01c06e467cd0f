import { findOwnMessage } from "@mailroom/db";
import type { SignedInContext } from "../../context/service-context.ts";
import { AppError } from "../../errors/index.ts";
import { loadBody, type DisplayHeader } from "../messages/body.ts";

const messageIdPattern = /<[^<>\s]{1,500}>/g;
// References keep the thread's newest ids; a long thread must not make the header unbounded.
const maxReferences = 20;

/** The threading headers of a reply (RFC 5322 §3.6.4). */
export interface ReplyHeaders {
  inReplyTo: string;
  references: string;
}

function messageIdsIn(value: string): string[] {
  return value.match(messageIdPattern) ?? [];
}

function referencesOf(headers: DisplayHeader[]): string[] {
  const value = headers.find((h) => h.name.toLowerCase() === "references")?.value;
  return value ? messageIdsIn(value) : [];
}

/**
 * The In-Reply-To and References of a reply to one of the caller's received messages (`not_found`
 * for anyone else's). Null when the original has no usable Message-ID: mail that arrived without
 * one got a stand-in under the reserved `.invalid` domain, which no one else can thread on.
 */
export async function replyHeadersFor(ctx: SignedInContext, messageId: string): Promise<ReplyHeaders | null> {
  const found = await findOwnMessage(ctx.db, messageId, ctx.actor.user.id);
  if (!found) throw new AppError("not_found", "The message you are replying to does not exist", { issues: [{ path: "inReplyTo", message: "No such message" }] });
  const stored = found.message.messageIdHeader.trim();
  // Some senders leave out the angle brackets; the header needs them.
  const original = messageIdsIn(stored)[0] ?? (/^[^<>\s]{1,500}@[^<>\s]+$/.test(stored) ? `<${stored}>` : undefined);
  if (!original || /\.invalid>$/i.test(original)) return null;
  const { headers } = await loadBody(ctx, found.message);
  const earlier = referencesOf(headers).filter((id) => id !== original);
  return { inReplyTo: original, references: [...earlier.slice(-(maxReferences - 1)), original].join(" ") };
}
