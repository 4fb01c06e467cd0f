import { countRoundTrips } from "@mailroom/db";

/**
 * How often the isolate reached the platform's stores, for the bench to divide by the messages it
 * sent. Only with `BENCH_COUNTERS=true` (`npm run bench`); never on in staging or production (the
 * doctor checks).
 */
interface BindingCounts {
  /** D1 round trips: each statement run on its own, and each batch once. */
  d1: number;
  kvReads: number;
  kvWrites: number;
  r2Reads: number;
  r2Writes: number;
}

type Counted = Exclude<keyof BindingCounts, "d1">;

const kvMethods = new Map<PropertyKey, Counted>([
  ["get", "kvReads"],
  ["getWithMetadata", "kvReads"],
  ["list", "kvReads"],
  ["put", "kvWrites"],
  ["delete", "kvWrites"],
]);
const r2Methods = new Map<PropertyKey, Counted>([
  ["get", "r2Reads"],
  ["head", "r2Reads"],
  ["list", "r2Reads"],
  ["put", "r2Writes"],
  ["delete", "r2Writes"],
  ["createMultipartUpload", "r2Writes"],
]);

/** A proxy whose methods named in `methods` add one to their counter per call. */
function countCalls<T extends object>(target: T, counts: BindingCounts, methods: Map<PropertyKey, Counted>): T {
  return new Proxy(target, {
    get(object, property) {
      const value: unknown = Reflect.get(object, property, object);
      if (typeof value !== "function") return value;
      const field = methods.get(property);
      // The runtime checks `this`, so calls go to the real binding.
      return (...args: unknown[]): unknown => {
        if (field) counts[field] += 1;
        return Reflect.apply(value, object, args);
      };
    },
  });
}

// Kept in the isolate and read over HTTP by the bench: a log line per message would cost the
// local runtime more CPU than some of what it measures.
const tally: BenchTally = { messages: 0, d1: 0, kvReads: 0, kvWrites: 0, r2Reads: 0, r2Writes: 0 };

export interface CountedBindings {
  db: D1Database;
  cache: KVNamespace;
  attachments: R2Bucket | undefined;
}

// One counting wrapper per binding for the isolate's life, so what is built on a binding (the
// Drizzle client) is built once, counted or not.
const wrapped = new WeakMap<object, object>();

function once<T extends object>(binding: T, wrap: (binding: T) => T): T {
  const known = wrapped.get(binding) as T | undefined;
  if (known) return known;
  const made = wrap(binding);
  wrapped.set(binding, made);
  return made;
}

/** The bindings wrapped so every call through them is added to the isolate's tally. */
export function countBindings(bindings: { db: D1Database; cache: KVNamespace; attachments: R2Bucket | undefined }): CountedBindings {
  return {
    db: once(bindings.db, (db) =>
      countRoundTrips(db, () => {
        tally.d1 += 1;
      }),
    ),
    cache: once(bindings.cache, (cache) => countCalls(cache, tally, kvMethods)),
    attachments: bindings.attachments ? once(bindings.attachments, (bucket) => countCalls(bucket, tally, r2Methods)) : undefined,
  };
}

/** The isolate's running count of binding calls, and of the messages it took. */
export interface BenchTally extends BindingCounts {
  messages: number;
}

/** Counts one more message taken (once its background work is done, so the calls are in). */
export function countBenchMessage(): void {
  tally.messages += 1;
}

/** A copy of the tally so far. */
export function benchTally(): BenchTally {
  return { ...tally };
}
