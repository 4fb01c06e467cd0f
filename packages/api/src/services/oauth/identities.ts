import type { Config } from "@mailroom/config";
import { oauthIdentities, type Database } from "@mailroom/db";
import { asc, eq } from "drizzle-orm";

/** The provider identities bound to a user, for their account page. */
export async function listIdentities(db: Database, config: Config, userId: string) {
  const rows = await db.select().from(oauthIdentities).where(eq(oauthIdentities.userId, userId)).orderBy(asc(oauthIdentities.createdAt));
  return rows.map((row) => ({
    id: row.id,
    provider: row.provider,
    label: config.oauth[row.provider].label,
    login: row.login,
    email: row.email,
    name: row.name,
    createdAt: row.createdAt,
  }));
}
