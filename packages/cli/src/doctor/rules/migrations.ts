import type { Finding, Rule } from "../types.ts";
import { finding } from "./finding.ts";

const RULE = "migrations";
const pattern = /^(\d{4})-[a-z0-9]+(?:-[a-z0-9]+)*\.sql$/;
const REQUIRED = "0013-oauth-login.sql";

/** Ordered `NNNN-name.sql` files, numbered 0001 upwards without gaps, including the OAuth tables. */
export const migrationRules: Rule = (input) => {
  if (input.migrations === null) {
    return [finding(RULE, "error", "The migrations folder is missing.", "Restore migrations/ (0001-*.sql onwards); the pipeline applies it before deploying the worker.")];
  }
  const out: Finding[] = [];
  const sql = input.migrations.filter((f) => f.endsWith(".sql")).sort();
  const numbers: number[] = [];
  for (const file of sql) {
    const match = pattern.exec(file);
    if (!match?.[1]) {
      out.push(finding(RULE, "error", `Migration ${file} is misnamed.`, "Name migrations NNNN-lowercase-words.sql (four digits, then a dash)."));
      continue;
    }
    numbers.push(Number(match[1]));
  }
  const pad = (n: number) => String(n).padStart(4, "0");
  const seen = new Set<number>();
  let expected = 1;
  for (const n of numbers) {
    if (seen.has(n)) {
      out.push(finding(RULE, "error", `Two migrations carry the number ${pad(n)}.`, "Renumber the newer one to follow the last migration (never edit or renumber applied ones)."));
      continue;
    }
    seen.add(n);
    if (n !== expected) {
      out.push(
        finding(RULE, "error", `Migration ${pad(n)} is out of order: ${pad(expected)} was expected next (the numbers run 0001, 0002, … without gaps).`, "Number each new migration one above the last one."),
      );
    }
    expected = n + 1;
  }
  if (sql.length === 0) {
    out.push(finding(RULE, "error", "The migrations folder holds no .sql file.", "Restore the migrations 0001..0013."));
  }
  if (!sql.includes(REQUIRED)) {
    out.push(finding(RULE, "error", `${REQUIRED} is missing: the OAuth tables would not exist.`, `Restore migrations/${REQUIRED} from the repository.`));
  }
  return out;
};
