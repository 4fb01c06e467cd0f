import type { TestProject } from "vitest/node";
import { readMimeFixtures } from "../../fixtures/mime/load.ts";
import { startFakeServer, type FakeServer } from "../../support/fake-server.ts";
import { closedPortUrl, webhookReceiverRoutes } from "../../support/webhook-receiver.ts";
import { telegramFakeRoutes } from "../support/telegram-fake.ts";
import { startFakeCodehost, startFakeForum } from "../support/oauth-fakes.ts";
import { resendFakeRoutes } from "../support/resend-fake.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** Base URLs of the fake third parties, by name. */
    fakes: Record<string, string>;
  }
}

/**
 * Starts the fake third parties once for the whole worker suite (they run in Node, next to
 * workerd) and hands their loopback URLs to the tests through `inject("fakes")`.
 */
export default async function setup(project: TestProject) {
  const servers: FakeServer[] = [
    await startFakeServer("echo", {
      "POST /echo": (req) => ({ body: { received: req.body, contentType: req.headers["content-type"] } }),
    }),
    // Binary fixtures cannot be imported into workerd byte for byte; tests fetch them from here.
    await startFakeServer("fixtures", { "GET /mime": () => ({ body: readMimeFixtures() }) }),
    await startFakeServer("telegram", telegramFakeRoutes()),
    // OAuth providers (GitHub and the forum), scenario-driven by the authorization code.
    await startFakeCodehost(),
    await startFakeForum(),
    // Resend, scenario-driven by the first recipient.
    await startFakeServer("resend", resendFakeRoutes()),
    // A user's webhook receiver: scenario routes and a Standard Webhooks verifier.
    await startFakeServer("receiver", webhookReceiverRoutes()),
  ];
  project.provide("fakes", { ...Object.fromEntries(servers.map((s) => [s.name, s.url])), closed: await closedPortUrl() });
  return async () => {
    await Promise.all(servers.map((s) => s.close()));
  };
}
