import type { Cursor } from "@mailroom/db";
import { z } from "zod";

// A keyset position travels to clients as an opaque string.

export function encodeCursor(cursor: Cursor): string {
  return btoa(`${cursor.at}:${cursor.id}`);
}

const cursorPattern = /^(\d{1,15}):([\w-]{1,64})$/;

export const cursorSchema = z
  .string()
  .max(200)
  .transform((value, ctx): Cursor => {
    let decoded = "";
    try {
      decoded = atob(value);
    } catch {
      // reported below
    }
    const match = cursorPattern.exec(decoded);
    if (!match?.[1] || !match[2]) {
      ctx.addIssue({ code: "custom", message: "Invalid cursor" });
      return z.NEVER;
    }
    return { at: Number(match[1]), id: match[2] };
  });
