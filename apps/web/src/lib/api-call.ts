import type { AppRouter, ErrorData } from "@mailroom/api";
import type { AnyTRPCProcedure, inferProcedureInput, inferProcedureOutput } from "@trpc/server";
import { useCallback, useEffect, useState } from "react";
import { apiBase } from "./api-base";

/*
 * A small typed caller of the tRPC HTTP endpoint for the signed-out screens (landing, sign-in,
 * sign-up), which make a handful of calls and should not carry the tRPC/react-query client.
 * Types come from the router (type-only imports); the wire format is tRPC's non-batched one with
 * the superjson envelope (`{ json }`). Their inputs are plain strings and objects, so the envelope
 * needs no `meta`; outputs are read as JSON, so a Date arrives as its ISO string (`Jsonified`).
 */

type Procedures = AppRouter["_def"]["record"];
type Kind = "query" | "mutation";

/** Every procedure's dotted path (`auth.oauth.ticket`) of one kind. */
type PathsOf<R, K extends Kind, Prefix extends string = ""> = {
  [Key in keyof R & string]: R[Key] extends AnyTRPCProcedure
    ? R[Key]["_def"]["type"] extends K
      ? `${Prefix}${Key}`
      : never
    : PathsOf<R[Key], K, `${Prefix}${Key}.`>;
}[keyof R & string];

type ProcedureAt<R, P extends string> = P extends `${infer Head}.${infer Rest}`
  ? Head extends keyof R
    ? ProcedureAt<R[Head], Rest>
    : never
  : P extends keyof R
    ? R[P] extends AnyTRPCProcedure
      ? R[P]
      : never
    : never;

type Jsonified<T> = T extends Date ? string : T extends readonly (infer U)[] ? Jsonified<U>[] : T extends object ? { [K in keyof T]: Jsonified<T[K]> } : T;

type QueryPath = PathsOf<Procedures, "query">;
type MutationPath = PathsOf<Procedures, "mutation">;
type InputOf<P extends string> = inferProcedureInput<ProcedureAt<Procedures, P>>;
type OutputOf<P extends string> = Jsonified<inferProcedureOutput<ProcedureAt<Procedures, P>>>;

/** A failed call: `data` is the error's contract data, absent when the API could not be reached. */
export class ApiCallError extends Error {
  override name = "ApiCallError";
  readonly data: ErrorData | undefined;
  constructor(message: string, data?: ErrorData) {
    super(message);
    this.data = data;
  }
}

interface Envelope {
  result?: { data?: { json?: unknown } };
  error?: { json?: { message?: string; data?: ErrorData } };
}

async function send(path: string, init: RequestInit, search = ""): Promise<unknown> {
  let body: Envelope;
  try {
    const response = await fetch(`${apiBase}/api/trpc/${path}${search}`, { ...init, credentials: "include" });
    body = await response.json<Envelope>();
  } catch (cause) {
    throw new ApiCallError(cause instanceof Error ? cause.message : "The API could not be reached");
  }
  if (body.error) throw new ApiCallError(body.error.json?.message ?? "Request failed", body.error.json?.data);
  return body.result?.data?.json;
}

async function apiQuery<P extends QueryPath>(path: P, input?: InputOf<P>): Promise<OutputOf<P>> {
  const search = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
  return (await send(path, { method: "GET" }, search)) as OutputOf<P>;
}

export async function apiMutation<P extends MutationPath>(path: P, input: InputOf<P>): Promise<OutputOf<P>> {
  return (await send(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ json: input }) })) as OutputOf<P>;
}

type QueryState<T> = { status: "pending" } | { status: "success"; data: T } | { status: "error"; error: ApiCallError };

/** Runs a query once per input; `input` is compared by its JSON. */
export function useApiQuery<P extends QueryPath>(path: P, input?: InputOf<P>): QueryState<OutputOf<P>> {
  const [state, setState] = useState<QueryState<OutputOf<P>>>({ status: "pending" });
  const key = JSON.stringify(input ?? null);
  useEffect(() => {
    let current = true;
    setState({ status: "pending" });
    apiQuery(path, input).then(
      (data) => {
        if (current) setState({ status: "success", data });
      },
      (error: unknown) => {
        if (current) setState({ status: "error", error: error instanceof ApiCallError ? error : new ApiCallError(String(error)) });
      },
    );
    return () => {
      current = false;
    };
    // `key` stands for `input`, so a new object with the same content does not refetch.
  }, [path, key]);
  return state;
}

/** A mutation's call, pending flag and last error; `onSuccess` gets the output. */
export function useApiMutation<P extends MutationPath>(path: P, onSuccess: (data: OutputOf<P>) => void) {
  const [isPending, setPending] = useState(false);
  const [error, setError] = useState<ApiCallError | null>(null);
  const mutate = useCallback(
    (input: InputOf<P>) => {
      setPending(true);
      setError(null);
      apiMutation(path, input).then(
        (data) => {
          setPending(false);
          onSuccess(data);
        },
        (failure: unknown) => {
          setPending(false);
          setError(failure instanceof ApiCallError ? failure : new ApiCallError(String(failure)));
        },
      );
    },
    [path, onSuccess],
  );
  return { mutate, isPending, error };
}
