import { cursorSchema, localPartSchema, mailboxRoutingFields } from "@mailroom/api";
import { z } from "@hono/zod-openapi";

// The wire shapes of API v1 (CONTRACT §10a). Dates travel as ISO 8601 strings.

const dateTime = z.iso.datetime();
const id = z.string().min(1).max(64);

export const idParam = (name: string) => z.object({ id: id.openapi({ param: { name, in: "path" }, example: "3f0c2a9e-6d1b-4e55-9a43-1b2c3d4e5f60" }) });

/** What a new mailbox may ask for (REST's body, and the MCP tool's arguments). */
export const createMailboxBodySchema = z.object({
  localPart: localPartSchema.optional().openapi({ description: "Leave out for a random one", example: "signup-test" }),
  domain: z.string().trim().toLowerCase().max(253).optional().openapi({ description: "One of your domains; the default one when left out" }),
  expiresInHours: z.int().min(1).max(8760).optional().openapi({ description: "Delete the mailbox with its mail this many hours from now; left out: kept until deleted", example: 1 }),
});

/** One page of a mailbox's messages. */
export const messagePageFields = {
  limit: z.coerce.number().int().min(1).max(100).default(30).openapi({ example: 30 }),
  cursor: cursorSchema.optional().openapi({ type: "string", description: "`nextCursor` of the previous page" }),
};

const errorSchema = z
  .object({
    ok: z.literal(false),
    error: z.object({
      code: z.string().openapi({ example: "not_found" }),
      message: z.string().openapi({ example: "No such mailbox" }),
      requestId: z.string().openapi({ example: "8f2a7c1de4b03a91" }),
      issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    }),
  })
  .openapi("Error");

export const mailboxSchema = z
  .object({
    id,
    address: z.string().openapi({ example: "k3v9q2m7xa@mail.example.com" }),
    localPart: z.string(),
    domain: z.string(),
    disabled: z.boolean(),
    createdAt: dateTime,
    expiresAt: dateTime.nullable().openapi({ description: "When the mailbox and its mail go; null: kept until deleted" }),
    unread: z.int().optional(),
    forwardTo: z.array(z.string()).openapi({ description: "Where new mail is forwarded too (0–5 addresses, each verified as a destination on the platform)" }),
    keepCopy: z.boolean().openapi({ description: "With forwarding: whether the message is also kept here" }),
    paused: z.boolean().openapi({ description: "A paused mailbox rejects new mail like an unknown address and keeps what it has" }),
  })
  .openapi("Mailbox");

/** A change to a mailbox's routing: the fields given change. */
export const mailboxRoutingBodySchema = z
  .object({
    forwardTo: mailboxRoutingFields.forwardTo.optional().openapi({ description: "0–5 addresses; an empty list stops forwarding", example: ["me@example.net"] }),
    keepCopy: mailboxRoutingFields.keepCopy,
    paused: mailboxRoutingFields.paused,
  })
  .strict();

const recognitionSchema = z
  .object({
    kind: z.enum(["code", "link", "none"]),
    value: z.string().nullable().openapi({ example: "482913" }),
    source: z.enum(["rules", "ai"]),
  })
  .openapi("Recognition");

export const messageSummarySchema = z
  .object({
    id,
    mailboxId: id,
    mailboxAddress: z.string(),
    from: z.object({ address: z.string(), name: z.string().nullable() }),
    to: z.string(),
    subject: z.string().nullable().openapi({ example: "Your verification code" }),
    preview: z.string(),
    receivedAt: dateTime,
    read: z.boolean(),
    recognition: recognitionSchema,
    tag: z.string().nullable().openapi({ description: "The plus tag of the address it was sent to (`box+tag@domain`)", example: "shop" }),
    deliveredTo: z.string().openapi({ description: "The address it was sent to (with its tag, or an address a catch-all took)" }),
    suspicious: z.boolean().openapi({ description: "Flagged by the DMARC-failure policy" }),
  })
  .openapi("MessageSummary");

const authResult = z.enum(["pass", "fail", "softfail", "neutral", "none", "temperror", "permerror", "unknown"]);

export const messageSchema = messageSummarySchema
  .extend({
    envelopeFrom: z.string(),
    text: z.string().nullable(),
    html: z.string().nullable(),
    headers: z.array(z.object({ name: z.string(), value: z.string() })),
    size: z.int(),
    notice: z.string().nullable(),
    rawAvailable: z.boolean(),
    expiresAt: dateTime,
    authentication: z.object({ spf: authResult, dkim: authResult, dmarc: authResult }).openapi({ description: "Read from the headers the platform adds; unknown for mail stored before they were read" }),
    forwards: z.array(z.object({ to: z.string(), status: z.enum(["forwarded", "failed"]), error: z.string().nullable() })).openapi({ description: "Each forward of the message and what became of it" }),
    attachments: z.array(
      z.object({
        id,
        filename: z.string(),
        contentType: z.string().nullable(),
        size: z.int(),
        available: z.boolean(),
        unavailableReason: z.string().nullable(),
        downloadUrl: z.url().openapi({ description: "Where the file downloads with your key (`GET /api/v1/messages/{id}/attachments/{attachmentId}`)" }),
      }),
    ),
  })
  .openapi("Message");

export const codeSchema = z
  .object({
    kind: z.enum(["code", "link"]),
    value: z.string().openapi({ example: "482913" }),
    source: z.enum(["rules", "ai"]),
    messageId: id,
    receivedAt: dateTime,
  })
  .openapi("Code");

export const outboundSchema = z
  .object({
    id,
    status: z.enum(["queued", "sent", "failed", "delivered", "delayed", "bounced", "complained"]).openapi({ example: "sent", description: "`queued` → `sent` | `failed`; then from the provider's events `delivered`, `delayed`, `bounced`, `complained` (the last two final)" }),
    mailboxId: id.nullable(),
    from: z.string(),
    to: z.array(z.string()),
    subject: z.string(),
    provider: z.enum(["platform", "resend"]).openapi({ description: "Which provider took the mail" }),
    providerMessageId: z.string().nullable(),
    error: z.string().nullable(),
    statusReason: z.string().nullable().openapi({ description: "Why a provider event set the status (a bounce's text)" }),
    createdAt: dateTime,
  })
  .loose()
  .openapi("OutboundRecord");

const errorResponse = (description: string) => ({ description, content: { "application/json": { schema: errorSchema } } });

/** The error answers every key-authenticated route can give. */
export const commonErrors = {
  400: errorResponse("The request is malformed (`validation_failed`, with the field issues)"),
  401: errorResponse("No API key, or an unknown, revoked or expired one (`unauthorized`)"),
  429: errorResponse("Today's API-call quota is used up (`quota_exceeded`, with `Retry-After`), or too many wrong keys (`rate_limited`)"),
  500: errorResponse("Something failed on our side (`internal`)"),
} as const;

export const notFound = { 404: errorResponse("No such resource among the key owner's (`not_found`)") } as const;
export { errorResponse };

/** Headers on every answer to a call made with a key. */
export const rateLimitHeaders = z.object({
  "RateLimit-Limit": z.string().openapi({ description: "The owner's daily API-call quota", example: "1000" }),
  "RateLimit-Remaining": z.string().openapi({ description: "Calls left today (UTC)", example: "877" }),
  "RateLimit-Reset": z.string().openapi({ description: "Seconds until the count starts again (next 00:00 UTC)", example: "40213" }),
});
