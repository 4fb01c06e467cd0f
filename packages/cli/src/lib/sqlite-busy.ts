// Local D1 is one SQLite file that `npm run dev`'s worker (its crons fire every minute) and the
// CLI open at once. workerd does not wait on SQLite's lock, so a write that meets another one
// fails with SQLITE_BUSY; it ran nothing, so running it again a moment later is safe.

const busyPattern = /SQLITE_BUSY|database is locked/;
const attempts = 10;
const firstPauseMs = 20;

/** Whether an error (or any cause under it) is SQLite refusing because another writer holds the lock. */
function isBusy(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e !== undefined && e !== null && depth < 5; depth++) {
    if (busyPattern.test(e instanceof Error ? e.message : typeof e === "string" ? e : "")) return true;
    e = e instanceof Error ? e.cause : undefined;
  }
  return false;
}

const pauseMs = (attempt: number) => firstPauseMs * 2 ** attempt;

/** Runs `op`, again after a growing pause (about 10 s in all) while SQLite reports it busy. */
export async function retryWhileBusy<T>(op: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await op();
    } catch (error) {
      if (attempt + 1 >= attempts || !isBusy(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, pauseMs(attempt)));
    }
  }
}

/** The same for a synchronous step (a spawned wrangler command). */
export function retryWhileBusySync<T>(op: () => T): T {
  for (let attempt = 0; ; attempt++) {
    try {
      return op();
    } catch (error) {
      if (attempt + 1 >= attempts || !isBusy(error)) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, pauseMs(attempt));
    }
  }
}
