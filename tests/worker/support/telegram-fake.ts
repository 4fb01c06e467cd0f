import type { FakeHandler, RecordedRequest } from "../../support/fake-server.ts";

/**
 * A fake Telegram Bot API (`POST /bot<token>/<method>`), for Node-side global setups only. The
 * token selects the behaviour: ok tokens answer like Telegram does (`slow-token` after
 * `slowAnswerMs`), `blocked-token` answers
 * `ok:false` 403, `500-token` a bare HTTP 500, `429-token` a 429 with `retry_after: 1` on every
 * other call (so one retry succeeds), `slow429-token` always a 429 with `retry_after: 30`,
 * `erroring-token` a webhook info carrying `last_error_message`.
 */
const telegramOkTokens = ["good-token", "admin-token", "notify-token", "browser-token", "erroring-token", "slow-token"] as const;
const slowAnswerMs = 2000;
const telegramMethods = ["getMe", "sendMessage", "setWebhook", "getWebhookInfo", "deleteWebhook", "setMyCommands", "setChatMenuButton"] as const;
const failingTokens = ["blocked-token", "500-token", "429-token", "slow429-token"] as const;

function bodyOf(request: RecordedRequest): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(request.body);
    return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function telegramFakeRoutes(): Record<string, FakeHandler> {
  const webhookUrls = new Map<string, string>();
  const calls = new Map<string, number>();
  const ok = (result: unknown) => ({ body: { ok: true, result } });

  const okMethod = (token: string, method: string): FakeHandler => async (request) => {
    if (token === "slow-token") await new Promise((resolve) => setTimeout(resolve, slowAnswerMs));
    const body = bodyOf(request);
    switch (method) {
      case "getMe":
        return ok({ id: 4242, is_bot: true, first_name: "Mailroom", username: "MailroomTestBot" });
      case "sendMessage":
        return ok({ message_id: request.at % 100000, date: Math.floor(request.at / 1000), chat: { id: body.chat_id }, text: body.text });
      case "setWebhook":
        webhookUrls.set(token, typeof body.url === "string" ? body.url : "");
        return { body: { ok: true, result: true, description: "Webhook was set" } };
      case "deleteWebhook":
        webhookUrls.delete(token);
        return { body: { ok: true, result: true, description: "Webhook was deleted" } };
      case "getWebhookInfo":
        return ok({
          url: webhookUrls.get(token) ?? "",
          has_custom_certificate: false,
          pending_update_count: 0,
          ...(token === "erroring-token" ? { last_error_date: 1_780_000_000, last_error_message: "Wrong response from the webhook: 401 Unauthorized" } : {}),
        });
      default:
        return ok(true);
    }
  };

  const failingMethod = (token: (typeof failingTokens)[number]): FakeHandler => () => {
    if (token === "blocked-token") return { status: 403, body: { ok: false, error_code: 403, description: "Forbidden: bot was blocked by the user" } };
    if (token === "500-token") return { status: 500, body: "Internal Server Error" };
    const tooMany = (seconds: number) => ({
      status: 429,
      body: { ok: false, error_code: 429, description: `Too Many Requests: retry after ${seconds}`, parameters: { retry_after: seconds } },
    });
    if (token === "slow429-token") return tooMany(30);
    const n = (calls.get(token) ?? 0) + 1;
    calls.set(token, n);
    return n % 2 === 1 ? tooMany(1) : { body: { ok: true, result: { message_id: n, chat: { id: 0 }, date: 0 } } };
  };

  const routes: Record<string, FakeHandler> = {};
  for (const method of telegramMethods) {
    for (const token of telegramOkTokens) routes[`POST /bot${token}/${method}`] = okMethod(token, method);
    for (const token of failingTokens) routes[`POST /bot${token}/${method}`] = failingMethod(token);
  }
  return routes;
}
