import type { BotTextKey } from "./texts/index.ts";

/** The bot's commands, in the source spec's order; `setMyCommands` registers them with their words in each language. */
export const botCommands = [
  { command: "start", description: "commandStart" },
  { command: "help", description: "commandHelp" },
  { command: "status", description: "commandStatus" },
  { command: "accounts", description: "commandAccounts" },
  { command: "messages", description: "commandMessages" },
  { command: "pause", description: "commandPause" },
  { command: "resume", description: "commandResume" },
  { command: "test", description: "commandTest" },
] as const satisfies readonly { command: string; description: BotTextKey }[];

export type BotCommandName = (typeof botCommands)[number]["command"];

const names = new Set<string>(botCommands.map((c) => c.command));

export function isBotCommand(name: string): name is BotCommandName {
  return names.has(name);
}
