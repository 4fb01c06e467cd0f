import { environments, type Finding, type Rule } from "../types.ts";
import { envView, isTable } from "../view.ts";
import { finding } from "./finding.ts";

const RULE = "rate-limiter";

function namespaceIds(view: ReturnType<typeof envView>): unknown[] {
  return view.ratelimits.filter((r) => r.name === "RATE_LIMITER").map((r) => r.namespace_id);
}

/** `namespace_id` is an integer-form string, unique in the account: never shared between blocks. */
export const rateLimiterRules: Rule = (input) => {
  const view = envView(input.toml, input.env);
  const section = `[[${view.prefix}ratelimits]]`;
  const out: Finding[] = [];
  for (const limiter of view.ratelimits.filter((r) => r.name === "RATE_LIMITER")) {
    const id = limiter.namespace_id;
    if (typeof id !== "string" || !/^[1-9]\d*$/.test(id)) {
      out.push(
        finding(RULE, "error", `${section} namespace_id is ${JSON.stringify(id)}, not a string of integer form.`, 'Write it as a quoted positive integer, e.g. namespace_id = "1001".'),
      );
    }
    const simple = isTable(limiter.simple) ? limiter.simple : {};
    const limit = simple.limit;
    if (typeof limit !== "number" || !Number.isInteger(limit) || limit < 1) {
      out.push(finding(RULE, "error", `${section} simple.limit is ${JSON.stringify(limit)}.`, "Set simple = { limit = <positive integer>, period = 60 }."));
    }
    if (simple.period !== 10 && simple.period !== 60) {
      out.push(finding(RULE, "error", `${section} simple.period is ${JSON.stringify(simple.period)}; the platform accepts 10 or 60.`, "Set simple.period to 10 or 60."));
    }
  }
  const mine = namespaceIds(view);
  for (const other of environments) {
    if (other === input.env) continue;
    const shared = namespaceIds(envView(input.toml, other)).filter((id) => typeof id === "string" && mine.includes(id));
    for (const id of shared) {
      const bothRemote = input.env !== "local" && other !== "local";
      out.push(
        finding(
          RULE,
          bothRemote ? "error" : "warning",
          `RATE_LIMITER namespace_id ${JSON.stringify(id)} is used by both ${input.env} and ${other}.`,
          "Give every environment its own namespace_id (change a number only if another worker in the account already uses it).",
        ),
      );
    }
  }
  return out;
};
