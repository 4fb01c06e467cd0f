import { z } from "zod";
import { maxRecipients } from "../../shared/limits.ts";
import { recipientSchema } from "../../shared/validators.ts";

// One address or a list, as the provider takes them; always a list from here on.
const recipients = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : [v]))
  .pipe(z.array(recipientSchema).max(maxRecipients, { error: `Send to at most ${maxRecipients} recipients in all (to, cc and bcc)` }));

const attachmentSchema = z.object({
  filename: z
    .string()
    .trim()
    .min(1, { error: "Name the file" })
    .max(255, { error: "Use a shorter file name" })
    .refine((v) => !/[\p{Cc}/\\]/u.test(v), { error: "File names cannot contain slashes or control characters" }),
  contentType: z
    .string()
    .trim()
    .max(255)
    .regex(/^[\w.+-]+\/[\w.+-]+$/, { error: "Use a media type like application/pdf" })
    .optional(),
  /** The file's bytes in standard base64. */
  content: z.base64({ error: "Attachment content must be base64" }),
});

/**
 * `outbound.send` (CONTRACT §3a, §8): `{mailboxId, to, subject, text, html?}` plus cc, bcc,
 * attachments, the received message it answers (`inReplyTo`, one of the caller's message ids),
 * an idempotency key, and `from`: `"mailbox"` (default) sends from the mailbox's address,
 * `"service"` from the configured OUTBOUND_FROM with the mailbox as Reply-To.
 */
export const sendInputSchema = z
  .object({
    mailboxId: z.string().min(1).max(64),
    from: z.enum(["mailbox", "service"]).default("mailbox"),
    to: recipients,
    cc: recipients.optional(),
    bcc: recipients.optional(),
    subject: z
      .string()
      .trim()
      .min(1, { error: "Enter a subject" })
      .max(998, { error: "Use a shorter subject" })
      .refine((v) => !/\p{Cc}/u.test(v), { error: "The subject cannot contain line breaks or control characters" }),
    text: z.string().min(1, { error: "Write a message" }),
    html: z.string().min(1).optional(),
    attachments: z.array(attachmentSchema).max(20, { error: "Attach at most 20 files" }).optional(),
    inReplyTo: z.string().min(1).max(64).optional(),
    idempotencyKey: z.string().trim().min(1).max(200).optional(),
  })
  .superRefine((input, ctx) => {
    const count = input.to.length + (input.cc?.length ?? 0) + (input.bcc?.length ?? 0);
    if (input.to.length === 0) ctx.addIssue({ code: "custom", path: ["to"], message: "Add at least one recipient" });
    if (count > maxRecipients) ctx.addIssue({ code: "custom", path: ["to"], message: `Send to at most ${maxRecipients} recipients in all (to, cc and bcc)` });
  });

/**
 * The request body `outbound.send` may have: base64 makes the largest attachment cap the
 * settings allow (25 MiB) about 33.4 MiB, plus room for the JSON around it. The configured cap
 * is checked on the decoded sizes by the service.
 */
export const sendBodyMaxBytes = 36 * 1024 * 1024;

export type SendInput = z.output<typeof sendInputSchema>;
