// Every read and write of the service's data: typed functions over the Drizzle schema. Raw SQL,
// where Drizzle cannot say it (guarded one-time updates, `changes() = 1` batches), lives here too.
export * from "./account-deletion.ts";
export * from "./accounts.ts";
export * from "./api-keys.ts";
export * from "./batch.ts";
export * from "./errors.ts";
export * from "./invites.ts";
export * from "./login-throttles.ts";
export * from "./mailboxes.ts";
export * from "./message-bodies.ts";
export * from "./message-search.ts";
export * from "./messages.ts";
export * from "./messenger.ts";
export * from "./oauth.ts";
export * from "./outbound.ts";
export * from "./domain-senders.ts";
export * from "./paging.ts";
export * from "./retention.ts";
export * from "./routing.ts";
export * from "./sessions.ts";
export * from "./settings.ts";
export * from "./storage.ts";
export * from "./usage.ts";
export * from "./users.ts";
export * from "./webhooks.ts";
export * from "./passkeys.ts";
