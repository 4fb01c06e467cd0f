import { findOwnMessage } from "@mailroom/db";
import { z } from "zod";
import type { SignedInContext } from "../../context/service-context.ts";
import { AppError } from "../../errors/index.ts";

const messageIdPattern = /<[^<>\s]{1,500}>/g;
// References keep the thread's newest ids; a long thread must not make the header unbounded.
const maxReferences = 20;
const storedHeaders = z.array(z.object({ name: z.string(), value: z.string() }));

/** The threading headers of a reply (RFC 5322 §3.6.4). */
export interface ReplyHeaders {
  inReplyTo: string;
  references: string;
}

function messageIdsIn(value: string): string[] {
  return value.match(messageIdPattern) ?? [];
}

function referencesOf(headersJson: string): string[] {
  try {
    const headers = storedHeaders.safeParse(JSON.parse(headersJson));
    const value = headers.success ? headers.data.find((h) => h.name.toLowerCase() === "references")?.value : undefined;
    return value ? messageIdsIn(value) : [];
  } catch {
    return [];
  }
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
  const earlier = referencesOf(found.message.headers).filter((id) => id !== original);
  return { inReplyTo: original, references: [...earlier.slice(-(maxReferences - 1)), original].join(" ") };
}
