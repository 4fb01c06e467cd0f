import type { FakeHandler, RecordedRequest } from "../../support/fake-server.ts";

/**
 * A fake Resend (`POST /emails`) for the Node-side global setups of the worker and browser
 * suites. Like Resend it checks the bearer key (401), the JSON body (422 `validation_error`)
 * and honours `Idempotency-Key` (the same key and body answer the first id again without a new
 * send; the same key with another body is a 409). It also insists on the key, which Mailroom
 * always sends. The first recipient's local part picks a scenario: `refuse-…` answers 422 with
 * Resend's error JSON, `down-…` a bare HTTP 500, `slow-…` answers after `slowAnswerMs`;
 * anyone else is accepted.
 */
export const resendTestKey = "re_test_key";
/** The signing secret of the event webhook the tests' "Resend" posts with (OUTBOUND_EVENTS_SECRET). */
export const resendEventsTestSecret = `whsec_${btoa("mailroom test events secret 32b!")}`;
/** A second Resend account's key (a domain with a key of its own). */
export const resendSecondAccountKey = "re_second_account";
const acceptedKeys = new Set([resendTestKey, resendSecondAccountKey].map((key) => `Bearer ${key}`));
const slowAnswerMs = 2000;

interface SentEmail {
  id: string;
  body: string;
}

function refusal(status: number, name: string, message: string) {
  return { status, body: { statusCode: status, name, message } };
}

function parsedBody(request: RecordedRequest): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(request.body);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const isStringList = (value: unknown) => Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === "string");

export function resendFakeRoutes(): Record<string, FakeHandler> {
  const byKey = new Map<string, SentEmail>();
  let counter = 0;
  return {
    "POST /emails": async (request) => {
      if (!acceptedKeys.has(request.headers.authorization ?? "")) return refusal(401, "validation_error", "API key is invalid");
      const body = parsedBody(request);
      if (!body || request.headers["content-type"] !== "application/json") return refusal(422, "validation_error", "The request body is not JSON");
      if (typeof body.from !== "string" || !isStringList(body.to) || typeof body.subject !== "string" || (typeof body.text !== "string" && typeof body.html !== "string")) {
        return refusal(422, "missing_required_field", "The `from`, `to`, `subject` and `text` or `html` fields are required");
      }
      const key = request.headers["idempotency-key"];
      if (!key) return refusal(400, "invalid_idempotency_key", "Mailroom must send an Idempotency-Key");
      const earlier = byKey.get(key);
      if (earlier) {
        return earlier.body === request.body ? { body: { id: earlier.id } } : refusal(409, "invalid_idempotent_request", "Same idempotency key used with a different request payload.");
      }
      const first = String((body.to as string[])[0]);
      if (first.startsWith("refuse-")) return refusal(422, "validation_error", `Invalid \`to\` field: ${first} is on the suppression list`);
      if (first.startsWith("down-")) return { status: 500, body: "Internal Server Error" };
      if (first.startsWith("slow-")) await new Promise((resolve) => setTimeout(resolve, slowAnswerMs));
      counter += 1;
      const id = `re_fake_${String(counter).padStart(6, "0")}`;
      byKey.set(key, { id, body: request.body });
      return { body: { id } };
    },
  };
}
