import type { Finding, Severity } from "../types.ts";

export function finding(rule: string, severity: Severity, message: string, fix: string): Finding {
  return { rule, severity, message, fix };
}
