export { appRouter, type AppRouter } from "./router.ts";
export { createContext, type Context, type ContextInput } from "./context.ts";
export { AppError, errorCodes, issuesOf, type ErrorCode, type FieldIssue } from "./errors/index.ts";
export type { ErrorData } from "./trpc/init.ts";
export { runRetention, type RetentionReport } from "./services/retention.ts";
export * from "./services/settings/index.ts";
export * from "./mail/intake/index.ts";
