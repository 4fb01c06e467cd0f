import { base64ToBytes } from "../lib/crypto.ts";
import { sharedFields, type OutboundSender } from "./outbound.ts";

/** The platform's error text, without the binding's stack noise. */
function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.trim() === "" ? "The platform refused the mail" : text.slice(0, 500);
}

/** `Name <name@domain>` as the binding's address object; a bare address as it is. */
function addressOf(text: string): string | EmailAddress {
  const match = /^\s*"?([^"<]*?)"?\s*<([^<>\s]+)>\s*$/.exec(text);
  if (!match?.[2]) return text;
  return match[1] ? { name: match[1], email: match[2] } : match[2];
}

/**
 * The Workers `send_email` binding (provider `platform`, CONTRACT §15), in its structured form.
 * The binding either accepts the mail (and answers its Message-ID) or throws before anything
 * leaves (unverified sender, a refused recipient, too large, over the platform's limits), so a
 * throw is a refusal and the quota unit goes back. It takes no idempotency key: the record's
 * own key (`outbound.send`'s idempotencyKey) is what keeps a retry from sending twice.
 */
export function platformSender(binding: SendEmail): OutboundSender {
  return {
    async send(email) {
      try {
        const result = await binding.send({
          from: addressOf(email.from),
          ...sharedFields(email),
          ...(email.replyTo ? { replyTo: addressOf(email.replyTo) } : {}),
          ...(email.attachments.length > 0
            ? {
                attachments: email.attachments.map((a) => ({
                  disposition: "attachment" as const,
                  filename: a.filename,
                  type: a.contentType ?? "application/octet-stream",
                  content: base64ToBytes(a.contentBase64),
                })),
              }
            : {}),
        });
        return { ok: true, providerMessageId: result.messageId || null };
      } catch (error) {
        return { ok: false, refused: true, error: messageOf(error) };
      }
    },
  };
}
