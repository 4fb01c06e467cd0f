import type { TestProject } from "vitest/node";
import { startDevStack } from "./support/dev-stack.ts";
import { startBrowserFakes } from "./support/fakes.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The dev stack's local state directory, for the CLIs (`MAILROOM_STATE_DIR`). */
    stateDir: string;
    /** Base URLs of the browser suite's fake third parties, by name. */
    browserFakes: Record<string, string>;
  }
}

/** One `npm run dev` stack for the whole browser suite, wired to fake third parties. */
export default async function setup(project: TestProject) {
  const fakes = await startBrowserFakes();
  const stack = await startDevStack(fakes.settings);
  project.provide("stateDir", stack.stateDir);
  project.provide("browserFakes", Object.fromEntries(fakes.servers.map((s) => [s.name, s.url])));
  return async () => {
    await stack.stop();
    await Promise.all(fakes.servers.map((s) => s.close()));
  };
}
