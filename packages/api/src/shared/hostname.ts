import { z } from "zod";

// One mail domain as an administrator types it: a fully qualified host name, checked the same
// way by the settings service and the web form, with plain words for each mistake.

const maxLength = 253;
const maxLabel = 63;

/** Each way a typed domain can be wrong: the rule an issue names (`hostname_<problem>`). */
const hostnameProblems = ["empty", "spaces", "scheme", "path", "email", "port", "invalid", "chars", "localhost", "no_dot", "too_long", "dots", "label_too_long", "hyphen", "ip"] as const;
type HostnameProblem = (typeof hostnameProblems)[number];

/** The API's (English) words for each problem; clients word them from the rule. */
const englishText: Record<HostnameProblem, string> = {
  empty: "Enter a domain name",
  spaces: "Put one domain on each line, without spaces",
  scheme: "Leave out http:// — enter only the domain name",
  path: "Leave out the path — enter only the domain name",
  email: "Enter a domain name, not an e-mail address",
  port: "Leave out the port — enter only the domain name",
  invalid: "This is not a valid domain name",
  chars: "Use only letters, digits, hyphens and dots",
  localhost: "localhost cannot receive mail from the internet; enter a real domain",
  no_dot: "Enter a full domain name with a dot, such as mail.example.com",
  too_long: `A domain name can have at most ${maxLength} characters`,
  dots: "Dots cannot come first, last or twice in a row",
  label_too_long: `Each part between dots can have at most ${maxLabel} characters`,
  hyphen: "A part between dots cannot start or end with a hyphen",
  ip: "Enter a domain name, not an IP address",
};

/** The host name in its stored form (lower case, punycode), or which rule it breaks. */
export function normalizeHostname(input: string): { hostname: string } | { problem: HostnameProblem } {
  const value = input.trim().toLowerCase();
  if (value === "") return { problem: "empty" };
  if (/\s/.test(value)) return { problem: "spaces" };
  if (/^[a-z][a-z0-9+.-]*:\/\//.test(value)) return { problem: "scheme" };
  if (value.includes("/")) return { problem: "path" };
  if (value.includes("@")) return { problem: "email" };
  if (value.includes(":")) return { problem: "port" };
  let ascii = value;
  if (/[^\x20-\x7e]/.test(value)) {
    // International names are stored in punycode; URL applies the IDNA rules (it also maps
    // full-width dots), in browsers and in the worker alike.
    try {
      ascii = new URL(`http://${value}/`).hostname;
    } catch {
      return { problem: "invalid" };
    }
  }
  if (!/^[a-z0-9.-]+$/.test(ascii)) return { problem: "chars" };
  if (ascii === "localhost") return { problem: "localhost" };
  if (!ascii.includes(".")) return { problem: "no_dot" };
  if (ascii.length > maxLength) return { problem: "too_long" };
  const labels = ascii.split(".");
  if (labels.some((label) => label === "")) return { problem: "dots" };
  if (labels.some((label) => label.length > maxLabel)) return { problem: "label_too_long" };
  if (labels.some((label) => label.startsWith("-") || label.endsWith("-"))) return { problem: "hyphen" };
  if (/^\d+$/.test(labels.at(-1) ?? "")) return { problem: "ip" };
  return { hostname: ascii };
}

/** A mail domain as typed, validated and normalized (see `normalizeHostname`). */
export const hostnameSchema = z.string().transform((value, ctx) => {
  const result = normalizeHostname(value);
  if ("problem" in result) {
    ctx.addIssue({ code: "custom", message: englishText[result.problem], params: { rule: `hostname_${result.problem}` } });
    return z.NEVER;
  }
  return result.hostname;
});

/** The problem a field issue's rule names, if it is one of the host-name rules. */
export function hostnameProblemOf(rule: string | undefined): HostnameProblem | undefined {
  return hostnameProblems.find((problem) => rule === `hostname_${problem}`);
}
