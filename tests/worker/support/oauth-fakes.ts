import { startFakeServer, type FakeServer, type RecordedRequest } from "../../support/fake-server.ts";
import { codehostAnswer, forumAnswer } from "./oauth-scenarios.ts";

// Fake GitHub and forum OAuth providers speaking the real wire formats (Node side; shared by the
// worker suite's global setup and the browser suite). Tokens carry the code they were issued for,
// so the profile calls know which scenario they belong to.

const tokenPrefix = "tok_";

function codeOfBearer(request: RecordedRequest): string | undefined {
  const match = /^Bearer tok_(.+)$/.exec(request.headers.authorization ?? "");
  return match?.[1];
}

/** Like a user who clicks "Authorize": straight back to the callback with `code` and `state`. */
function authorizeBackTo(code: string) {
  return (request: RecordedRequest) => {
    const target = new URL(request.query.redirect_uri ?? "http://invalid.test/");
    target.searchParams.set("code", code);
    target.searchParams.set("state", request.query.state ?? "");
    return { status: 302, headers: { location: target.toString() }, body: "" };
  };
}

/** GitHub: authorize, token exchange, `GET /user`, `GET /user/emails`. */
export function startFakeCodehost(authorizeCode = "primary-verified~1"): Promise<FakeServer> {
  return startFakeServer("codehost", {
    "GET /login/oauth/authorize": authorizeBackTo(authorizeCode),
    "POST /login/oauth/access_token": (request) => {
      const code = new URLSearchParams(request.body).get("code") ?? "";
      const answer = codehostAnswer(code);
      if (answer.token === "fails") return { status: 500, body: { message: "Server Error" } };
      if (answer.token === "garbage") return { body: "<html>not json</html>" };
      // GitHub reports a bad code with 200 and an `error` field.
      if (answer.token === "error") return { body: { error: "bad_verification_code", error_description: "The code passed is incorrect or expired." } };
      return { body: { access_token: `${tokenPrefix}${code}`, token_type: "bearer", scope: "read:user,user:email" } };
    },
    "GET /user": (request) => {
      const code = codeOfBearer(request);
      if (!code) return { status: 401, body: { message: "Bad credentials" } };
      const { user } = codehostAnswer(code);
      return user === "fails" ? { status: 502, body: { message: "Bad gateway" } } : { body: user };
    },
    "GET /user/emails": (request) => {
      const code = codeOfBearer(request);
      if (!code) return { status: 401, body: { message: "Bad credentials" } };
      const { emails } = codehostAnswer(code);
      if (emails === "fails") return { status: 500, body: { message: "Server Error" } };
      if (emails === "garbage") return { body: { message: "not a list" } };
      return { body: emails };
    },
    // A provider that takes its time: the answer comes only after 2 s (for the timeout tests).
    "GET /slow": () =>
      new Promise((resolve) => {
        setTimeout(() => {
          resolve({ body: { late: true } });
        }, 2000);
      }),
  });
}

/** An OAuth 2.0 / OIDC-style forum: authorize, form-encoded token exchange, user info. */
export function startFakeForum(authorizeCode = "sub~1"): Promise<FakeServer> {
  return startFakeServer("forum", {
    "GET /oauth2/authorize": authorizeBackTo(authorizeCode),
    "POST /oauth2/token": (request) => {
      const form = new URLSearchParams(request.body);
      if (form.get("grant_type") !== "authorization_code") return { status: 400, body: { error: "unsupported_grant_type" } };
      const code = form.get("code") ?? "";
      const answer = forumAnswer(code);
      if (answer.token === "fails") return { status: 400, body: { error: "invalid_grant" } };
      if (answer.token === "garbage") return { body: "<<<" };
      return { body: { access_token: `${tokenPrefix}${code}`, token_type: "Bearer", expires_in: 3600 } };
    },
    "GET /api/user": (request) => {
      const code = codeOfBearer(request);
      if (!code) return { status: 401, body: { error: "invalid_token" } };
      const { userinfo, userinfoMode } = forumAnswer(code);
      if (userinfoMode === "fails") return { status: 503, body: { error: "unavailable" } };
      if (userinfoMode === "garbage") return { body: "definitely not json" };
      return { body: userinfo };
    },
  });
}
