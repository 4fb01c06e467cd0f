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
