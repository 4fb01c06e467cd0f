import { countRoundTrips } from "@mailroom/db";

/**
 * How often one unit of work (a message, a request) reached the platform's stores. Only with
 * `BENCH_COUNTERS=true` (`npm run bench`); never on in staging or production (the doctor checks).
 */
export interface BindingCounts {
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

export interface CountedBindings {
  db: D1Database;
  cache: KVNamespace;
  attachments: R2Bucket | undefined;
  counts: BindingCounts;
}

/** The bindings wrapped so every call through them is counted in `counts`. */
export function countBindings(bindings: { db: D1Database; cache: KVNamespace; attachments: R2Bucket | undefined }): CountedBindings {
  const counts: BindingCounts = { d1: 0, kvReads: 0, kvWrites: 0, r2Reads: 0, r2Writes: 0 };
  return {
    db: countRoundTrips(bindings.db, () => {
      counts.d1 += 1;
    }),
    cache: countCalls(bindings.cache, counts, kvMethods),
    attachments: bindings.attachments ? countCalls(bindings.attachments, counts, r2Methods) : undefined,
    counts,
  };
}

/** The sum of the counts of every message this isolate took, and how many messages that was. */
export interface BenchTally extends BindingCounts {
  messages: number;
}

// Kept in the isolate and read over HTTP by the bench: a log line per message would cost the
// local runtime more CPU than some of what it measures.
const tally: BenchTally = { messages: 0, d1: 0, kvReads: 0, kvWrites: 0, r2Reads: 0, r2Writes: 0 };

/** Adds one message's counts (listeners included) to the isolate's tally. */
export function addToBenchTally(counts: BindingCounts): void {
  tally.messages += 1;
  tally.d1 += counts.d1;
  tally.kvReads += counts.kvReads;
  tally.kvWrites += counts.kvWrites;
  tally.r2Reads += counts.r2Reads;
  tally.r2Writes += counts.r2Writes;
}

/** A copy of the tally so far. */
export function benchTally(): BenchTally {
  return { ...tally };
}
