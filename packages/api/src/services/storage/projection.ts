import { dayMs } from "./time.ts";

/** One day's D1 size sample. */
export interface SizeSample {
  day: number;
  bytes: number;
}

/**
 * When D1 reaches `capBytes` at the rate its daily size samples grew (least squares over the
 * samples given, at least two days): `now` when it already has, null when it does not grow.
 */
export function projectFullAt(samples: readonly SizeSample[], currentBytes: number, capBytes: number, now: Date): Date | null {
  if (currentBytes >= capBytes) return now;
  if (samples.length < 2) return null;
  const meanDay = samples.reduce((sum, s) => sum + s.day, 0) / samples.length;
  const meanBytes = samples.reduce((sum, s) => sum + s.bytes, 0) / samples.length;
  const spread = samples.reduce((sum, s) => sum + (s.day - meanDay) ** 2, 0);
  if (spread === 0) return null;
  const perDay = samples.reduce((sum, s) => sum + (s.day - meanDay) * (s.bytes - meanBytes), 0) / spread;
  if (perDay <= 0) return null;
  return new Date(now.getTime() + ((capBytes - currentBytes) / perDay) * dayMs);
}
