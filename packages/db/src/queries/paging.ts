import { sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

/** A keyset position in a newest-first list: the last row's time (epoch ms) and id. */
export interface Cursor {
  at: number;
  id: string;
}

/**
 * Rows strictly after `cursor` in (time DESC, id DESC) order. A row-value comparison: SQLite
 * starts a (…, time, id) index range at the cursor, where `time < t OR (time = t AND id < i)`
 * made it read every newer row first, so a deep page cost as much as all the pages before it.
 */
export function afterCursor(time: SQLiteColumn, id: SQLiteColumn, cursor: Cursor): SQL {
  return sql`(${time}, ${id}) < (${cursor.at}, ${cursor.id})`;
}

/**
 * One page of a newest-first list from `limit + 1` rows: the page and whether more follow.
 * Queries fetch one row more than asked so the caller knows without a count.
 */
export function pageOf<T>(rows: T[], limit: number): { rows: T[]; more: boolean } {
  return { rows: rows.slice(0, limit), more: rows.length > limit };
}
