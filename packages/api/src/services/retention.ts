import { deleteDeferralsBefore, expiringRecords } from "@mailroom/db";
import type { ServiceContext } from "../context/service-context.ts";
import { deleteExpiredMailboxes } from "./mailboxes/expiry.ts";
import { deleteMessages } from "./messages/delete.ts";
import { getBusinessDefaults } from "./settings/index.ts";
import { hourOf } from "./storage/time.ts";

// One cron run must stay well inside the platform's limits, so every table is cleaned in
// bounded batches; what is left over goes in the next run.
const batchSize = 500;
const maxBatchesPerTable = 20;
// 40 batches of 500: a daily run deletes 20,000 expired messages in about 160 calls to D1 and R2.
const maxMessageBatches = 40;
const dayMs = 24 * 60 * 60 * 1000;
// A login-throttle window is 15 minutes; an hour later its row counts for nothing.
const loginThrottleRetentionMs = 60 * 60 * 1000;
// The Storage screen counts deferred deliveries over the last 24 hours.
const deferralRetentionHours = 48;

async function inBatches(deleteSome: (limit: number) => Promise<number>): Promise<number> {
  let total = 0;
  for (let i = 0; i < maxBatchesPerTable; i++) {
    const deleted = await deleteSome(batchSize);
    total += deleted;
    if (deleted < batchSize) break;
  }
  return total;
}

export interface RetentionReport {
  sessions: number;
  oauthStates: number;
  oauthPendingLogins: number;
  bindingCodes: number;
  passkeyChallenges: number;
  loginThrottles: number;
  messages: number;
  messageObjects: number;
  /** Expired mailboxes deleted; their messages and objects are counted above. */
  mailboxes: number;
  webhookDeliveries: number;
  outboundMessages: number;
  /** Hourly counters of deferred deliveries. */
  storageDeferrals: number;
}

/**
 * The every-minute share of message retention: one batch of expired messages (500), so a busy
 * instance keeps up between daily runs (the daily run takes 20,000; 500 a minute is 720,000 a day).
 * One indexed read when nothing has expired.
 */
export async function runRetentionTrickle(ctx: ServiceContext): Promise<number> {
  return (await deleteMessages(ctx, { expiredBefore: ctx.clock.now() }, 1)).messages;
}

/** Deletes expired records as of the context's clock. Idempotent: a second run finds nothing to delete. */
export async function runRetention(ctx: ServiceContext): Promise<RetentionReport> {
  const now = ctx.clock.now();
  const { db } = ctx;
  const expiredMessages = await deleteMessages(ctx, { expiredBefore: now }, maxMessageBatches);
  const expiredMailboxes = await deleteExpiredMailboxes(ctx, now);
  // Delivery logs carry message data (payloads) and sent mail is mail: both are kept as long as
  // received mail, the retention days in force now.
  const { retentionDays } = await getBusinessDefaults(ctx);
  const before = new Date(now.getTime() - retentionDays * dayMs);
  return {
    sessions: await inBatches((limit) => expiringRecords.sessions(db, now, limit)),
    oauthStates: await inBatches((limit) => expiringRecords.oauthStates(db, now, limit)),
    oauthPendingLogins: await inBatches((limit) => expiringRecords.oauthPendingLogins(db, now, limit)),
    bindingCodes: await inBatches((limit) => expiringRecords.bindingCodes(db, now, limit)),
    passkeyChallenges: await inBatches((limit) => expiringRecords.passkeyChallenges(db, now, limit)),
    loginThrottles: await inBatches((limit) => expiringRecords.loginThrottles(db, new Date(now.getTime() - loginThrottleRetentionMs), limit)),
    messages: expiredMessages.messages + expiredMailboxes.messages,
    messageObjects: expiredMessages.objects + expiredMailboxes.objects,
    mailboxes: expiredMailboxes.mailboxes,
    webhookDeliveries: await inBatches((limit) => expiringRecords.webhookDeliveries(db, before, limit)),
    outboundMessages: await inBatches((limit) => expiringRecords.outboundMessages(db, before, limit)),
    storageDeferrals: await deleteDeferralsBefore(db, hourOf(now) - deferralRetentionHours),
  };
}
