export type DeliveryResult = { ok: true; summary: string } | { ok: false; summary: string };

const rejectedPrefix = "Worker rejected email with the following reason: ";

/**
 * Posts a raw message to wrangler's local email endpoint, which runs the worker's `email()`
 * handler, and says what became of it.
 */
export async function deliverLocally(baseUrl: string, envelope: { from: string; to: string }, raw: Uint8Array): Promise<DeliveryResult> {
  const url = new URL("/cdn-cgi/handler/email", baseUrl);
  url.searchParams.set("from", envelope.from);
  url.searchParams.set("to", envelope.to);
  let response: Response;
  try {
    response = await fetch(url, { method: "POST", headers: { "content-type": "message/rfc822" }, body: raw });
  } catch (error) {
    const reason = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    return { ok: false, summary: `failed: cannot reach ${url.origin} (${reason}). Is the worker running (npm run dev)?` };
  }
  const body = (await response.text()).trim();
  if (response.ok) return { ok: true, summary: `delivered to ${envelope.to}` };
  if (response.status === 400 && body.startsWith(rejectedPrefix)) return { ok: false, summary: `rejected: ${body.slice(rejectedPrefix.length)}` };
  return { ok: false, summary: `failed: HTTP ${response.status}${body ? `: ${body}` : ""}` };
}
