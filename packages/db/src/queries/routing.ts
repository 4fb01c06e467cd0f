import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { blockRules, domainCatchAll, mailboxes, users } from "../schema/index.ts";
import { inList } from "./in-list.ts";

export type BlockRuleRow = typeof blockRules.$inferSelect;

/** A domain's catch-all as intake and the settings screen read it. */
export type CatchAll =
  | { domain: string; mode: "mailbox"; mailboxId: string; address: string }
  | { domain: string; mode: "create"; ownerId: string; ownerEmail: string };

const catchAllColumns = {
  domain: domainCatchAll.domain,
  mode: domainCatchAll.mode,
  mailboxId: domainCatchAll.mailboxId,
  ownerId: domainCatchAll.ownerId,
  address: mailboxes.address,
  ownerEmail: users.email,
  ownerDisabled: users.disabled,
};

function catchAllOf(row: {
  domain: string;
  mode: "mailbox" | "create";
  mailboxId: string | null;
  ownerId: string | null;
  address: string | null;
  ownerEmail: string | null;
  ownerDisabled: boolean | null;
}): CatchAll | null {
  if (row.mode === "mailbox" && row.mailboxId !== null && row.address !== null) return { domain: row.domain, mode: "mailbox", mailboxId: row.mailboxId, address: row.address };
  if (row.mode === "create" && row.ownerId !== null && row.ownerEmail !== null) return { domain: row.domain, mode: "create", ownerId: row.ownerId, ownerEmail: row.ownerEmail };
  return null;
}

function catchAllQuery(db: Database) {
  return db
    .select(catchAllColumns)
    .from(domainCatchAll)
    .leftJoin(mailboxes, eq(mailboxes.id, domainCatchAll.mailboxId))
    .leftJoin(users, eq(users.id, domainCatchAll.ownerId));
}

/** The catch-all of one domain as intake applies it; null: off, or its owner is disabled (no mailbox is made for them). */
export async function findCatchAll(db: Database, domain: string): Promise<CatchAll | null> {
  const [row] = await catchAllQuery(db).where(eq(domainCatchAll.domain, domain)).limit(1);
  return row && !(row.mode === "create" && row.ownerDisabled === true) ? catchAllOf(row) : null;
}

/** Every domain's catch-all that is on. */
export async function listCatchAlls(db: Database): Promise<CatchAll[]> {
  const rows = await catchAllQuery(db).orderBy(asc(domainCatchAll.domain));
  return rows.map(catchAllOf).filter((c): c is CatchAll => c !== null);
}

export async function setCatchAll(
  db: Database,
  value: { domain: string; mode: "mailbox"; mailboxId: string; now: Date } | { domain: string; mode: "create"; ownerId: string; now: Date },
): Promise<void> {
  const row = {
    domain: value.domain,
    mode: value.mode,
    mailboxId: value.mode === "mailbox" ? value.mailboxId : null,
    ownerId: value.mode === "create" ? value.ownerId : null,
    updatedAt: value.now,
  };
  await db.insert(domainCatchAll).values(row).onConflictDoUpdate({ target: domainCatchAll.domain, set: row });
}

export async function deleteCatchAll(db: Database, domain: string): Promise<void> {
  await db.delete(domainCatchAll).where(eq(domainCatchAll.domain, domain));
}

/** Counts one blocked message against each rule that blocked it. */
export async function countBlocked(db: Database, ids: readonly string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(blockRules)
    .set({ blockedCount: sql`${blockRules.blockedCount} + 1`, lastBlockedAt: now })
    .where(inList(blockRules.id, ids));
}

function scopeOf(userId: string | null) {
  return userId === null ? isNull(blockRules.userId) : eq(blockRules.userId, userId);
}

/** A user's rules (or, with null, the global ones), oldest first. */
export async function listBlockRules(db: Database, userId: string | null): Promise<BlockRuleRow[]> {
  return db.select().from(blockRules).where(scopeOf(userId)).orderBy(asc(blockRules.createdAt), asc(blockRules.id));
}

/** Adds a rule; null when the same pattern is already there for that owner. */
export async function insertBlockRule(db: Database, rule: { id: string; userId: string | null; pattern: string; createdAt: Date }): Promise<BlockRuleRow | null> {
  const [row] = await db.insert(blockRules).values(rule).onConflictDoNothing().returning();
  return row ?? null;
}

export async function countBlockRules(db: Database, userId: string | null): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)` }).from(blockRules).where(scopeOf(userId));
  return row?.n ?? 0;
}

/** Removes a rule of that owner (null: a global one); false when there is none. */
export async function deleteBlockRule(db: Database, id: string, userId: string | null): Promise<boolean> {
  const deleted = await db.delete(blockRules).where(and(eq(blockRules.id, id), scopeOf(userId))).returning({ id: blockRules.id });
  return deleted.length === 1;
}
