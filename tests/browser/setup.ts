import type { TestProject } from "vitest/node";
import { startDevStack } from "./support/dev-stack.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The dev stack's local state directory, for the CLIs (`MAILROOM_STATE_DIR`). */
    stateDir: string;
  }
}

/** One `npm run dev` stack for the whole browser suite. */
export default async function setup(project: TestProject) {
  const stack = await startDevStack();
  project.provide("stateDir", stack.stateDir);
  return stack.stop;
}
