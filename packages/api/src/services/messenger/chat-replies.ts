import { countMailboxes, countMessagesSince, findUserById, recentMailboxes, recentMessages } from "@mailroom/db";
import type { ServiceContext } from "../../context/service-context.ts";
import type { Binding } from "./bindings.ts";
import { botCommands } from "./commands-list.ts";
import { formatSender, recognitionLine, userText } from "./format.ts";

const recentLimit = 10;

export function helpLines(): string[] {
  return ["<b>Commands</b>", ...botCommands.map((c) => `/${c.command}${c.command === "start" ? " &lt;code&gt;" : ""} — ${c.description}`)];
}

export function welcomeLines(): string[] {
  return [
    "👋 <b>Welcome to Mailroom.</b>",
    "To get your mail notifications here, open <b>Settings → Messenger</b> in Mailroom, generate a binding code and send it here as <code>/start CODE</code>.",
    "Send /help for the list of commands.",
  ];
}

export const notBoundLines = ["This chat is not bound to a Mailroom account yet. Send <code>/start CODE</code> with a binding code from Settings → Messenger."];
export const invalidCodeLines = [
  "❌ This binding code is unknown, expired or already used.",
  "Generate a new code in Mailroom under Settings → Messenger and send <code>/start CODE</code> again (codes are valid for 15 minutes).",
];
export const switchedOffLines = ["The messenger is switched off for this account by an administrator."];

export function boundLines(email: string): string[] {
  return [`✅ This chat is now bound to <b>${userText(email, 200)}</b>.`, "New mail will be announced here. Send /pause to pause notifications, /help for all commands."];
}

function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** `/status`: account e-mail, mailbox count, messages since midnight UTC, notifications on/off. */
export async function statusLines(ctx: Pick<ServiceContext, "db" | "clock">, binding: Binding): Promise<string[]> {
  const [user, boxes, today] = await Promise.all([
    findUserById(ctx.db, binding.userId),
    countMailboxes(ctx.db, binding.userId, ctx.clock.now()),
    countMessagesSince(ctx.db, binding.userId, startOfUtcDay(ctx.clock.now())),
  ]);
  return [
    "<b>Status</b>",
    `Account: ${userText(user?.email ?? "unknown", 200)}`,
    `Mailboxes: ${boxes}`,
    `Messages today: ${today}`,
    `Notifications: ${binding.paused ? "paused" : "on"}`,
  ];
}

/** `/accounts`: the most recent mailbox accounts. */
export async function accountsLines(ctx: Pick<ServiceContext, "db" | "clock">, userId: string): Promise<string[]> {
  const rows = await recentMailboxes(ctx.db, userId, recentLimit, ctx.clock.now());
  if (rows.length === 0) return ["You have no mailbox accounts yet. Create one in Mailroom."];
  return [`<b>Recent mailboxes</b> (${rows.length})`, ...rows.map((r) => `• ${userText(r.address, 200)}${r.disabled ? " (disabled)" : ""}`)];
}

/** `/messages`: the most recent messages with sender, subject and the extracted code or link. */
export async function messagesLines(ctx: Pick<ServiceContext, "db">, userId: string): Promise<string[]> {
  const rows = await recentMessages(ctx.db, userId, recentLimit);
  if (rows.length === 0) return ["No messages yet."];
  const lines = [`<b>Recent messages</b> (${rows.length})`];
  for (const row of rows) {
    lines.push("");
    lines.push(`From: ${userText(formatSender(row.fromName, row.fromAddress ?? row.envelopeFrom), 120)}`);
    lines.push(`Subject: ${row.subject ? userText(row.subject, 150) : "<i>(no subject)</i>"}`);
    const found = recognitionLine(row.recognitionKind, row.recognitionValue);
    if (found) lines.push(found);
  }
  return lines;
}

export function alreadyBoundLines(email: string): string[] {
  return [`👋 This chat is bound to <b>${userText(email, 200)}</b>.`, "Send /help for the list of commands. To bind another account, send <code>/start CODE</code> with its code."];
}
