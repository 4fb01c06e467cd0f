import type { EnvName, Finding } from "./types.ts";

const label = { error: "ERROR", warning: "WARN ", note: "NOTE " } as const;

/** Human-readable report: one block per finding with its rule and its fix, then a summary line. */
export function formatReport(env: EnvName, findings: readonly Finding[]): string {
  const lines = findings.map((f) => `${label[f.severity]} [${f.rule}] ${f.message}\n       fix: ${f.fix}`);
  const errors = findings.filter((f) => f.severity === "error").length;
  const warnings = findings.filter((f) => f.severity === "warning").length;
  lines.push(`doctor --env ${env}: ${errors} error(s), ${warnings} warning(s)${errors === 0 ? " - ok" : ""}`);
  return lines.join("\n");
}

/** Errors fail the run; warnings and notes do not. */
export function exitCode(findings: readonly Finding[]): number {
  return findings.some((f) => f.severity === "error") ? 1 : 0;
}
