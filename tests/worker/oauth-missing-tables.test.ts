import { describe, expect, it } from "vitest";
import { env } from "./support/call-worker.ts";
import { appError, createClient } from "./support/client.ts";
import { callback, finalizeRest, startLogin } from "./support/oauth.ts";

// This file's storage loses the OAuth tables, as if 0013-oauth-login.sql had not been applied.
describe("without the OAuth tables", () => {
  it("a callback with a state from before gives state_invalid, not a 500", async () => {
    const { state } = await startLogin("codehost");
    await env.DB.exec("DROP TABLE oauth_states");
    const result = await callback("codehost", { code: "primary-verified~1", state });
    expect(result.response.status).toBe(302);
    expect(result.location).toBe("/login?oauth_error=state_invalid");
  });

  it("start sends the browser to the login page with state_invalid, not a 500", async () => {
    const { response, location } = await startLogin("forum", "/x");
    expect(response.status).toBe(302);
    expect(location).toBe("/login?oauth_error=state_invalid");
  });

  it("a ticket is invalid (400), not a 500, without oauth_pending_logins", async () => {
    await env.DB.exec("DROP TABLE oauth_pending_logins");
    const result = await finalizeRest("forum", { ticket: "t", inviteCode: "ABCD-EFGH-JKLM" });
    expect(result.response.status).toBe(400);
    expect(result.json.error?.code).toBe("oauth_ticket_invalid");
    expect((await appError(createClient().trpc.auth.oauth.ticket.query({ ticket: "t" }))).appCode).toBe("oauth_ticket_invalid");
  });
});
