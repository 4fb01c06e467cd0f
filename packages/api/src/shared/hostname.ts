import { z } from "zod";

// One mail domain as an administrator types it: a fully qualified host name, checked the same
// way by the settings service and the web form, with plain words for each mistake.

const maxLength = 253;
const maxLabel = 63;

/** The host name in its stored form (lower case, punycode), or what is wrong with it. */
export function normalizeHostname(input: string): { hostname: string } | { problem: string } {
  const value = input.trim().toLowerCase();
  if (value === "") return { problem: "Enter a domain name" };
  if (/\s/.test(value)) return { problem: "Put one domain on each line, without spaces" };
  if (/^[a-z][a-z0-9+.-]*:\/\//.test(value)) return { problem: "Leave out http:// — enter only the domain name" };
  if (value.includes("/")) return { problem: "Leave out the path — enter only the domain name" };
  if (value.includes("@")) return { problem: "Enter a domain name, not an e-mail address" };
  if (value.includes(":")) return { problem: "Leave out the port — enter only the domain name" };
  let ascii = value;
  if (/[^\x20-\x7e]/.test(value)) {
    // International names are stored in punycode; URL applies the IDNA rules (it also maps
    // full-width dots), in browsers and in the worker alike.
    try {
      ascii = new URL(`http://${value}/`).hostname;
    } catch {
      return { problem: "This is not a valid domain name" };
    }
  }
  if (!/^[a-z0-9.-]+$/.test(ascii)) return { problem: "Use only letters, digits, hyphens and dots" };
  if (ascii === "localhost") return { problem: "localhost cannot receive mail from the internet; enter a real domain" };
  if (!ascii.includes(".")) return { problem: "Enter a full domain name with a dot, such as mail.example.com" };
  if (ascii.length > maxLength) return { problem: `A domain name can have at most ${maxLength} characters` };
  const labels = ascii.split(".");
  if (labels.some((label) => label === "")) return { problem: "Dots cannot come first, last or twice in a row" };
  if (labels.some((label) => label.length > maxLabel)) return { problem: `Each part between dots can have at most ${maxLabel} characters` };
  if (labels.some((label) => label.startsWith("-") || label.endsWith("-"))) return { problem: "A part between dots cannot start or end with a hyphen" };
  if (/^\d+$/.test(labels.at(-1) ?? "")) return { problem: "Enter a domain name, not an IP address" };
  return { hostname: ascii };
}

/** A mail domain as typed, validated and normalized (see `normalizeHostname`). */
export const hostnameSchema = z.string().transform((value, ctx) => {
  const result = normalizeHostname(value);
  if ("problem" in result) {
    ctx.addIssue({ code: "custom", message: result.problem });
    return z.NEVER;
  }
  return result.hostname;
});
