import * as schema from "@mailroom/db/schema";
import { is } from "drizzle-orm";
import { getTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { env } from "./support/call-worker.ts";

const exported: Record<string, unknown> = schema;
const tables = Object.values(exported).filter((value): value is SQLiteTable => is(value, SQLiteTable));

interface ColumnInfo {
  name: string;
  type: string;
  notnull: number;
  pk: number;
}

async function rows<T>(query: string): Promise<T[]> {
  return (await env.DB.prepare(query).all<T>()).results;
}

describe("Drizzle schema matches the migrations", () => {
  it("declares exactly the tables the migrations create", async () => {
    const created = await rows<{ name: string }>(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations'",
    );
    expect(created.map((t) => t.name).sort()).toEqual(tables.map((t) => getTableConfig(t).name).sort());
  });

  it("creates the three OAuth tables in 0013-oauth-login.sql", async () => {
    const applied = await rows<{ name: string }>("SELECT name FROM d1_migrations ORDER BY id");
    expect(applied.map((m) => m.name)).toContain("0013-oauth-login.sql");
    for (const name of ["oauth_identities", "oauth_states", "oauth_pending_logins"]) {
      expect(tables.map((t) => getTableConfig(t).name)).toContain(name);
    }
  });

  for (const table of tables) {
    const config = getTableConfig(table);

    it(`${config.name}: same columns, types, nullability and primary key`, async () => {
      const actual = await rows<ColumnInfo>(`PRAGMA table_info(${config.name})`);
      const compositeKey = config.primaryKeys[0]?.columns.map((c) => c.name) ?? [];
      const expected = config.columns.map((column) => ({
        name: column.name,
        type: column.getSQLType().toUpperCase(),
        notnull: column.notNull || column.primary ? 1 : 0,
        pk: column.primary ? 1 : compositeKey.indexOf(column.name) + 1,
      }));
      const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
      expect(actual.map(({ name, type, notnull, pk }) => ({ name, type, notnull, pk })).sort(byName)).toEqual(expected.sort(byName));
    });

    it(`${config.name}: same indexes and foreign keys`, async () => {
      const indexes = await rows<{ name: string; unique: number; origin: string }>(`PRAGMA index_list(${config.name})`);
      expect(
        indexes.filter((i) => i.origin === "c").map((i) => `${i.name}:${i.unique}`).sort(),
      ).toEqual(config.indexes.map((i) => `${i.config.name}:${i.config.unique ? 1 : 0}`).sort());

      const keys = await rows<{ table: string; from: string; to: string; on_delete: string }>(`PRAGMA foreign_key_list(${config.name})`);
      expect(keys.map((k) => `${k.from}->${k.table}.${k.to}:${k.on_delete}`).sort()).toEqual(
        config.foreignKeys
          .map((fk) => {
            const ref = fk.reference();
            const target = getTableConfig(ref.foreignTable).name;
            return `${ref.columns[0]?.name}->${target}.${ref.foreignColumns[0]?.name}:${(fk.onDelete ?? "no action").toUpperCase()}`;
          })
          .sort(),
      );
    });
  }
});
