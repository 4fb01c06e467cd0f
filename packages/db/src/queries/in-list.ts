import { sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

/**
 * `column IN (values)` as one bound JSON array: D1 caps bound parameters at 100 per statement,
 * which a plain IN list of ids would pass.
 */
export function inList(column: SQLiteColumn, values: readonly string[]): SQL {
  return sql`${column} IN (SELECT value FROM json_each(${JSON.stringify(values)}))`;
}
