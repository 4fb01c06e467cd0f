import { countMailboxes, countMessagesSince, findUserById, recentMailboxes, recentMessages } from "@mailroom/db";
import type { ServiceContext } from "../../context/service-context.ts";
import type { Binding } from "./bindings.ts";
import { botCommands } from "./commands-list.ts";
import { recognitionLine, senderText, subjectLine, userText } from "./format.ts";
import type { BotT } from "./texts/index.ts";

const recentLimit = 10;

export function helpLines(t: BotT): string[] {
  return [t("commandsHeading"), ...botCommands.map((c) => `/${c.command}${c.command === "start" ? ` &lt;${t("codeArgument")}&gt;` : ""} — ${t(c.description)}`)];
}

export function welcomeLines(t: BotT): string[] {
  return [t("welcome"), t("welcomeHow"), t("sendHelp")];
}

export function boundLines(t: BotT, email: string): string[] {
  return [t("bound", { email: userText(email, 200) }), t("boundHow")];
}

export function alreadyBoundLines(t: BotT, email: string): string[] {
  return [t("alreadyBound", { email: userText(email, 200) }), t("alreadyBoundHow")];
}

function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** `/status`: account e-mail, mailbox count, messages since midnight UTC, notifications on/off. */
export async function statusLines(ctx: Pick<ServiceContext, "db" | "clock">, t: BotT, binding: Binding): Promise<string[]> {
  const [user, boxes, today] = await Promise.all([
    findUserById(ctx.db, binding.userId),
    countMailboxes(ctx.db, binding.userId, ctx.clock.now()),
    countMessagesSince(ctx.db, binding.userId, startOfUtcDay(ctx.clock.now())),
  ]);
  return [
    t("statusHeading"),
    t("statusAccount", { email: user ? userText(user.email, 200) : t("unknown") }),
    t("statusMailboxes", { count: boxes }),
    t("statusToday", { count: today }),
    t(binding.paused ? "statusPaused" : "statusOn"),
  ];
}

/** `/accounts`: the most recent mailbox accounts. */
export async function accountsLines(ctx: Pick<ServiceContext, "db" | "clock">, t: BotT, userId: string): Promise<string[]> {
  const rows = await recentMailboxes(ctx.db, userId, recentLimit, ctx.clock.now());
  if (rows.length === 0) return [t("noMailboxes")];
  return [
    t("mailboxesHeading", { count: rows.length }),
    ...rows.map((r) => {
      const address = userText(r.address, 200);
      return `• ${r.disabled ? t("mailboxDisabled", { address }) : address}`;
    }),
  ];
}

/** `/messages`: the most recent messages with sender, subject and the extracted code or link. */
export async function messagesLines(ctx: Pick<ServiceContext, "db">, t: BotT, userId: string): Promise<string[]> {
  const rows = await recentMessages(ctx.db, userId, recentLimit);
  if (rows.length === 0) return [t("noMessages")];
  const lines = [t("messagesHeading", { count: rows.length })];
  for (const row of rows) {
    lines.push("");
    lines.push(t("from", { sender: senderText(t, row.fromName, row.fromAddress ?? row.envelopeFrom, 120) }));
    lines.push(subjectLine(t, row.subject, 150));
    const found = recognitionLine(t, row.recognitionKind, row.recognitionValue);
    if (found) lines.push(found);
  }
  return lines;
}
