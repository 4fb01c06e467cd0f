import { mailboxTakesMail, messageIdHeaderExists, type ForwardOutcome } from "@mailroom/db";
import { forgetCachedReads } from "../../context/isolate-cache.ts";
import type { ServiceContext } from "../../context/service-context.ts";
import { dispatchMessageStored, type MessageStoredListener } from "../../events/message-stored.ts";
import { defaultIntakeLimits, formatBytes, truncateChars, truncateUtf8, type IntakeLimits } from "./limits.ts";
import type { DisplayHeader } from "../messages/body.ts";
import { boundHeaderBlock } from "./header-block.ts";
import { clean, parseMessage, type ParsedMessage } from "./parse.ts";
import { readRaw, synthesizeMessageId } from "./raw.ts";
import { intakeTarget, type IntakeTarget } from "./recipient.ts";
import { authenticationFields, readAuthentication, type AuthenticationVerdict } from "./authentication.ts";
import { sendersIn, splitPlusAddress } from "../routing/address.ts";
import { blockingRules, countBlockedMessage } from "../routing/blocklist.ts";
import { catchAllAddress } from "../routing/catch-all.ts";
import { forwardedBefore, forwardToAll, loopOutcomes } from "../routing/forward.ts";
import { getBusinessDefaults } from "../settings/index.ts";
import { aiFallbackApplies, recognizeWithAiFallback, recognizeWithRules } from "./recognize.ts";
import { storeMessage } from "./store.ts";

/**
 * The parts of the platform's `ForwardableEmailMessage` intake uses. `setReject` may answer a
 * promise (it does locally, over RPC); intake waits for it either way.
 */
export type IncomingEmail = Pick<ForwardableEmailMessage, "from" | "to" | "raw" | "rawSize" | "headers"> & {
  setReject: (reason: string) => void | Promise<void>;
  forward: (rcptTo: string, headers?: Headers) => Promise<unknown>;
};

export interface IntakeOptions {
  /** Features that react to stored mail (messenger, webhooks); the transport decides which. */
  listeners: readonly MessageStoredListener[];
  limits?: Partial<IntakeLimits>;
}

export type IntakeResult =
  | { status: "rejected"; reason: string }
  | { status: "duplicate"; messageIdHeader: string }
  | { status: "stored"; id: string; messageIdHeader: string; notice: string | null };

const dayMs = 24 * 60 * 60 * 1000;
const unknownRecipient = "Unknown recipient";
const blockedByOwner = "Message rejected: the recipient has blocked this sender";
const blockedByService = "Message rejected: this mail service has blocked this sender";
const dmarcRejected = "Message rejected: it failed DMARC authentication for the sender's domain";
const displayHeaderNames = ["from", "to", "cc", "date", "subject", "message-id"];

// When the parser gives up, the envelope and the platform's view of the headers are all there is.
function envelopeFallback(message: IncomingEmail, limits: IntakeLimits): ParsedMessage {
  const header = (name: string) => {
    const value = message.headers.get(name);
    return value === null || value.trim() === "" ? null : truncateChars(clean(value).trim(), limits.maxHeaderValueChars);
  };
  const headers: DisplayHeader[] = [];
  for (const name of displayHeaderNames) {
    const value = header(name);
    if (value !== null) headers.push({ name, value });
  }
  return {
    messageId: header("message-id"),
    fromAddress: null,
    fromName: null,
    subject: header("subject"),
    text: null,
    html: null,
    headers,
    attachments: [],
  };
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function reject(message: IncomingEmail, reason = unknownRecipient): Promise<IntakeResult> {
  // Awaited: the platform (and wrangler's local endpoint) answers with the rejection only then.
  await message.setReject(reason);
  return { status: "rejected", reason };
}

/** The mailbox an address reaches: its own (plus tag dropped), else the domain's catch-all. */
async function routeTarget(ctx: ServiceContext, address: ReturnType<typeof splitPlusAddress>, found: IntakeTarget | null): Promise<IntakeTarget | null> {
  if (found) return found;
  const mailboxCap = async () => (await getBusinessDefaults(ctx)).mailboxCap;
  const catchAll = await catchAllAddress(ctx, address.localPart, address.domain, mailboxCap);
  return catchAll === null ? null : intakeTarget(ctx, catchAll);
}

/** The mailbox's forwards, when it has destinations; not again for a message it forwarded before (a loop). */
async function forwardsOf(ctx: ServiceContext, message: IncomingEmail, target: IntakeTarget): Promise<{ outcomes: ForwardOutcome[] | null; duplicate: boolean }> {
  const { forwardTo, recipient } = target;
  if (forwardTo.length === 0) return { outcomes: null, duplicate: false };
  if (forwardedBefore(message, recipient.mailboxId)) return { outcomes: loopOutcomes(forwardTo), duplicate: false };
  // A sender's retry of a stored message must not reach the destinations twice.
  const messageId = message.headers.get("message-id")?.trim();
  if (messageId && (await messageIdHeaderExists(ctx.db, recipient.mailboxId, messageId))) return { outcomes: null, duplicate: true };
  return { outcomes: await forwardToAll(ctx, message, recipient.mailboxId, forwardTo), duplicate: false };
}

function authenticationText(verdict: AuthenticationVerdict): string {
  return `${verdict.spf} ${verdict.dkim} ${verdict.dmarc}`;
}

/**
 * Takes one inbound message from the platform to a stored message: recipient check (one read,
 * kept briefly in the isolate; the plus tag dropped, else the domain's catch-all), the pause and
 * the block rules before anything is read, one read of the raw stream, the authentication verdict
 * and the DMARC policy, forwarding, parse, recognition, storage (the
 * files, then every row in one batch), then the post-intake listeners in the background, which
 * get what intake already knows. A message that cannot be parsed or is too large is still
 * stored with a notice.
 */
export async function receiveEmail(ctx: ServiceContext, message: IncomingEmail, options: IntakeOptions): Promise<IntakeResult> {
  const limits = { ...defaultIntakeLimits, ...options.limits };
  const envelopeTo = message.to.trim().toLowerCase();
  if (envelopeTo === "") return reject(message);
  const address = splitPlusAddress(envelopeTo);
  const target = await routeTarget(ctx, address, await intakeTarget(ctx, address.base));
  // A paused mailbox answers like an unknown one (and its catch-all does not take over).
  if (!target || target.paused) return reject(message);
  const { recipient, features, business, webhooks } = target;
  // Block rules came with the recipient; the senders are checked before the message is read.
  const blocking = blockingRules(target.blockRules, sendersIn(message.from, message.headers.get("from")));
  if (blocking.length > 0) {
    await countBlockedMessage(ctx, blocking.map((rule) => rule.id));
    return reject(message, blocking.some((rule) => !rule.global) ? blockedByOwner : blockedByService);
  }

  const receivedAt = ctx.clock.now();

  const notices: string[] = [];
  const raw = await readRaw(message.raw, message.rawSize, limits.maxRawBytes);
  if (raw.truncated) {
    notices.push(`This message is ${formatBytes(message.rawSize)}, more than the ${formatBytes(limits.maxRawBytes)} that can be kept; only its beginning was stored.`);
  }

  const authentication = readAuthentication(authenticationFields(raw.bytes));
  const dmarcFailed = authentication.dmarc === "fail";
  if (dmarcFailed && business.dmarcFailurePolicy === "reject") return reject(message, dmarcRejected);

  const forwards = await forwardsOf(ctx, message, target);
  if (forwards.duplicate) return { status: "duplicate", messageIdHeader: message.headers.get("message-id")?.trim() ?? "" };
  // Without a forward that went through, the copy is kept whatever the setting: mail is never lost.
  const keepContent = target.keepCopy || !(forwards.outcomes?.some((f) => f.status === "forwarded") ?? false);

  const forParser = boundHeaderBlock(raw.bytes, limits.maxHeaderBlockBytes);
  if (forParser.cut) notices.push(`The message's header block was longer than ${formatBytes(limits.maxHeaderBlockBytes)}; only its beginning was read.`);

  let parsed: ParsedMessage;
  try {
    parsed = await parseMessage(forParser.bytes, limits);
  } catch (error) {
    ctx.log.warn("a message could not be parsed", { mailboxId: recipient.mailboxId, error: errorText(error) });
    parsed = envelopeFallback(message, limits);
    notices.push(
      ctx.stores.attachments
        ? "This message could not be parsed; the raw message is kept."
        : "This message could not be parsed, and without attachment storage the raw message could not be kept.",
    );
  }

  const messageIdHeader = truncateChars(parsed.messageId ?? (await synthesizeMessageId(raw.bytes)), limits.maxMessageIdChars);

  const text = parsed.text === null ? null : truncateUtf8(parsed.text, limits.maxTextBytes);
  const html = parsed.html === null ? null : truncateUtf8(parsed.html, limits.maxHtmlBytes);
  if (text?.truncated) notices.push(`The text body was longer than ${formatBytes(limits.maxTextBytes)} and was cut.`);
  if (html?.truncated) notices.push(`The HTML body was longer than ${formatBytes(limits.maxHtmlBytes)} and was cut.`);
  const attachments = parsed.attachments.slice(0, limits.maxAttachments);
  if (parsed.attachments.length > attachments.length) {
    notices.push(`Only the first ${limits.maxAttachments} of ${parsed.attachments.length} attachments were kept.`);
  }

  // Recognition reads the bodies the parser already decoded, cut to where codes and links live.
  const recognitionInput = {
    subject: parsed.subject,
    text: text ? truncateChars(text.value, limits.maxRecognitionChars) : null,
    html: html ? truncateChars(html.value, limits.maxRecognitionChars) : null,
    from: parsed.fromAddress ?? message.from,
  };
  let recognition = recognizeWithRules(recognitionInput);
  const fallback = { userId: recipient.userId, enabled: features.aiFallback, dailyLimit: business.aiFallbackDaily };
  if (!recognition && aiFallbackApplies(ctx, fallback)) {
    // A copy of a stored message is otherwise caught by the insert; here it would spend an AI unit first.
    if (await messageIdHeaderExists(ctx.db, recipient.mailboxId, messageIdHeader)) return { status: "duplicate", messageIdHeader };
    recognition = await recognizeWithAiFallback(ctx, fallback, recognitionInput);
  }

  const result = await storeMessage(ctx, business.attachmentMaxBytes, {
    recipient,
    envelopeFrom: truncateChars(message.from, limits.maxAddressChars),
    messageIdHeader,
    fromAddress: parsed.fromAddress,
    fromName: parsed.fromName,
    subject: parsed.subject,
    text: text?.value ?? null,
    html: html?.value ?? null,
    headers: parsed.headers,
    size: Math.max(message.rawSize, raw.bytes.byteLength),
    raw: raw.bytes,
    receivedAt,
    expiresAt: new Date(receivedAt.getTime() + business.retentionDays * dayMs),
    recognition,
    attachments,
    notices,
    keepContent,
    plusTag: address.tag,
    deliveredTo: envelopeTo === recipient.address ? null : truncateChars(envelopeTo, limits.maxAddressChars),
    authentication: authenticationText(authentication),
    suspicious: dmarcFailed && business.dmarcFailurePolicy === "flag",
    forwards: forwards.outcomes,
  });
  if (!result.stored) {
    // Either a copy of a stored message, or the mailbox stopped taking mail after it was looked up.
    if (await mailboxTakesMail(ctx.db, recipient.mailboxId, ctx.clock.now())) return { status: "duplicate", messageIdHeader };
    forgetCachedReads();
    return reject(message);
  }

  dispatchMessageStored(
    options.listeners,
    {
      messageId: result.id,
      userId: recipient.userId,
      mailboxId: recipient.mailboxId,
      address: recipient.address,
      fromAddress: parsed.fromAddress,
      fromName: parsed.fromName,
      subject: parsed.subject,
      receivedAt,
      size: message.rawSize,
      attachmentCount: result.attachmentCount,
      recognition,
      notice: result.notice,
      features,
      webhooks,
    },
    ctx,
  );
  return { status: "stored", id: result.id, messageIdHeader, notice: result.notice };
}
