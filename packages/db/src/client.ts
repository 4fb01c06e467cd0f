import type { D1Database } from "@cloudflare/workers-types";
import { drizzle } from "drizzle-orm/d1";

/**
 * One Drizzle client per request over the `DB` binding. Without a schema: the query layer uses
 * the query builder only, and building relational metadata for every table cost each request.
 */
export function createDb(d1: D1Database) {
  return drizzle(d1);
}

export type Database = ReturnType<typeof createDb>;
