import { parseArgs, type ParseArgsConfig } from "node:util";
import { nodeProcess as process } from "./node-process.ts";

/** A mistake in how the command was called; the command exits with 2. */
export class UsageError extends Error {}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** `parseArgs`, with an unknown or malformed option reported as a UsageError that shows the usage. */
export function parseCommandLine<T extends ParseArgsConfig>(config: T, usage: string): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (error) {
    throw new UsageError(`${messageOf(error)}\n\n${usage}`);
  }
}

/** Runs a command and exits with the code it returns: 2 when it throws a UsageError, 1 for any other error. */
export function runMain(main: () => number | Promise<number>): void {
  Promise.resolve()
    .then(main)
    .then(
      (code) => process.exit(code),
      (error: unknown) => {
        console.error(`Error: ${messageOf(error)}`);
        process.exit(error instanceof UsageError ? 2 : 1);
      },
    );
}
