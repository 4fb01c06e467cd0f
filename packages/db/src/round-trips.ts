import type { D1Database, D1PreparedStatement } from "@cloudflare/workers-types";

/** Calls `method` of `target` with `args`, keeping `this` the real object (the runtime checks it). */
function callOn(target: object, method: unknown, args: unknown[]): unknown {
  return typeof method === "function" ? Reflect.apply(method, target, args) : undefined;
}

const statementRuns = new Set<PropertyKey>(["first", "all", "run", "raw"]);

/**
 * The binding with `onRoundTrip` called once per trip to the database: each statement run on its
 * own, each batch, each `exec`. For `npm run bench` (BENCH_COUNTERS) only.
 */
export function countRoundTrips(d1: D1Database, onRoundTrip: () => void): D1Database {
  // A batch takes the runtime's own statements, so each proxy remembers the one it wraps.
  const originals = new WeakMap<D1PreparedStatement, D1PreparedStatement>();
  const wrapStatement = (statement: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(object, property) {
        const value: unknown = Reflect.get(object, property, object);
        if (typeof value !== "function") return value;
        if (property === "bind") return (...args: unknown[]) => wrapStatement(callOn(object, value, args) as D1PreparedStatement);
        return (...args: unknown[]) => {
          if (statementRuns.has(property)) onRoundTrip();
          return callOn(object, value, args);
        };
      },
    });
    originals.set(proxy, statement);
    return proxy;
  };
  return new Proxy(d1, {
    get(object, property) {
      const value: unknown = Reflect.get(object, property, object);
      if (typeof value !== "function") return value;
      if (property === "prepare") return (query: string) => wrapStatement(object.prepare(query));
      if (property === "batch") {
        return (statements: D1PreparedStatement[]) => {
          onRoundTrip();
          return object.batch(statements.map((s) => originals.get(s) ?? s));
        };
      }
      return (...args: unknown[]) => {
        if (property === "exec") onRoundTrip();
        return callOn(object, value, args);
      };
    },
  });
}
