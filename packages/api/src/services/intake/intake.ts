import { mailboxTakesMail, messageIdHeaderExists } from "@mailroom/db";
import { forgetCachedReads } from "../../context/isolate-cache.ts";
import type { ServiceContext } from "../../context/service-context.ts";
import { dispatchMessageStored, type MessageStoredListener } from "../../events/message-stored.ts";
import { defaultIntakeLimits, formatBytes, truncateChars, truncateUtf8, type IntakeLimits } from "./limits.ts";
import type { DisplayHeader } from "../messages/body.ts";
import { boundHeaderBlock } from "./header-block.ts";
import { clean, parseMessage, type ParsedMessage } from "./parse.ts";
import { readRaw, synthesizeMessageId } from "./raw.ts";
import { intakeTarget } from "./recipient.ts";
import { aiFallbackApplies, recognizeWithAiFallback, recognizeWithRules } from "./recognize.ts";
import { storeMessage } from "./store.ts";

/**
 * The parts of the platform's `ForwardableEmailMessage` intake uses. `setReject` may answer a
 * promise (it does locally, over RPC); intake waits for it either way.
 */
export type IncomingEmail = Pick<ForwardableEmailMessage, "from" | "to" | "raw" | "rawSize" | "headers"> & {
  setReject: (reason: string) => void | Promise<void>;
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

async function reject(message: IncomingEmail): Promise<IntakeResult> {
  // Awaited: the platform (and wrangler's local endpoint) answers with the rejection only then.
  await message.setReject(unknownRecipient);
  return { status: "rejected", reason: unknownRecipient };
}

/**
 * Takes one inbound message from the platform to a stored message: recipient check (one read,
 * kept briefly in the isolate), one read of the raw stream, parse, recognition, storage (the
 * files, then every row in one batch), then the post-intake listeners in the background, which
 * get what intake already knows. A message that cannot be parsed or is too large is still
 * stored with a notice.
 */
export async function receiveEmail(ctx: ServiceContext, message: IncomingEmail, options: IntakeOptions): Promise<IntakeResult> {
  const limits = { ...defaultIntakeLimits, ...options.limits };
  const envelopeTo = message.to.trim().toLowerCase();
  const target = envelopeTo === "" ? null : await intakeTarget(ctx, envelopeTo);
  if (!target) return reject(message);
  const { recipient, features, business, webhooks } = target;

  const receivedAt = ctx.clock.now();

  const notices: string[] = [];
  const raw = await readRaw(message.raw, message.rawSize, limits.maxRawBytes);
  if (raw.truncated) {
    notices.push(`This message is ${formatBytes(message.rawSize)}, more than the ${formatBytes(limits.maxRawBytes)} that can be kept; only its beginning was stored.`);
  }

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
