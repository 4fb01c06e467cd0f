import type { FakeServer } from "../../support/fake-server.ts";

export interface BrowserFakes {
  servers: FakeServer[];
  /** Worker settings that point the dev stack at the fakes (written to its env file). */
  settings: Record<string, string>;
}

/**
 * The fake third parties the browser suite's dev stack talks to. Each feature adds its fakes
 * here (OAuth providers, the messenger API) with the settings that select them.
 */
export async function startBrowserFakes(): Promise<BrowserFakes> {
  const servers: FakeServer[] = [];
  const settings: Record<string, string> = {};
  return Promise.resolve({ servers, settings });
}
