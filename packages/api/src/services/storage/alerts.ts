import { databaseSize, findAdminChats, moveStorageAlertLevel, storageAlertLevel } from "@mailroom/db";
import type { ServiceContext } from "../../context/service-context.ts";
import { formatBytes } from "../intake/limits.ts";
import { activeBot, sendHtmlLogged } from "../messenger/bot.ts";
import { botTexts, chatLocale, type BotT } from "../messenger/texts/index.ts";
import { getBusinessDefaults } from "../settings/index.ts";

// CONTRACT §12: administrators hear once when D1 crosses 80% and once at 95% of the cap; a level
// is re-armed when usage falls 5 points below it.
const thresholds = [80, 95] as const;
const rearmPoints = 5;

/** The alert level (0, 80 or 95) after usage reaches `percent`, from `level`. */
function nextAlertLevel(level: number, percent: number): number {
  let next = level;
  // Falling: each crossed level more than 5 points above usage is re-armed.
  while (next > 0 && percent < next - rearmPoints) next = [...thresholds].reverse().find((t) => t < next) ?? 0;
  for (const threshold of thresholds) if (percent >= threshold && next < threshold) next = threshold;
  return next;
}

function alertLines(t: BotT, percent: number, bytes: number, capBytes: number, projectedFullAt: Date | null): string[] {
  return [
    t("storageHeading", { percent: Math.floor(percent) }),
    t("storageHolds", { bytes: formatBytes(bytes), cap: formatBytes(capBytes) }),
    projectedFullAt ? t("storageFullOn", { date: projectedFullAt.toISOString().slice(0, 10) }) : "",
    t("storageWhenFull"),
  ].filter((line) => line !== "");
}

export interface AlertCheck {
  level: number;
  /** Chats told of a new crossing in this run. */
  notified: number;
}

/**
 * Moves the stored alert level to where usage is now. On an upward crossing (and only in the run
 * that moved the level, so overlapping runs alert once) every administrator with a bound chat
 * hears of it.
 */
export async function checkStorageAlert(
  ctx: Pick<ServiceContext, "db" | "adapters" | "config" | "log">,
  usage: { bytes: number; capBytes: number; projectedFullAt: () => Promise<Date | null> },
): Promise<AlertCheck> {
  const percent = (usage.bytes / usage.capBytes) * 100;
  const level = await storageAlertLevel(ctx.db);
  const next = nextAlertLevel(level, percent);
  if (next === level || !(await moveStorageAlertLevel(ctx.db, level, next))) return { level, notified: 0 };
  if (next < level) return { level: next, notified: 0 };
  ctx.log.warn("storage crossed an alert level", { level: next, bytes: usage.bytes, capBytes: usage.capBytes });
  const bot = activeBot(ctx);
  if (!bot) return { level: next, notified: 0 };
  const projectedFullAt = await usage.projectedFullAt();
  const sent = await Promise.all(
    (await findAdminChats(ctx.db)).map(({ chatId, locale }) =>
      sendHtmlLogged(bot, chatId, alertLines(botTexts(chatLocale(locale)), percent, usage.bytes, usage.capBytes, projectedFullAt), "storage alert", ctx.log),
    ),
  );
  return { level: next, notified: sent.filter(Boolean).length };
}

/** The alert level in force (0, 80 or 95) with where usage stands now, for a banner. */
export async function storageAlert(ctx: Pick<ServiceContext, "db" | "stores" | "config" | "clock" | "log">) {
  const [level, bytes, { storageCapBytes }] = await Promise.all([storageAlertLevel(ctx.db), databaseSize(ctx.db), getBusinessDefaults(ctx)]);
  return { level, bytes, capBytes: storageCapBytes, percent: Math.round((bytes / storageCapBytes) * 1000) / 10 };
}
