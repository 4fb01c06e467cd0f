import { loadConfig, type Bindings, type Config } from "@mailroom/config";
import { createDb, type Database, type UserRow } from "@mailroom/db";
import { createAdapters, type Adapters } from "../adapters/index.ts";
import { countBindings } from "./binding-counters.ts";
import { createLogger, type Logger } from "./logger.ts";

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** Who is acting: a signed-in user, through a session cookie or an API key. */
export interface Actor {
  user: UserRow;
  /** The stored session id (hash), when the actor came through a session cookie. */
  sessionId: string | null;
  /** The API key's id, when the actor came through `Authorization: Bearer mr_…` (a key actor). */
  apiKeyId?: string | null;
}

/** The platform's stores and services beyond the database. */
interface Stores {
  cache: KVNamespace;
  attachments: R2Bucket | undefined;
  rateLimiter: RateLimit | undefined;
  ai: Ai | undefined;
  /** The platform's sending (`SEND_EMAIL`), when bound. */
  sendEmail: SendEmail | undefined;
}

/** What the platform says about the client; "unknown" address for local tools. */
interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

/**
 * Everything a service may use, whoever calls it (tRPC, REST routes, email(), scheduled(),
 * the CLI). Services never see the HTTP request: transports read it and fill this in, and turn
 * what services return (a session token, a redirect) into cookies and headers.
 */
export interface ServiceContext {
  db: Database;
  config: Config;
  clock: Clock;
  requestId: string;
  actor: Actor | null;
  waitUntil: (promise: Promise<unknown>) => void;
  stores: Stores;
  adapters: Adapters;
  log: Logger;
  client: ClientInfo;
}

/** A context whose actor is known (protected procedures, API calls). */
export type SignedInContext = ServiceContext & { actor: Actor };

export interface PlatformInput {
  env: Bindings;
  requestId: string;
  waitUntil: (promise: Promise<unknown>) => void;
  client?: ClientInfo;
  clock?: Clock;
}

/**
 * Builds the service context from the platform's bindings (throws ConfigError for invalid
 * settings). With `BENCH_COUNTERS=true` every call through the bindings is counted in the isolate.
 */
export function createServiceContext({ env, requestId, waitUntil, client, clock }: PlatformInput): ServiceContext {
  const config = loadConfig(env);
  const counted = config.benchCounters ? countBindings({ db: env.DB, cache: env.CACHE, attachments: env.ATTACHMENTS }) : null;
  return {
    db: createDb(counted?.db ?? env.DB),
    config,
    clock: clock ?? systemClock,
    requestId,
    actor: null,
    waitUntil,
    stores: { cache: counted?.cache ?? env.CACHE, attachments: counted ? counted.attachments : env.ATTACHMENTS, rateLimiter: env.RATE_LIMITER, ai: env.AI, sendEmail: env.SEND_EMAIL },
    adapters: createAdapters(config),
    log: createLogger(requestId),
    client: client ?? { ip: "unknown", userAgent: null },
  };
}
