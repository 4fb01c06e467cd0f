import { retryWhileBusy } from "./sqlite-busy.ts";

const retried = new Set(["all", "first", "raw", "run"]);

function patientStatement(inner: D1PreparedStatement, unwrap: WeakMap<object, D1PreparedStatement>): D1PreparedStatement {
  const statement = new Proxy(inner, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key);
      if (typeof value !== "function") return value;
      const method = value as (...args: unknown[]) => unknown;
      if (key === "bind") return (...values: unknown[]) => patientStatement(method.apply(target, values) as D1PreparedStatement, unwrap);
      if (typeof key === "string" && retried.has(key)) return (...args: unknown[]) => retryWhileBusy(() => method.apply(target, args) as Promise<unknown>);
      return method.bind(target);
    },
  });
  unwrap.set(statement, inner);
  return statement;
}

/** A D1 binding whose statements and batches wait out another writer's lock instead of failing. */
export function patientD1(inner: D1Database): D1Database {
  const unwrap = new WeakMap<object, D1PreparedStatement>();
  return new Proxy(inner, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key);
      if (typeof value !== "function") return value;
      const method = value as (...args: unknown[]) => unknown;
      if (key === "prepare") return (query: string) => patientStatement(method.call(target, query) as D1PreparedStatement, unwrap);
      if (key === "batch")
        // A batch is one transaction: a busy one committed nothing.
        return (statements: D1PreparedStatement[]) => retryWhileBusy(() => method.call(target, statements.map((s) => unwrap.get(s) ?? s)) as Promise<unknown>);
      if (key === "exec") return (query: string) => retryWhileBusy(() => method.call(target, query) as Promise<unknown>);
      return method.bind(target);
    },
  });
}
