// The worker's cron triggers under `npm run dev`: wrangler dev never fires them by itself, so
// retries, expiry, retention and the storage watch would not happen locally. This fires each
// schedule of wrangler.toml's root [triggers] at its time (UTC, as the platform does) through
// wrangler's local endpoint, /cdn-cgi/handler/scheduled.
import { readFileSync } from "node:fs";
import { Cron } from "croner";
import { parse } from "smol-toml";

/** The root [triggers] crons of wrangler.toml at `configPath`. */
export function localCrons(configPath) {
  const crons = parse(readFileSync(configPath, "utf8")).triggers?.crons;
  return Array.isArray(crons) ? crons.filter((c) => typeof c === "string") : [];
}

/** Starts one timer per schedule; a run that fails is logged and the schedule goes on. */
export function startDevCrons(crons, workerOrigin, log = console.log) {
  const jobs = crons.map(
    (expression) =>
      new Cron(expression, { timezone: "UTC", protect: true }, async () => {
        const url = `${workerOrigin}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent(expression)}`;
        try {
          const response = await fetch(url);
          await response.arrayBuffer();
          if (!response.ok) log(`[crons] "${expression}" answered HTTP ${response.status}`);
        } catch (error) {
          log(`[crons] "${expression}" could not reach the worker: ${error instanceof Error ? error.message : String(error)}`);
        }
      }),
  );
  log(`[crons] firing ${crons.map((c) => `"${c}"`).join(" and ")} (UTC) at ${workerOrigin}, as the platform would; MAILROOM_DEV_CRONS=off stops them`);
  return () => {
    for (const job of jobs) job.stop();
  };
}
