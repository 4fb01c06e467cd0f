import { findUserById, findUserFeatures, upsertUserFeatures, type UserFeaturesValues } from "@mailroom/db";
import { forgetCachedReads } from "../../context/isolate-cache.ts";
import type { ServiceContext } from "../../context/service-context.ts";
import { AppError } from "../../errors/index.ts";

/** A user's feature switches and outbound and API quota overrides, as administrators set them. */
export interface UserFeatures {
  aiFallback: boolean;
  messenger: boolean;
  outbound: boolean;
  mailboxCreation: boolean;
  /** Null: the business default applies. */
  outboundDailyQuota: number | null;
  /** Null: the business default applies. */
  apiDailyQuota: number | null;
}

/** A user without a row has every switch on and no override. */
export const defaultUserFeatures: UserFeatures = {
  aiFallback: true,
  messenger: true,
  outbound: true,
  mailboxCreation: true,
  outboundDailyQuota: null,
  apiDailyQuota: null,
};

/** The switches a stored row says (null: no row, every switch at its default). */
export function userFeaturesFrom(row: UserFeaturesValues | null): UserFeatures {
  if (!row) return { ...defaultUserFeatures };
  return {
    aiFallback: row.aiFallback,
    messenger: row.messenger,
    outbound: row.outbound,
    mailboxCreation: row.mailboxCreation,
    outboundDailyQuota: row.outboundDailyQuota,
    apiDailyQuota: row.apiDailyQuota,
  };
}

export async function getUserFeatures(ctx: Pick<ServiceContext, "db">, userId: string): Promise<UserFeatures> {
  return userFeaturesFrom(await findUserFeatures(ctx.db, userId));
}

/** Changes some of a user's switches; the rest keep their values. Returns the switches now in force. */
export async function setUserFeatures(ctx: Pick<ServiceContext, "db" | "clock">, userId: string, patch: Partial<UserFeatures>): Promise<UserFeatures> {
  if (!(await findUserById(ctx.db, userId))) throw new AppError("not_found", "No such user");
  const next: UserFeatures = { ...(await getUserFeatures(ctx, userId)) };
  for (const key of Object.keys(defaultUserFeatures) as (keyof UserFeatures)[]) {
    const value = patch[key];
    if (value !== undefined) Object.assign(next, { [key]: value });
  }
  await upsertUserFeatures(ctx.db, userId, next, ctx.clock.now());
  forgetCachedReads();
  return next;
}
