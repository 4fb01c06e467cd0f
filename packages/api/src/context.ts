import type { Bindings, Config } from "@mailroom/config";
import { loadConfig } from "@mailroom/config";
import { createDb, type Database } from "@mailroom/db";

/** What every procedure and REST route gets for one request. */
export interface Context {
  env: Bindings;
  config: Config;
  db: Database;
  req: Request;
  /** Headers to add to the response (cookies, Retry-After). */
  resHeaders: Headers;
  /** The client address as the platform reports it; "unknown" when absent (local tools). */
  clientIp: string;
  waitUntil: (promise: Promise<unknown>) => void;
}

export interface ContextInput {
  env: Bindings;
  req: Request;
  resHeaders: Headers;
  waitUntil: (promise: Promise<unknown>) => void;
}

export function createContext({ env, req, resHeaders, waitUntil }: ContextInput): Context {
  return {
    env,
    config: loadConfig(env),
    db: createDb(env.DB),
    req,
    resHeaders,
    clientIp: req.headers.get("cf-connecting-ip") ?? "unknown",
    waitUntil,
  };
}
