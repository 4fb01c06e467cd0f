import { createInterface } from "node:readline";
import { Writable } from "node:stream";
import { text } from "node:stream/consumers";
import { nodeProcess as process } from "./node-process.ts";

/** Asks on the terminal without echoing what is typed. */
async function ask(question: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write: (chunk: Buffer, _encoding, done) => {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  try {
    return await new Promise<string>((resolve) => {
      rl.question(question, resolve);
      muted = true;
    });
  } finally {
    rl.close();
    process.stdout.write("\n");
  }
}

/**
 * A password that never passes through argv (where `ps` and shell history keep it): from the
 * environment variable, else a prompt on a terminal (typed twice), else the first line of stdin.
 */
export async function readPassword(envName: string): Promise<string> {
  const fromEnv = process.env[envName];
  if (fromEnv) return fromEnv;
  if (process.stdin.isTTY) {
    const first = await ask("Password: ");
    const second = await ask("Repeat the password: ");
    if (first !== second) throw new Error("The two passwords differ.");
    return first;
  }
  return (await text(process.stdin)).split(/\r?\n/)[0] ?? "";
}
