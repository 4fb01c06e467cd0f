/** The limits of one delivery attempt. */
export interface AttemptLimits {
  timeoutMs: number;
  /** How much of the response body is kept for the log. */
  responseBytes: number;
}

export const defaultAttemptLimits: AttemptLimits = { timeoutMs: 10_000, responseBytes: 2048 };

/** What one POST to an endpoint gave: a 2xx is a success, anything else (3xx included) a failure. */
export interface HttpOutcome {
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  responseText: string | null;
  error: string | null;
}

/** The first `limit` bytes of a body as text; the rest is not read. */
async function readStart(body: ReadableStream<Uint8Array> | null, limit: number): Promise<string> {
  if (!body) return "";
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < limit) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value.subarray(0, limit - size));
      size += Math.min(value.byteLength, limit - size);
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  // A character cut at the limit decodes as U+FFFD rather than failing.
  return new TextDecoder().decode(bytes);
}

function failureText(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) {
    return `No answer within ${String(timeoutMs / 1000)} s`;
  }
  return error instanceof Error ? `Request failed: ${error.message}` : `Request failed: ${String(error)}`;
}

/** One POST with a time limit, redirects not followed; never throws. */
export async function postOnce(url: URL, headers: Record<string, string>, body: string, limits: AttemptLimits): Promise<HttpOutcome> {
  const started = Date.now();
  const signal = AbortSignal.timeout(limits.timeoutMs);
  try {
    const response = await fetch(url, { method: "POST", headers, body, redirect: "manual", signal });
    let responseText: string | null = null;
    let readError: string | null = null;
    try {
      responseText = await readStart(response.body, limits.responseBytes);
    } catch (error) {
      readError = `The answer could not be read: ${failureText(error, limits.timeoutMs)}`;
    }
    const ok = response.status >= 200 && response.status < 300;
    const location = response.headers.get("location");
    const error = ok
      ? null
      : response.status >= 300 && response.status < 400
        ? `Redirect to ${location ?? "(no Location)"} not followed`
        : (readError ?? `HTTP ${String(response.status)}`);
    return { ok, statusCode: response.status, durationMs: Date.now() - started, responseText, error };
  } catch (error) {
    return { ok: false, statusCode: null, durationMs: Date.now() - started, responseText: null, error: failureText(error, limits.timeoutMs) };
  }
}
