import type { TestProject } from "vitest/node";
import { freePorts } from "../../packages/cli/src/lib/free-ports.ts";
import { originsOf, startDevStack } from "./support/dev-stack.ts";
import { startBrowserFakes } from "./support/fakes.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The dev stack's local state directory, for the CLIs (`MAILROOM_STATE_DIR`). */
    stateDir: string;
    /** Where this run's dev stack listens (free ports, so parallel runs do not collide). */
    webOrigin: string;
    workerOrigin: string;
    /** Base URLs of the browser suite's fake third parties, by name. */
    browserFakes: Record<string, string>;
  }
}

/** One `npm run dev` stack for the whole browser suite, wired to fake third parties. */
export default async function setup(project: TestProject) {
  const [web = 0, worker = 0] = await freePorts(2);
  const ports = { web, worker };
  const { webOrigin, workerOrigin } = originsOf(ports);
  const fakes = await startBrowserFakes(webOrigin);
  const stack = await startDevStack(ports, fakes.settings);
  project.provide("stateDir", stack.stateDir);
  project.provide("webOrigin", webOrigin);
  project.provide("workerOrigin", workerOrigin);
  project.provide("browserFakes", Object.fromEntries(fakes.servers.map((s) => [s.name, s.url])));
  return async () => {
    await stack.stop();
    await Promise.all(fakes.servers.map((s) => s.close()));
  };
}
