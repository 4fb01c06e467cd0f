/** Fields of a structured log line; values must be JSON-serializable. */
export type LogFields = Record<string, unknown>;

export interface Logger {
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  /** Errors keep their stack here, on the server side only; answers never carry it. */
  error(message: string, error?: unknown, fields?: LogFields): void;
}

function errorFields(error: unknown): LogFields {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? { cause: `${error.cause.name}: ${error.cause.message}` } : {};
    return { error: `${error.name}: ${error.message}`, stack: error.stack, ...cause };
  }
  if (error === undefined) return {};
  if (typeof error === "string") return { error };
  try {
    return { error: JSON.stringify(error) };
  } catch {
    return { error: "(an error value that cannot be shown)" };
  }
}

/**
 * One JSON object per line on the console (what the platform's log tail and Logpush collect),
 * every line carrying the request id, so an id a user reports finds its lines.
 */
export function createLogger(requestId: string, base: LogFields = {}): Logger {
  const write = (level: "info" | "warn" | "error", message: string, fields: LogFields) => {
    const line = JSON.stringify({ level, message, requestId, ...base, ...fields });
    // The console method carries the level to the platform's logs (and spares `wrangler dev` the
    // stack-trace source mapping it runs on every plain `console.log` line).
    if (level === "error") console.error(line);
    else if (level === "warn") console.warn(line);
    else console.info(line);
  };
  return {
    info: (message, fields = {}) => {
      write("info", message, fields);
    },
    warn: (message, fields = {}) => {
      write("warn", message, fields);
    },
    error: (message, error, fields = {}) => {
      write("error", message, { ...errorFields(error), ...fields });
    },
  };
}

/** The request id: the platform's `cf-ray` when there is one, else a random one. */
export function requestIdFrom(headers: Headers | null): string {
  const ray = headers?.get("cf-ray")?.trim();
  return ray && /^[\w-]{1,64}$/.test(ray) ? ray : crypto.randomUUID();
}
