import type { OutboundRow } from "@mailroom/db";
import { z } from "zod";

const addressList = z.array(z.string());
const attachmentList = z.array(z.object({ filename: z.string(), contentType: z.string().nullable(), size: z.number() }));

export type AttachmentMeta = z.output<typeof attachmentList>[number];

function parsed<T>(schema: z.ZodType<T>, json: string, fallback: T): T {
  try {
    const result = schema.safeParse(JSON.parse(json));
    return result.success ? result.data : fallback;
  } catch {
    return fallback;
  }
}

/** An outbound record as lists show it: no bodies, a short preview. */
export function outboundSummary(row: OutboundRow) {
  return {
    id: row.id,
    status: row.status,
    mailboxId: row.mailboxId,
    from: row.fromAddress,
    to: parsed(addressList, row.toAddresses, []),
    cc: parsed(addressList, row.ccAddresses, []),
    bcc: parsed(addressList, row.bccAddresses, []),
    replyTo: row.replyTo,
    inReplyTo: row.inReplyTo,
    subject: row.subject,
    preview: row.textBody.replace(/\s+/g, " ").trim().slice(0, 160),
    attachments: parsed(attachmentList, row.attachments, []),
    /** Which provider took it (`resend` for records from before providers could be chosen). */
    provider: row.provider ?? "resend",
    providerMessageId: row.providerMessageId,
    /** The provider's error text (or what went wrong on the way) when the status is `failed`. */
    error: row.error,
    /** Why a provider event set the status: a bounce's or failure's text (CONTRACT §15). */
    statusReason: row.statusReason,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** One outbound record in full. */
export function outboundDetail(row: OutboundRow) {
  return { ...outboundSummary(row), text: row.textBody, html: row.htmlBody };
}
