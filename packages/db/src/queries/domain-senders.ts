import { eq } from "drizzle-orm";
import type { Database } from "../client.ts";
import { domainSenders } from "../schema/index.ts";

export type DomainSender = typeof domainSenders.$inferSelect;

export function listDomainSenders(db: Database): Promise<DomainSender[]> {
  return db.select().from(domainSenders);
}

export async function findDomainSender(db: Database, domain: string): Promise<DomainSender | null> {
  const [row] = await db.select().from(domainSenders).where(eq(domainSenders.domain, domain)).limit(1);
  return row ?? null;
}

/** Stores a domain's provider (and its sealed secrets), replacing what was there. */
export async function putDomainSender(db: Database, row: DomainSender): Promise<void> {
  await db
    .insert(domainSenders)
    .values(row)
    .onConflictDoUpdate({ target: domainSenders.domain, set: { provider: row.provider, apiKey: row.apiKey, eventsSecret: row.eventsSecret, updatedAt: row.updatedAt } });
}

/** Back to automatic. */
export async function deleteDomainSender(db: Database, domain: string): Promise<void> {
  await db.delete(domainSenders).where(eq(domainSenders.domain, domain));
}
