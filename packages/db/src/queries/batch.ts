import { is, SQL } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import type { Database } from "../client.ts";

const dialect = new SQLiteAsyncDialect();

/** A raw statement or a Drizzle query builder. */
export type Statement = SQL | { toSQL(): { sql: string; params: unknown[] } };

/**
 * Runs statements as one D1 batch (one transaction: all commit or none). Drizzle's own `batch`
 * cannot take raw statements that have parameters, which the guarded one-time writes need, so
 * every statement is rendered by Drizzle and handed to D1 as is.
 */
export function runBatch(db: Database, statements: readonly Statement[]): Promise<D1Result[]> {
  const d1 = db.$client;
  return d1.batch(
    statements.map((statement) => {
      const query = is(statement, SQL) ? dialect.sqlToQuery(statement) : statement.toSQL();
      return d1.prepare(query.sql).bind(...query.params);
    }),
  );
}
