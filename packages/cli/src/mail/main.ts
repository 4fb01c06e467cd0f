import { readFile } from "node:fs/promises";
import { parseMailArgs, usage, UsageError } from "./args.ts";
import { composeMessage } from "./compose.ts";
import { deliverLocally } from "./deliver.ts";
import { nodeProcess as node } from "../lib/node-process.ts";


async function main(argv: string[]): Promise<number> {
  const args = parseMailArgs(argv);
  if (args === null) {
    console.log(usage);
    return 0;
  }
  let raw: Uint8Array;
  if (args.file !== undefined) {
    try {
      raw = await readFile(args.file);
    } catch (error) {
      throw new UsageError(`Cannot read ${args.file}: ${error instanceof Error ? error.message : String(error)}`);
    }
  } else {
    raw = new TextEncoder().encode(composeMessage({ from: args.from, to: args.to, subject: args.subject ?? "", text: args.text ?? "", html: args.html }));
  }
  const result = await deliverLocally(args.url, { from: args.from, to: args.to }, raw);
  if (result.ok) {
    console.log(result.summary);
    return 0;
  }
  console.error(result.summary);
  return 1;
}

main(node.argv.slice(2)).then(
  (code) => node.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? `Error: ${error.message}` : String(error));
    node.exit(error instanceof UsageError ? 2 : 1);
  },
);
