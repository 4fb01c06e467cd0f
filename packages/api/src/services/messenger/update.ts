import { z } from "zod";

const chatSchema = z.object({
  id: z.union([z.number().int(), z.string().min(1).max(64)]),
  type: z.string().min(1).max(32),
  title: z.string().optional(),
  username: z.string().optional(),
  first_name: z.string().optional(),
  last_name: z.string().optional(),
});

const messageSchema = z.object({
  message_id: z.number().int(),
  chat: chatSchema,
  // The sender's app language picks the reply's language until the chat is bound to someone.
  from: z.object({ language_code: z.string().max(35).optional() }).optional(),
  text: z.string().optional(),
});

/** The parts of a Bot API `Update` the bot reads; everything else in it is ignored. */
export const updateSchema = z.object({
  update_id: z.number().int(),
  message: messageSchema.optional(),
  channel_post: messageSchema.optional(),
});

export type TelegramChat = z.infer<typeof chatSchema>;

/** How a chat is shown: a group's or channel's title, else the person's @username or name. */
export function chatTitle(chat: TelegramChat): string | null {
  if (chat.title) return chat.title;
  if (chat.username) return `@${chat.username}`;
  const name = [chat.first_name, chat.last_name].filter(Boolean).join(" ");
  return name || null;
}

export interface ParsedCommand {
  name: string;
  args: string;
  /** The `@botname` the command was addressed to, if any. */
  addressee: string | null;
}

/** `/name[@bot] [args]`, or null for text that is not a command. */
export function parseCommand(text: string): ParsedCommand | null {
  const match = /^\/([A-Za-z0-9_]{1,32})(?:@([A-Za-z0-9_]{1,64}))?(?:\s+([\s\S]*))?$/.exec(text.trim());
  if (!match) return null;
  return { name: (match[1] ?? "").toLowerCase(), addressee: match[2] ?? null, args: (match[3] ?? "").trim() };
}
