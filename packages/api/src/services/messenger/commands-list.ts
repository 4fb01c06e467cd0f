/** The bot's commands, in the source spec's order and words; `setMyCommands` registers them as they are. */
export const botCommands = [
  { command: "start", description: "Bind using a one-time binding code" },
  { command: "help", description: "List commands" },
  { command: "status", description: "Show account and mail status" },
  { command: "accounts", description: "Show recent mailbox accounts" },
  { command: "messages", description: "Show recent messages" },
  { command: "pause", description: "Pause notifications" },
  { command: "resume", description: "Resume notifications" },
  { command: "test", description: "Send a test notification" },
] as const;

export type BotCommandName = (typeof botCommands)[number]["command"];

const names = new Set<string>(botCommands.map((c) => c.command));

export function isBotCommand(name: string): name is BotCommandName {
  return names.has(name);
}
