import { userFeatures, type Database } from "@mailroom/db";
import { eq } from "drizzle-orm";

/** A user's feature switches and outbound quota override, as administrators set them. */
export interface UserFeatures {
  aiFallback: boolean;
  messenger: boolean;
  outbound: boolean;
  mailboxCreation: boolean;
  /** Null: the business default applies. */
  outboundDailyQuota: number | null;
}

/** A user without a row has every switch on and no override. */
export const defaultUserFeatures: UserFeatures = {
  aiFallback: true,
  messenger: true,
  outbound: true,
  mailboxCreation: true,
  outboundDailyQuota: null,
};

export async function getUserFeatures(db: Database, userId: string): Promise<UserFeatures> {
  const [row] = await db.select().from(userFeatures).where(eq(userFeatures.userId, userId)).limit(1);
  if (!row) return { ...defaultUserFeatures };
  return {
    aiFallback: row.aiFallback,
    messenger: row.messenger,
    outbound: row.outbound,
    mailboxCreation: row.mailboxCreation,
    outboundDailyQuota: row.outboundDailyQuota,
  };
}
