import { startFakeServer, type FakeServer } from "../../support/fake-server.ts";
import { webhookReceiverRoutes } from "../../support/webhook-receiver.ts";
import { telegramFakeRoutes } from "../../worker/support/telegram-fake.ts";
import { startFakeCodehost, startFakeForum } from "../../worker/support/oauth-fakes.ts";
import { oauthSettings } from "../../worker/support/oauth-scenarios.ts";
import { resendEventsTestSecret, resendFakeRoutes, resendTestKey } from "../../worker/support/resend-fake.ts";

export interface BrowserFakes {
  servers: FakeServer[];
  /** Worker settings that point the dev stack at the fakes (written to its env file). */
  settings: Record<string, string>;
}

/**
 * The fake third parties the browser suite's dev stack talks to. Each feature adds its fakes
 * here (OAuth providers, the messenger API) with the settings that select them.
 */
export async function startBrowserFakes(webOrigin: string): Promise<BrowserFakes> {
  const servers: FakeServer[] = [];
  const settings: Record<string, string> = {};
  // Telegram Bot API; no webhook secret, so the local worker admits updates without the header.
  const telegram = await startFakeServer("telegram", telegramFakeRoutes());
  servers.push(telegram);
  Object.assign(settings, { MESSENGER_BOT_TOKEN: "browser-token", MESSENGER_API_BASE_URL: telegram.url, MESSENGER_BOT_USERNAME: "MailroomTestBot" });
  // OAuth providers whose authorize page sends the browser straight back, like a user clicking
  // "Authorize": GitHub as an existing user (7001), the forum as a new user (7002).
  const codehost = await startFakeCodehost("primary-verified~7001");
  const forum = await startFakeForum("sub~7002");
  servers.push(codehost, forum);
  Object.assign(settings, oauthSettings({ codehost: codehost.url, forum: forum.url }, webOrigin));
  // Resend, so users can send; the first recipient picks the fake's answer (anyone plain is accepted).
  const resend = await startFakeServer("resend", resendFakeRoutes());
  servers.push(resend);
  Object.assign(settings, { OUTBOUND_API_KEY: resendTestKey, OUTBOUND_API_BASE_URL: resend.url, OUTBOUND_FROM: "noreply@mail.localhost", OUTBOUND_EVENTS_SECRET: resendEventsTestSecret });
  // A user's webhook receiver on loopback (the local stack allows private targets).
  servers.push(await startFakeServer("receiver", webhookReceiverRoutes()));
  // The web app is served from this run's port, which must be an allowed origin, by address and
  // by name (passkeys need a host name), as wrangler.toml allows both for port 3000.
  settings.CORS_ALLOWED_ORIGINS = `${webOrigin},${webOrigin.replace("127.0.0.1", "localhost")}`;
  return Promise.resolve({ servers, settings });
}
