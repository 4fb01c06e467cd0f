import { sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { messages } from "../schema/index.ts";
import { runBatch } from "./batch.ts";
import { inList } from "./in-list.ts";

// Rows stored before migration 0023 hold their bodies in `text_body`, `html_body` and `headers`;
// the every-minute cron moves them out, newest first (older ones may expire before their turn),
// through the partial index that lists exactly those rows.

/** A row whose body has not moved yet, with what it holds in the object store besides the body. */
export interface LegacyBodyRow {
  id: string;
  textBody: string | null;
  htmlBody: string | null;
  headers: string;
  rawKey: string | null;
  size: number;
  attachmentBytes: number;
  attachmentObjects: number;
}

export async function findLegacyBodies(db: Database, limit: number): Promise<LegacyBodyRow[]> {
  return db.all<LegacyBodyRow>(sql`
    SELECT m.id, m.text_body AS textBody, m.html_body AS htmlBody, m.headers, m.raw_key AS rawKey, m.size,
           (SELECT coalesce(sum(a.size), 0) FROM attachments a WHERE a.message_id = m.id AND a.storage_key IS NOT NULL) AS attachmentBytes,
           (SELECT count(*) FROM attachments a WHERE a.message_id = m.id AND a.storage_key IS NOT NULL) AS attachmentObjects
    FROM messages m INDEXED BY messages_body_pending_idx
    WHERE m.body_location IS NULL
    ORDER BY m.received_at DESC
    LIMIT ${limit}`);
}

/** Where one row's body went, and what the row now holds in the object store. */
export interface MovedBody {
  id: string;
  preview: string;
  bodyLocation: "body" | "d1";
  /** The compressed body, when it stays in D1. */
  body: Uint8Array | null;
  objectBytes: number;
  objectCount: number;
}

/**
 * Points each row at its moved body and empties the legacy columns, in one batch. A row deleted
 * or moved by another run meanwhile is left alone; the ids of the rows changed are returned (the
 * caller removes the objects it wrote for the others).
 */
export async function markBodiesMoved(db: Database, moved: readonly MovedBody[]): Promise<string[]> {
  if (moved.length === 0) return [];
  const results = await runBatch(
    db,
    moved.map(
      (m) => sql`
        UPDATE messages SET text_body = NULL, html_body = NULL, headers = '[]', preview = ${m.preview}, body_location = ${m.bodyLocation},
                            body = ${m.body}, object_bytes = ${m.objectBytes}, object_count = ${m.objectCount}
        WHERE id = ${m.id} AND body_location IS NULL
        RETURNING id`,
    ),
  );
  return results.flatMap((r) => (r.results as { id: string }[]).map((row) => row.id));
}

/** How many rows still hold their body in the legacy columns. */
export async function countLegacyBodies(db: Database): Promise<number> {
  const [row] = await db.all<{ n: number }>(sql`SELECT count(*) AS n FROM messages INDEXED BY messages_body_pending_idx WHERE body_location IS NULL`);
  return row?.n ?? 0;
}

/** Those of `ids` that name a stored message. */
export async function existingMessageIds(db: Database, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: messages.id }).from(messages).where(inList(messages.id, ids));
  return rows.map((r) => r.id);
}
