import { findIntakeRecipient, type Recipient } from "@mailroom/db";
import { IsolateCache } from "../../context/isolate-cache.ts";
import type { ServiceContext } from "../../context/service-context.ts";
import { businessDefaultsFrom } from "../settings/business.ts";
import { userFeaturesFrom, type UserFeatures } from "../settings/features.ts";
import type { BusinessDefaults } from "../settings/schemas.ts";

/** Everything intake looks up before it reads a message: whose it is and the rules in force. */
export interface IntakeTarget {
  recipient: Recipient;
  /** The mailbox's expiry (null: never), checked on every use of a cached target. */
  expiresAt: Date | null;
  features: UserFeatures;
  business: BusinessDefaults;
  /** The owner has an enabled webhook endpoint. */
  webhooks: boolean;
  /** Routing (CONTRACT §13): forwarding destinations, whether a forwarded message is kept, the pause. */
  forwardTo: string[];
  keepCopy: boolean;
  paused: boolean;
  /** The owner's and the global block rules by pattern. */
  blockRules: Map<string, { id: string; global: boolean }>;
}

// Mail to one address tends to come in bursts (a sign-up sends two or three), so a found
// recipient is kept briefly, with the rules that route its mail (forwarding, pause, block rules):
// a change to them shows in other isolates within that time. Unknown addresses are never kept: a mailbox created a moment ago in
// another isolate must not bounce. A recipient deleted or disabled meanwhile is caught when the
// message is stored (the insert checks the mailbox again).
const targets = new IsolateCache<IntakeTarget | null>(30_000, 1_000);

async function load(ctx: Pick<ServiceContext, "db" | "log">, address: string, now: Date): Promise<IntakeTarget | null> {
  const row = await findIntakeRecipient(ctx.db, address, "business.defaults", now);
  if (!row) return null;
  return {
    recipient: { mailboxId: row.mailboxId, userId: row.userId, address: row.address },
    expiresAt: row.expiresAt,
    features: userFeaturesFrom(row.features),
    business: businessDefaultsFrom(ctx, row.setting),
    webhooks: row.webhooks,
    forwardTo: row.forwardTo,
    keepCopy: row.keepCopy,
    paused: row.paused,
    blockRules: new Map(row.blockRules.map((rule) => [rule.pattern, { id: rule.id, global: rule.global }])),
  };
}

/**
 * The enabled mailbox (of an enabled user) an envelope address names, with its owner's switches
 * and the business defaults, in one database read, kept in the isolate for a short while.
 */
export async function intakeTarget(ctx: Pick<ServiceContext, "db" | "log" | "clock">, address: string): Promise<IntakeTarget | null> {
  const now = ctx.clock.now();
  const target = await targets.get(address, now, () => load(ctx, address, now), (found) => found !== null);
  // A kept target may have expired since it was read.
  return target && (target.expiresAt === null || target.expiresAt > now) ? target : null;
}
