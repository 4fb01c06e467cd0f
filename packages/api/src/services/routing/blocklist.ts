import { countBlocked, countBlockRules, deleteBlockRule, insertBlockRule, listBlockRules, type BlockRuleRow } from "@mailroom/db";
import { z } from "zod";
import type { ServiceContext } from "../../context/service-context.ts";
import { AppError } from "../../errors/index.ts";
import { newId } from "../../lib/crypto.ts";
import { blockPatternsFor } from "./address.ts";
import { forgetCachedReads } from "../../context/isolate-cache.ts";

/** Rules per user, and global rules: enough for a real list, small enough to read in one page. */
const maxBlockRules = 500;

const label = "[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?";
const domain = `(?:${label}\\.)+${label}`;
const patternShape = new RegExp(`^(?:[^\\s@<>"(),;:]{1,64}@${domain}|(?:\\*\\.)?${domain})$`);

/** An address, a domain or `*.domain` (that domain and every domain below it), lower case. */
const blockPatternSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, { error: "Enter an address, a domain or *.domain" })
  .max(255, { error: "Use at most 255 characters" })
  .refine((v) => patternShape.test(v), { error: "Enter an address (name@example.com), a domain (example.com) or *.example.com", params: { rule: "block_pattern" } });

export const blockRuleInputSchema = z.object({ pattern: blockPatternSchema }).strict();
export const blockRuleIdSchema = z.object({ id: z.string().min(1).max(64) }).strict();

/** A rule as clients see it. */
function publicBlockRule(rule: BlockRuleRow) {
  return { id: rule.id, pattern: rule.pattern, blockedCount: rule.blockedCount, lastBlockedAt: rule.lastBlockedAt, createdAt: rule.createdAt };
}

/** `ownerId` null: the global list (administrators). */
export async function listRules(ctx: Pick<ServiceContext, "db">, ownerId: string | null) {
  return (await listBlockRules(ctx.db, ownerId)).map(publicBlockRule);
}

export async function addRule(ctx: Pick<ServiceContext, "db" | "clock">, ownerId: string | null, pattern: string) {
  if ((await countBlockRules(ctx.db, ownerId)) >= maxBlockRules) {
    throw new AppError("quota_exceeded", `A blocklist holds at most ${maxBlockRules} entries. Remove one to add another.`);
  }
  const row = await insertBlockRule(ctx.db, { id: newId(), userId: ownerId, pattern, createdAt: ctx.clock.now() });
  forgetCachedReads();
  if (!row) throw new AppError("conflict", `${pattern} is already blocked`, { issues: [{ path: "pattern", message: "Already on the list", rule: "block_pattern_exists" }] });
  return publicBlockRule(row);
}

export async function removeRule(ctx: Pick<ServiceContext, "db">, ownerId: string | null, id: string) {
  if (!(await deleteBlockRule(ctx.db, id, ownerId))) throw new AppError("not_found", "No such blocklist entry");
  forgetCachedReads();
  return { ok: true as const };
}

/** Counts a blocked message against its rules; a failure to count never lets the message in. */
export async function countBlockedMessage(ctx: Pick<ServiceContext, "db" | "clock" | "log">, ruleIds: readonly string[]): Promise<void> {
  try {
    await countBlocked(ctx.db, ruleIds, ctx.clock.now());
  } catch (error) {
    ctx.log.error("a blocked message could not be counted", error, { rules: ruleIds.length });
  }
}

/** The rules of a recipient's owner and the global ones that match any of these senders. */
export function blockingRules(rules: ReadonlyMap<string, { id: string; global: boolean }>, senders: readonly string[]): { id: string; global: boolean }[] {
  if (rules.size === 0) return [];
  return blockPatternsFor(senders).flatMap((pattern) => {
    const rule = rules.get(pattern);
    return rule ? [rule] : [];
  });
}
