import { bodyObjectKey, existingMessageIds, findLegacyBodies, markBodiesMoved, type LegacyBodyRow, type MovedBody } from "@mailroom/db";
import type { ServiceContext } from "../../context/service-context.ts";
import { defaultIntakeLimits } from "../intake/limits.ts";
import { legacyHeaders, packBody, previewOf } from "./body.ts";

// Messages stored before migration 0023 keep their bodies in D1's legacy columns; the every-minute
// cron moves them out, newest first, a bounded number per run: a run compresses at most this many
// bodies (a free plan's cron has 10 ms of CPU), 36,000 a day.
const batchSize = 25;
// Uploads in flight at once.
const concurrency = 5;

type MoveContext = Pick<ServiceContext, "db" | "stores" | "log">;

async function moveOne(ctx: MoveContext, row: LegacyBodyRow): Promise<MovedBody> {
  const packed = await packBody({ text: row.textBody, html: row.htmlBody, headers: legacyHeaders(row.headers) });
  // The raw copy was cut at intake's limit when the message was larger.
  const rawBytes = row.rawKey === null ? 0 : Math.min(row.size, defaultIntakeLimits.maxRawBytes);
  const others = { bytes: rawBytes + row.attachmentBytes, count: (row.rawKey === null ? 0 : 1) + row.attachmentObjects };
  const moved = { id: row.id, preview: previewOf(row.textBody) };
  const bucket = ctx.stores.attachments;
  if (bucket) {
    try {
      await bucket.put(bodyObjectKey(row.id), packed, { httpMetadata: { contentType: "application/json", contentEncoding: "gzip" } });
      return { ...moved, bodyLocation: "body", body: null, objectBytes: others.bytes + packed.byteLength, objectCount: others.count + 1 };
    } catch (error) {
      ctx.log.error("a moved message body could not be uploaded; it stays in D1, compressed", error, { messageId: row.id });
    }
  }
  return { ...moved, bodyLocation: "d1", body: packed, objectBytes: others.bytes, objectCount: others.count };
}

/** Moves older messages' bodies out of the legacy columns; the number moved this run (0 once none is left). */
export async function runBodyBackfill(ctx: MoveContext): Promise<number> {
  const rows = await findLegacyBodies(ctx.db, batchSize);
  const moved: MovedBody[] = [];
  for (let start = 0; start < rows.length; start += concurrency) {
    moved.push(...(await Promise.all(rows.slice(start, start + concurrency).map((row) => moveOne(ctx, row)))));
  }
  const updated = new Set(await markBodiesMoved(ctx.db, moved));
  // A row left unchanged was either moved by an overlapping run (whose object under the same key
  // is the one it points at: keep it) or deleted meanwhile (its new object has no row: remove it).
  const unchanged = moved.filter((m) => m.bodyLocation === "body" && !updated.has(m.id)).map((m) => m.id);
  const kept = new Set(await existingMessageIds(ctx.db, unchanged));
  const orphans = unchanged.filter((id) => !kept.has(id)).map(bodyObjectKey);
  if (orphans.length > 0 && ctx.stores.attachments) await ctx.stores.attachments.delete(orphans);
  return updated.size;
}
