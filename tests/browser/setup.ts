import { startDevStack } from "./support/dev-stack.ts";

/** One `npm run dev` stack for the whole browser suite. */
export default async function setup() {
  const stack = await startDevStack();
  return stack.stop;
}
