import { z } from "zod";
import { randomString } from "../../lib/crypto.ts";

// CONTRACT §8: names that must never belong to an ordinary mailbox.
const reservedLocalParts = new Set([
  "admin",
  "postmaster",
  "abuse",
  "root",
  "hostmaster",
  "webmaster",
  "noreply",
  "no-reply",
  "mailer-daemon",
]);

/** 10 random characters of `[a-z0-9]` for a mailbox without a chosen name. */
export function randomLocalPart(): string {
  return randomString(10, "abcdefghijklmnopqrstuvwxyz0123456789");
}

/** A custom local part: 1–64 of `[a-z0-9._-]`, no leading, trailing or double dot, not reserved. */
export const localPartSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, { error: "Enter a name or leave it empty for a random one" })
  .max(64, { error: "Use at most 64 characters" })
  // Named rules (params.rule), so clients can word each one in their own language.
  .refine((v) => /^[a-z0-9._-]+$/.test(v), { error: "Use only letters, digits, dots, hyphens and underscores", params: { rule: "local_part_chars" } })
  .refine((v) => !v.startsWith(".") && !v.endsWith(".") && !v.includes(".."), {
    error: "Dots cannot come first, last or twice in a row",
    params: { rule: "local_part_dots" },
  })
  .refine((v) => !reservedLocalParts.has(v), { error: "This name is reserved", params: { rule: "local_part_reserved" } });
