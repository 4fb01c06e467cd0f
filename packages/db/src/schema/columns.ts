import { customType, integer } from "drizzle-orm/sqlite-core";

// Every timestamp is stored as epoch milliseconds and read back as a Date.
export const timestamp = (name: string) => integer(name, { mode: "timestamp_ms" });
export const flag = (name: string) => integer(name, { mode: "boolean" });

export const roles = ["admin", "user"] as const;
export type Role = (typeof roles)[number];

/** A BLOB read back as bytes: D1 returns blobs as arrays of numbers (locally) or ArrayBuffers. */
export const bytes = customType<{ data: Uint8Array; driverData: Uint8Array | ArrayBuffer | number[] }>({
  dataType: () => "blob",
  fromDriver: (value) => (value instanceof Uint8Array ? value : new Uint8Array(value)),
  toDriver: (value) => value,
});
