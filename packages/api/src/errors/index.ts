export { AppError, issuesOf, type FieldIssue } from "./app-error.ts";
export { errorCodes, type ErrorCode } from "./codes.ts";
