import { z } from "zod";
import { maxMailboxHours, passwordMinLength } from "./limits.ts";

// Input rules shared by the procedures and the web forms, so both say the same thing.
export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, { error: "E-mail address is too long" })
  .pipe(z.email({ error: "Enter a valid e-mail address" }));

export const newPasswordSchema = z
  .string()
  .min(passwordMinLength, { error: `Use at least ${passwordMinLength} characters` })
  .max(256, { error: "Use at most 256 characters" });

export const inviteCodeSchema = z
  .string()
  .trim()
  .min(1, { error: "Enter your invite code" })
  .max(64, { error: "That is not an invite code" });

export const roleSchema = z.enum(["admin", "user"]);

/** One recipient of an outbound mail: a plain address, kept as typed (local parts can be case-sensitive). */
export const recipientSchema = z
  .string()
  .trim()
  .max(254, { error: "E-mail address is too long" })
  .pipe(z.email({ error: "Enter a valid e-mail address" }));

export const expiresInHoursSchema = z
  .int({ error: "Choose a whole number of hours" })
  .min(1, { error: "Keep the mailbox for at least 1 hour" })
  .max(maxMailboxHours, { error: "Keep the mailbox for at most a year (8760 hours)" });
