import { findOutboundByIdempotencyKey, findOwnMailbox, insertOutboundOrGetExisting, settleOutbound, type MailboxRow } from "@mailroom/db";
import type { OutboundEmail } from "../../adapters/outbound.ts";
import type { SignedInContext } from "../../context/service-context.ts";
import { AppError } from "../../errors/index.ts";
import { newId } from "../../lib/crypto.ts";
import { enforceRateLimit } from "../auth/rate-limit.ts";
import { formatBytes } from "../intake/limits.ts";
import { getBusinessDefaults, getUserFeatures } from "../settings/index.ts";
import type { SendInput } from "./input.ts";
import { senderFor } from "./providers.ts";
import { releaseOutboundUnit, reserveOutboundUnit } from "./quota.ts";
import { replyHeadersFor } from "./reply.ts";
import { outboundDetail, type AttachmentMeta } from "./view.ts";

const encoder = new TextEncoder();

/** Bytes a standard base64 string decodes to, without decoding it. */
function decodedSize(base64: string): number {
  const padding = base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

/** The mailbox to send from: the caller's own and enabled. Anyone else's (or none) is refused alike. */
async function senderMailbox(ctx: SignedInContext, mailboxId: string): Promise<MailboxRow> {
  const mailbox = await findOwnMailbox(ctx.db, mailboxId, ctx.actor.user.id, ctx.clock.now());
  if (!mailbox) {
    throw new AppError("forbidden", "You can send only from your own mailboxes", { issues: [{ path: "mailboxId", message: "Choose one of your mailboxes" }] });
  }
  if (mailbox.disabled) throw new AppError("forbidden", `${mailbox.address} is disabled`, { issues: [{ path: "mailboxId", message: "This mailbox is disabled" }] });
  return mailbox;
}

/**
 * Sends one mail (CONTRACT §8, §15). Refused before anything is written: the switch is off or no
 * provider sends from the sender's domain (`feature_disabled`), the rate limit, a mailbox that is not the caller's,
 * a mail over the attachment size cap (`payload_too_large`), today's quota used up
 * (`quota_exceeded`). Otherwise one unit of the quota is reserved, the attempt is recorded as
 * `queued`, the provider is called (its Idempotency-Key is the record id), and the record ends
 * `sent` with the provider's id or `failed` with its error text; a refusal gives the unit back.
 * The same `idempotencyKey` again returns the first record and sends nothing.
 */
export async function sendOutbound(ctx: SignedInContext, input: SendInput) {
  const userId = ctx.actor.user.id;
  const [features, defaults] = await Promise.all([getUserFeatures(ctx, userId), getBusinessDefaults(ctx)]);
  if (!features.outbound) throw new AppError("feature_disabled", "Sending mail is switched off for your account");
  await enforceRateLimit(ctx, "outbound");

  const mailbox = await senderMailbox(ctx, input.mailboxId);
  const serviceFrom = ctx.config.outbound.from;
  if (input.from === "service" && !serviceFrom) {
    throw new AppError("validation_failed", "This service has no sender address of its own", { issues: [{ path: "from", message: "Send from your mailbox" }] });
  }
  const attachments = input.attachments ?? [];
  const size =
    encoder.encode(input.text).byteLength + (input.html ? encoder.encode(input.html).byteLength : 0) + attachments.reduce((sum, a) => sum + decodedSize(a.content), 0);
  if (size > defaults.attachmentMaxBytes) {
    throw new AppError("payload_too_large", `The mail is ${formatBytes(size)}; text and attachments together may be at most ${formatBytes(defaults.attachmentMaxBytes)}`);
  }
  const reply = input.inReplyTo ? await replyHeadersFor(ctx, input.inReplyTo) : null;

  // A retry of a send that already has its record answers with that record, before any quota is taken.
  if (input.idempotencyKey) {
    const earlier = await findOutboundByIdempotencyKey(ctx.db, userId, input.idempotencyKey);
    if (earlier) return outboundDetail(earlier);
  }
  const from = input.from === "service" && serviceFrom ? serviceFrom : mailbox.address;
  const { provider, sender } = await senderFor(ctx, from);

  const reservation = await reserveOutboundUnit(ctx, userId, features.outboundDailyQuota ?? defaults.outboundDailyQuota);
  const email: OutboundEmail = {
    from,
    to: input.to,
    cc: input.cc ?? [],
    bcc: input.bcc ?? [],
    replyTo: input.from === "service" ? mailbox.address : null,
    subject: input.subject,
    text: input.text,
    html: input.html ?? null,
    headers: reply ? { "In-Reply-To": reply.inReplyTo, References: reply.references } : {},
    attachments: attachments.map((a) => ({ filename: a.filename, contentType: a.contentType ?? null, contentBase64: a.content })),
  };
  const meta: AttachmentMeta[] = attachments.map((a) => ({ filename: a.filename, contentType: a.contentType ?? null, size: decodedSize(a.content) }));
  const now = ctx.clock.now();
  const { created, record } = await insertOutboundOrGetExisting(ctx.db, {
    id: newId(),
    userId,
    mailboxId: mailbox.id,
    fromAddress: email.from,
    toAddresses: JSON.stringify(email.to),
    ccAddresses: JSON.stringify(email.cc),
    bccAddresses: JSON.stringify(email.bcc),
    replyTo: email.replyTo,
    inReplyTo: reply?.inReplyTo ?? null,
    subject: email.subject,
    textBody: email.text,
    htmlBody: email.html,
    attachments: JSON.stringify(meta),
    idempotencyKey: input.idempotencyKey ?? null,
    provider,
    createdAt: now,
  });
  if (!created) {
    // A concurrent request with the same key recorded (and sends) it first.
    await releaseOutboundUnit(ctx, reservation);
    return outboundDetail(record);
  }

  const answer = await sender.send(email, record.id);
  if (!answer.ok && answer.refused) await releaseOutboundUnit(ctx, reservation);
  if (!answer.ok) ctx.log.warn("outbound mail failed", { outboundId: record.id, provider, refused: answer.refused, error: answer.error });
  const settled = await settleOutbound(
    ctx.db,
    record.id,
    answer.ok ? { status: "sent", providerMessageId: answer.providerMessageId } : { status: "failed", error: answer.error },
    ctx.clock.now(),
  );
  return outboundDetail(settled ?? record);
}
