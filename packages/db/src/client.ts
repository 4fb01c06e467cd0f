import type { D1Database } from "@cloudflare/workers-types";
import { drizzle } from "drizzle-orm/d1";

function build(d1: D1Database) {
  return drizzle(d1);
}

export type Database = ReturnType<typeof build>;

// A binding lives as long as its isolate; its client is built once, not per request or message.
const clients = new WeakMap<D1Database, Database>();

/**
 * The Drizzle client over the `DB` binding. Without a schema: the query layer uses the query
 * builder only, and building relational metadata cost each request.
 */
export function createDb(d1: D1Database): Database {
  // A missing binding (health answers without one) makes a client that fails only when used.
  if (typeof d1 !== "object") return build(d1);
  let client = clients.get(d1);
  if (!client) {
    client = build(d1);
    clients.set(d1, client);
  }
  return client;
}
