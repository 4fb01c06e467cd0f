import type { ErrorData } from "@mailroom/api";
import { TRPCClientError } from "@trpc/client";

function dataOf(error: unknown): ErrorData | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  const data: unknown = error.data;
  return typeof data === "object" && data !== null && "appCode" in data ? (data as ErrorData) : undefined;
}

/** The human message of a failed call; network failures get a message of their own. */
export function errorMessage(error: unknown): string {
  if (error instanceof TRPCClientError) {
    return dataOf(error) ? error.message : "Could not reach the service. Check your connection and try again.";
  }
  return "Something went wrong. Please try again.";
}

/** Field-level messages (`path` → message), to show next to the field they concern. */
export function fieldErrors(error: unknown): Record<string, string> {
  const result: Record<string, string> = {};
  for (const issue of dataOf(error)?.issues ?? []) result[issue.path] ??= issue.message;
  return result;
}

export function errorCode(error: unknown): string | undefined {
  return dataOf(error)?.appCode;
}
