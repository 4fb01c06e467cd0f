// Daily quotas count per UTC calendar day.

const dayMs = 24 * 60 * 60 * 1000;

/** The day a usage counter is kept under: `YYYY-MM-DD` in UTC. */
export function usageDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** Whole seconds until the next UTC midnight (at least 1), for `Retry-After` when a daily quota is used up. */
export function secondsToNextUsageDay(now: Date): number {
  const nextMidnight = Math.floor(now.getTime() / dayMs) * dayMs + dayMs;
  return Math.max(1, Math.ceil((nextMidnight - now.getTime()) / 1000));
}
