import { Resend } from "resend";

/** One mail as the outbound provider takes it (Resend's `POST /emails` body). */
export interface OutboundEmail {
  from: string;
  to: string[];
  cc: string[];
  bcc: string[];
  replyTo: string | null;
  subject: string;
  text: string;
  html: string | null;
  /** Extra mail headers (In-Reply-To, References). */
  headers: Record<string, string>;
  attachments: { filename: string; contentType: string | null; contentBase64: string }[];
}

type OutboundAnswer =
  | { ok: true; providerMessageId: string | null }
  | {
      ok: false;
      /** True when the provider answered and refused; false when no answer came (the mail may have gone out). */
      refused: boolean;
      /** The provider's own message text, or what went wrong on the way. */
      error: string;
    };

/** The configured outbound provider: sends one mail and never throws for what the provider answers. */
export interface OutboundSender {
  send(email: OutboundEmail, idempotencyKey: string): Promise<OutboundAnswer>;
}

/** What both providers take under the same names, each field only when it says something. */
export function sharedFields(email: OutboundEmail) {
  return {
    to: email.to,
    ...(email.cc.length > 0 ? { cc: email.cc } : {}),
    ...(email.bcc.length > 0 ? { bcc: email.bcc } : {}),
    subject: email.subject,
    text: email.text,
    ...(email.html ? { html: email.html } : {}),
    ...(Object.keys(email.headers).length > 0 ? { headers: email.headers } : {}),
  };
}

// A stuck provider must not hold the send (and the worker) open indefinitely.
const defaultTimeoutMs = 15_000;

function textOf(value: unknown): string | null {
  return typeof value === "string" && value.trim() !== "" ? value : null;
}

/**
 * Resend through its official SDK, pointed at `OUTBOUND_API_BASE_URL`. The SDK turns every
 * failure into an `error` value: the provider's JSON error (its `message` is kept as the error
 * text), or a generic one with `statusCode: null` when no answer came; our own abort signal
 * tells a timeout apart.
 */
export function resendSender(options: { apiKey: string; baseUrl: string; timeoutMs?: number }): OutboundSender {
  const client = new Resend(options.apiKey, { baseUrl: options.baseUrl });
  const timeoutMs = options.timeoutMs ?? defaultTimeoutMs;
  return {
    async send(email, idempotencyKey) {
      const signal = AbortSignal.timeout(timeoutMs);
      const answer = await client.emails.send(
        {
          from: email.from,
          ...sharedFields(email),
          ...(email.replyTo ? { replyTo: email.replyTo } : {}),
          ...(email.attachments.length > 0
            ? {
                attachments: email.attachments.map((a) => ({
                  filename: a.filename,
                  content: a.contentBase64,
                  ...(a.contentType ? { contentType: a.contentType } : {}),
                })),
              }
            : {}),
        },
        { idempotencyKey, signal },
      );
      if (answer.error) {
        if (signal.aborted) return { ok: false, refused: false, error: `The mail provider did not answer within ${timeoutMs / 1000} s; the mail may or may not have gone out` };
        // The SDK's statusCode is null exactly when no answer arrived.
        const answered = (answer.error.statusCode as number | null | undefined) !== null;
        return { ok: false, refused: answered, error: textOf(answer.error.message) ?? (answered ? "The mail provider refused the mail" : "The mail provider could not be reached") };
      }
      return { ok: true, providerMessageId: textOf((answer.data as { id?: unknown } | null)?.id) };
    },
  };
}
