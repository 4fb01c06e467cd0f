/**
 * The worker has two kinds of cron trigger: the frequent one (every N minutes: webhook retries)
 * and the daily one (retention). The scheduled handler and the config doctor tell them apart
 * the same way: a frequent expression is `*` or `*\/N` in the minute field and `*` elsewhere.
 * Its N, or null for any other expression.
 */
export function frequentCronMinutes(expression: string): number | null {
  const fields = expression.trim().split(/\s+/);
  const [minute = "", ...rest] = fields;
  if (fields.length !== 5 || !rest.every((f) => f === "*")) return null;
  if (minute === "*") return 1;
  const every = /^\*\/([1-9][0-9]?)$/.exec(minute)?.[1];
  return every && Number(every) < 60 ? Number(every) : null;
}
