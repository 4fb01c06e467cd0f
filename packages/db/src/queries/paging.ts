import { and, eq, lt, or, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

/** A keyset position in a newest-first list: the last row's time (epoch ms) and id. */
export interface Cursor {
  at: number;
  id: string;
}

/** Rows strictly after `cursor` in (time DESC, id DESC) order. */
export function afterCursor(time: SQLiteColumn, id: SQLiteColumn, cursor: Cursor): SQL | undefined {
  const at = new Date(cursor.at);
  return or(lt(time, at), and(eq(time, at), lt(id, cursor.id)));
}

/** `%`, `_` and `\` typed by a user match themselves in a LIKE pattern (with `ESCAPE '\'`). */
export function likePattern(query: string): string {
  return `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * One page of a newest-first list from `limit + 1` rows: the page and whether more follow.
 * Queries fetch one row more than asked so the caller knows without a count.
 */
export function pageOf<T>(rows: T[], limit: number): { rows: T[]; more: boolean } {
  return { rows: rows.slice(0, limit), more: rows.length > limit };
}
