import { recipientSchema } from "@mailroom/api/shared";

/** What a reply needs from the received message (`messages.get`). */
interface Original {
  id: string;
  mailboxId: string;
  subject: string | null;
  text: string | null;
  from: { address: string; name: string | null };
  headers: { name: string; value: string }[];
  receivedAt: Date;
}

export interface ReplyDraft {
  mailboxId: string;
  to: string;
  subject: string;
  text: string;
  inReplyTo: string;
}

/** The sender asked for answers here (Reply-To), else the From address. */
function replyAddress(original: Original): string {
  const header = original.headers.find((h) => h.name.toLowerCase() === "reply-to")?.value ?? "";
  const candidate = (/<([^<>\s]+)>/.exec(header)?.[1] ?? header.split(",")[0] ?? "").trim();
  return recipientSchema.safeParse(candidate).success ? candidate : original.from.address;
}

/** A reply's pre-filled fields: to, "Re:" subject (not doubled), the original quoted under an attribution line (in the reader's language). */
export function replyDraft(original: Original, quoteHeader: (date: Date, from: string) => string): ReplyDraft {
  const subject = original.subject?.trim() ?? "";
  const from = original.from.name ? `${original.from.name} <${original.from.address}>` : original.from.address;
  const quoted = (original.text ?? "").replace(/\r\n/g, "\n").trimEnd().split("\n").map((line) => (line ? `> ${line}` : ">"));
  return {
    mailboxId: original.mailboxId,
    to: replyAddress(original),
    subject: /^re:/i.test(subject) ? subject : `Re: ${subject}`,
    text: ["", "", quoteHeader(original.receivedAt, from), ...quoted].join("\n"),
    inReplyTo: original.id,
  };
}
