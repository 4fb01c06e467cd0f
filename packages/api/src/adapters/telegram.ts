import { z } from "zod";

/** Where the Bot API lives and which bot speaks: `<apiBaseUrl>/bot<token>/<method>`. */
export interface TelegramBot {
  apiBaseUrl: string;
  token: string;
}

export type TelegramAnswer =
  | { ok: true; result: unknown }
  | {
      ok: false;
      /** The HTTP status, or 0 when no answer arrived (network failure, timeout). */
      status: number;
      errorCode: number | null;
      description: string;
      /** Seconds the platform asks us to wait (429 answers). */
      retryAfter: number | null;
    };

const answerSchema = z.object({
  ok: z.boolean(),
  result: z.unknown().optional(),
  description: z.string().optional(),
  error_code: z.number().optional(),
  parameters: z.object({ retry_after: z.number().optional() }).loose().optional(),
});

const defaultTimeoutMs = 10_000;

/**
 * One Bot API call: POST JSON to `<base>/bot<token>/<method>` and the parsed
 * `{ok, result, description, error_code, parameters}`. It never throws: network failures,
 * timeouts and answers that are not Bot API JSON come back as `ok: false` with a description.
 */
export async function callTelegram(bot: TelegramBot, method: string, body: object, timeoutMs = defaultTimeoutMs): Promise<TelegramAnswer> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(`${bot.apiBaseUrl}/bot${bot.token}/${method}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    // Inside the try: the timeout also covers the body, and a connection can drop while it streams.
    text = await response.text();
  } catch (error) {
    const reason = error instanceof Error && error.name === "TimeoutError" ? `no answer within ${timeoutMs} ms` : "the request failed";
    return { ok: false, status: 0, errorCode: null, description: `Telegram could not be reached (${reason})`, retryAfter: null };
  }
  let parsed: z.infer<typeof answerSchema> | undefined;
  try {
    const result = answerSchema.safeParse(JSON.parse(text));
    parsed = result.success ? result.data : undefined;
  } catch {
    parsed = undefined;
  }
  if (parsed?.ok === true && response.ok) return { ok: true, result: parsed.result ?? null };
  return {
    ok: false,
    status: response.status,
    errorCode: parsed?.error_code ?? (response.ok ? null : response.status),
    description: parsed?.description ?? `Telegram answered HTTP ${response.status}`,
    retryAfter: parsed?.parameters?.retry_after ?? null,
  };
}
