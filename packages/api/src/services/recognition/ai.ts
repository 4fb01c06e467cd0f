// AI fallback for mails the rules cannot read. The model sees a bounded excerpt, must answer
// with JSON, and its answer is kept only when the value really occurs in the message.
import { z } from "zod";
import type { Logger } from "../../context/logger.ts";
import { prepareMail, type PreparedMail } from "./prepare.ts";
import { codeOccurs, linkOccurs } from "./occurs.ts";
import type { RecognitionInput, Recognized } from "./types.ts";

const RECOGNITION_MODEL = "@cf/meta/llama-3.1-8b-instruct-fp8";
const DEFAULT_TIMEOUT_MS = 8_000;
const MAX_BODY_CHARS = 2_500;
const MAX_LINKS = 12;
const MAX_URL_CHARS = 300;

const SYSTEM_PROMPT = [
  "You read one email and find what its recipient must copy or open to verify themselves.",
  'Answer with exactly one JSON object and nothing else: {"kind":"code","value":"<code>"} for a verification code,',
  'one-time password or sign-in code; {"kind":"link","value":"<url>"} for a link that verifies, confirms, activates,',
  'signs in or resets a password; {"kind":"none","value":null} otherwise.',
  "Order numbers, tracking numbers, phone numbers, prices, dates, coupon codes and meeting passcodes are not",
  "verification codes. Copy the value exactly as it appears in the email. Never invent a value.",
].join(" ");

const answerSchema = z.object({
  kind: z.enum(["code", "link", "none"]),
  value: z.string().trim().max(2_048).nullable().optional(),
});

const outputSchema = z.object({ response: z.union([z.string(), z.record(z.string(), z.unknown())]) });

const codeShape = /^[A-Za-z0-9](?:[A-Za-z0-9 -]{2,14})[A-Za-z0-9]$/;

export interface AiRecognitionOptions {
  /** Where a refused or failed answer is reported (message content never is). */
  log: Pick<Logger, "warn">;
  timeoutMs?: number;
}

function excerpt(mail: PreparedMail): string {
  const body = (mail.text.length > 0 ? mail.text : mail.htmlText).slice(0, MAX_BODY_CHARS);
  const links = mail.anchors
    .filter((anchor) => /^https?:\/\//i.test(anchor.href))
    .slice(0, MAX_LINKS)
    .map((anchor) => `- [${anchor.text.slice(0, 80)}] ${anchor.href.slice(0, MAX_URL_CHARS)}`);
  return [`Subject: ${mail.subject}`, "", body, ...(links.length > 0 ? ["", "Links:", ...links] : [])].join("\n");
}

/** The model's reply as an object: either already parsed, or the first JSON object in its text. */
function parseReply(response: string | Record<string, unknown>): unknown {
  if (typeof response !== "string") return response;
  const start = response.indexOf("{");
  const end = response.lastIndexOf("}");
  if (start < 0 || end <= start) return null;
  try {
    return JSON.parse(response.slice(start, end + 1)) as unknown;
  } catch {
    return null;
  }
}

function acceptCode(mail: PreparedMail, code: string): Recognized | null {
  return codeShape.test(code) && codeOccurs(mail, code) ? { kind: "code", value: code } : null;
}

function accept(mail: PreparedMail, reply: unknown, log: Pick<Logger, "warn">): Recognized | null {
  const answer = answerSchema.safeParse(reply);
  if (!answer.success) {
    log.warn("AI recognition answer was not the expected JSON");
    return null;
  }
  if (answer.data.kind === "none") return null;
  const value = answer.data.value ?? "";
  const recognized: Recognized | null =
    answer.data.kind === "code"
      ? acceptCode(mail, value.replace(/\s+/g, ""))
      : /^https?:\/\/\S+$/i.test(value) && linkOccurs(mail, value)
        ? { kind: "link", value }
        : null;
  if (recognized === null) log.warn("AI recognition answer rejected: its value does not occur in the message");
  return recognized;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  const signal = AbortSignal.timeout(ms);
  const timeout = new Promise<never>((_resolve, reject) => {
    signal.addEventListener(
      "abort",
      () => {
        reject(new Error(`AI recognition timed out after ${ms} ms`));
      },
      { once: true },
    );
  });
  return Promise.race([promise, timeout]);
}

export async function recognizeWithAi(ai: Ai, input: RecognitionInput, options: AiRecognitionOptions): Promise<Recognized | null> {
  try {
    const mail = prepareMail(input);
    const output: unknown = await withTimeout(
      ai.run(RECOGNITION_MODEL, {
        messages: [
          { role: "system", content: SYSTEM_PROMPT },
          { role: "user", content: excerpt(mail) },
        ],
        max_tokens: 96,
        temperature: 0,
      }),
      options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    );
    const parsed = outputSchema.safeParse(output);
    if (!parsed.success) {
      options.log.warn("AI recognition answer had no response field");
      return null;
    }
    return accept(mail, parseReply(parsed.data.response), options.log);
  } catch (error) {
    // Message content stays out of logs; only the failure is reported.
    options.log.warn("AI recognition failed", { error: error instanceof Error ? error.message : String(error) });
    return null;
  }
}
