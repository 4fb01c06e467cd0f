import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import type { Vars } from "@mailroom/config";
import { inject } from "vitest";
import worker from "../../../apps/worker/src/index.ts";
import { callWorker, env, origin } from "./call-worker.ts";

export const botUsername = "MailroomTestBot";

/** Settings that point the worker at the fake Bot API with the given token (which picks its behaviour). */
export function telegramSettings(token: string | undefined, extra: Vars = {}): Vars {
  return {
    MESSENGER_BOT_TOKEN: token,
    MESSENGER_API_BASE_URL: inject("fakes").telegram,
    MESSENGER_BOT_USERNAME: botUsername,
    MESSENGER_WEBHOOK_SECRET: undefined,
    ...extra,
  };
}

export interface TelegramCall {
  token: string;
  method: string;
  body: Record<string, unknown>;
  at: number;
}

/** Every Bot API call the fake has recorded since `since` (ms), optionally of one token and method. */
export async function telegramCalls(filter: { since?: number; token?: string; method?: string; chatId?: string } = {}): Promise<TelegramCall[]> {
  const res = await fetch(`${inject("fakes").telegram}/__requests`);
  const recorded = await res.json<{ method: string; path: string; body: string; at: number }[]>();
  return recorded
    .map((r) => {
      const [, token = "", method = ""] = /^\/bot([^/]+)\/(.+)$/.exec(r.path) ?? [];
      return { token, method, body: JSON.parse(r.body || "{}") as Record<string, unknown>, at: r.at };
    })
    .filter((c) => (filter.since === undefined || c.at >= filter.since) && (filter.token === undefined || c.token === filter.token))
    .filter((c) => (filter.method === undefined || c.method === filter.method) && (filter.chatId === undefined || String(c.body.chat_id) === filter.chatId));
}

/** The texts the bot sent to one chat, oldest first. */
export async function sentTexts(chatId: string, since?: number): Promise<string[]> {
  return (await telegramCalls({ chatId, method: "sendMessage", ...(since === undefined ? {} : { since }) })).map((c) => String(c.body.text));
}

let chatCounter = 0;

/** A chat id no other test uses (as Telegram's numeric ids). */
export function newChatId(): number {
  chatCounter += 1;
  return 7_000_000 + Math.floor(Math.random() * 1_000_000) * 100 + chatCounter;
}

let updateCounter = 0;

export function textUpdate(chatId: number, text: string, options: { kind?: "message" | "channel_post"; type?: string; title?: string; languageCode?: string } = {}) {
  updateCounter += 1;
  const type = options.type ?? (options.kind === "channel_post" ? "channel" : "private");
  return {
    update_id: 100_000 + updateCounter,
    [options.kind ?? "message"]: {
      message_id: updateCounter,
      date: Math.floor(Date.now() / 1000),
      chat: type === "private" ? { id: chatId, type, first_name: "Ada", username: "ada" } : { id: chatId, type, title: options.title ?? "Team room" },
      ...(type === "private" ? { from: { id: chatId, is_bot: false, first_name: "Ada", ...(options.languageCode ? { language_code: options.languageCode } : {}) } } : {}),
      text,
    },
  };
}

/** POSTs an update to the webhook as Telegram would. */
export function postUpdate(update: unknown, settings: Vars, headers: Record<string, string> = {}): Promise<Response> {
  return callWorker(
    "/api/messenger/webhook",
    { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body: typeof update === "string" ? update : JSON.stringify(update) },
    settings,
  );
}

/**
 * `postUpdate` that tells apart the webhook's answer and the work it left to `waitUntil`:
 * `answeredInMs` is how long the answer took, `settled` resolves when the background work is done.
 */
export async function postUpdateTimed(update: unknown, settings: Vars): Promise<{ response: Response; answeredInMs: number; settled: Promise<void> }> {
  const ctx = createExecutionContext();
  const started = Date.now();
  const request = new Request(new URL("/api/messenger/webhook", origin), { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(update) });
  const response = await worker.fetch(request, { ...env, ...settings }, ctx);
  return { response, answeredInMs: Date.now() - started, settled: waitOnExecutionContext(ctx) };
}
