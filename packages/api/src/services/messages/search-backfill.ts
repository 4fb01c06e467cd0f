import { addMissingSearchTerms } from "@mailroom/db";
import type { ServiceContext } from "../../context/service-context.ts";

// Messages stored before their words were kept (migration 0021) get them from the every-minute
// cron, newest first, a bounded number per run: 2,000 a minute, in four reads and four writes.
const batchSize = 500;
const maxBatches = 4;

/** Gives older messages their search words; the number done this run (0 once all have them). */
export async function runSearchBackfill(ctx: Pick<ServiceContext, "db">): Promise<number> {
  let done = 0;
  for (let i = 0; i < maxBatches; i++) {
    const added = await addMissingSearchTerms(ctx.db, batchSize);
    done += added;
    if (added < batchSize) break;
  }
  return done;
}
