import { z } from "zod";

/** Opaque keyset cursor for newest-first lists: the last row's time and id. */
export interface Cursor {
  at: number;
  id: string;
}

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

/** `%`, `_` and `\` typed by a user match themselves in a LIKE pattern. */
export function likePattern(query: string): string {
  return `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
