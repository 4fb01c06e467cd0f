/** True when a D1 error says a table does not exist (migration 0013 not applied yet). */
export function isMissingTable(error: unknown): boolean {
  return /no such table/i.test(String(error)) || (error instanceof Error && /no such table/i.test(String(error.cause)));
}
