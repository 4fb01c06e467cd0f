import { readFile } from "node:fs/promises";
import { messageOf, runMain, UsageError } from "../lib/cli.ts";
import { nodeProcess as process } from "../lib/node-process.ts";
import { parseMailArgs, usage } from "./args.ts";
import { composeMessage } from "./compose.ts";
import { deliverLocally } from "./deliver.ts";

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
      throw new UsageError(`Cannot read ${args.file}: ${messageOf(error)}`);
    }
  } else {
    raw = new TextEncoder().encode(composeMessage({ from: args.from.address, fromName: args.from.name, to: args.to, subject: args.subject ?? "", text: args.text ?? "", html: args.html }));
  }
  const result = await deliverLocally(args.url, { from: args.from.address, to: args.to }, raw);
  if (result.ok) {
    console.log(result.summary);
    return 0;
  }
  console.error(result.summary);
  return 1;
}

runMain(() => main(process.argv.slice(2)));
