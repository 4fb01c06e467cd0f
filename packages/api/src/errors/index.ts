export { AppError, issuesOf, type FieldIssue } from "./app-error.ts";
export type { ErrorCode } from "./codes.ts";
