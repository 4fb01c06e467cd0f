import { integer } from "drizzle-orm/sqlite-core";

// Every timestamp is stored as epoch milliseconds and read back as a Date.
export const timestamp = (name: string) => integer(name, { mode: "timestamp_ms" });
export const flag = (name: string) => integer(name, { mode: "boolean" });

export const roles = ["admin", "user"] as const;
export type Role = (typeof roles)[number];
