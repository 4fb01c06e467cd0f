/** The message of a D1 error and of its causes, where the runtime puts the SQLite text. */
export function errorText(error: unknown): string {
  if (error instanceof Error) return `${error.message} ${errorText(error.cause)}`;
  return typeof error === "string" ? error : "";
}

/** True when a D1 error says a table does not exist (a migration not applied yet). */
export function isMissingTable(error: unknown): boolean {
  return /no such table/i.test(errorText(error));
}
