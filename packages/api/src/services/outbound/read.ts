import { findOwnOutbound, listOutbound, type Cursor } from "@mailroom/db";
import type { SignedInContext } from "../../context/service-context.ts";
import { AppError } from "../../errors/index.ts";
import { encodeCursor } from "../../lib/cursor.ts";
import { getBusinessDefaults, getUserFeatures } from "../settings/index.ts";
import { anyProvider } from "./providers.ts";
import { outboundUsageOf } from "./quota.ts";
import { outboundDetail, outboundSummary } from "./view.ts";

/** The caller's outbound records, newest first, cursor paged. */
export async function listOwnOutbound(ctx: SignedInContext, input: { cursor?: Cursor | null | undefined; limit: number }) {
  const page = await listOutbound(ctx.db, ctx.actor.user.id, input);
  const last = page.rows.at(-1);
  return {
    items: page.rows.map(outboundSummary),
    nextCursor: page.more && last ? encodeCursor({ at: last.createdAt.getTime(), id: last.id }) : null,
  };
}

/** One of the caller's outbound records in full; anyone else's does not exist for them. */
export async function getOwnOutbound(ctx: SignedInContext, id: string) {
  const row = await findOwnOutbound(ctx.db, id, ctx.actor.user.id);
  if (!row) throw new AppError("not_found", "No such outbound mail");
  return outboundDetail(row);
}

/**
 * Whether the caller may send, and why not (`not_configured`: no provider on this service, for any domain;
 * `switched_off`: an administrator turned sending off for them), with today's sends against the
 * quota, the size cap of one mail and the service's own sender address (OUTBOUND_FROM), if any.
 */
export async function outboundStatus(ctx: SignedInContext) {
  const userId = ctx.actor.user.id;
  const [features, defaults, usage, configured] = await Promise.all([getUserFeatures(ctx, userId), getBusinessDefaults(ctx), outboundUsageOf(ctx, [userId]), anyProvider(ctx)]);
  const reason = !configured ? ("not_configured" as const) : !features.outbound ? ("switched_off" as const) : null;
  return {
    enabled: reason === null,
    reason,
    sentToday: usage.get(userId)?.sentToday ?? 0,
    quota: usage.get(userId)?.quota ?? defaults.outboundDailyQuota,
    maxBytes: defaults.attachmentMaxBytes,
    serviceAddress: ctx.config.outbound.from ?? null,
  };
}
