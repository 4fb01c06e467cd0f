// What the fake OAuth providers answer, chosen by the authorization `code` the test sends:
// `<scenario>~<tag>`. The tag (digits) makes ids and e-mails unique per test, so tests running
// side by side against the same fake servers never see each other's accounts.

export interface CodehostAnswer {
  token: "ok" | "fails" | "error" | "garbage";
  user: { id: number; login: string; name: string | null; email: string | null } | "fails";
  emails: { email: string; primary: boolean; verified: boolean }[] | "fails" | "garbage";
}

export interface ForumAnswer {
  token: "ok" | "fails" | "garbage";
  userinfo: Record<string, unknown>;
  userinfoMode: "ok" | "fails" | "garbage";
}

function splitCode(code: string): { scenario: string; tag: string } {
  const [scenario = "", tag = "0"] = code.split("~");
  return { scenario, tag };
}

export const codehostEmail = (tag: string, kind: string) => `${tag}.${kind}@codehost.test`;
export const forumEmail = (tag: string, kind = "member") => `${tag}.${kind}@forum.test`;

export function codehostAnswer(code: string): CodehostAnswer {
  const { scenario, tag } = splitCode(code);
  const user = { id: Number(tag), login: `octo-${tag}`, name: `Octo ${tag}`, email: codehostEmail(tag, "public") };
  const ok = { token: "ok" as const, user };
  switch (scenario) {
    case "primary-verified":
      return {
        ...ok,
        emails: [
          { email: codehostEmail(tag, "secondary"), primary: false, verified: true },
          { email: codehostEmail(tag, "primary"), primary: true, verified: true },
        ],
      };
    case "any-verified":
      return {
        ...ok,
        emails: [
          { email: codehostEmail(tag, "unverified"), primary: true, verified: false },
          { email: codehostEmail(tag, "verified"), primary: false, verified: true },
        ],
      };
    case "public-only":
      return { ...ok, emails: [] };
    case "unverified-only":
      return { ...ok, emails: [{ email: codehostEmail(tag, "unverified"), primary: true, verified: false }] };
    case "no-email":
      return { ...ok, user: { ...user, email: null }, emails: [] };
    case "changed-email":
      return { ...ok, emails: [{ email: codehostEmail(tag, "changed"), primary: true, verified: true }] };
    case "token-fails":
      return { ...ok, token: "fails", emails: [] };
    case "token-error":
      return { ...ok, token: "error", emails: [] };
    case "token-garbage":
      return { ...ok, token: "garbage", emails: [] };
    case "user-fails":
      return { ...ok, user: "fails", emails: [] };
    case "emails-fails":
      return { ...ok, emails: "fails" };
    case "emails-garbage":
      return { ...ok, emails: "garbage" };
    default:
      return { ...ok, token: "error", emails: [] };
  }
}

export function forumAnswer(code: string): ForumAnswer {
  const { scenario, tag } = splitCode(code);
  const base = { name: `Forum ${tag}`, preferred_username: `member${tag}` };
  switch (scenario) {
    case "sub":
      return { token: "ok", userinfoMode: "ok", userinfo: { sub: `f-${tag}`, email: forumEmail(tag), ...base } };
    case "id":
      return { token: "ok", userinfoMode: "ok", userinfo: { id: Number(tag), username: `member${tag}`, name: `Forum ${tag}`, email: forumEmail(tag) } };
    case "sub-and-id":
      return { token: "ok", userinfoMode: "ok", userinfo: { sub: `f-${tag}`, id: 1, email: forumEmail(tag), ...base } };
    case "changed-email":
      return { token: "ok", userinfoMode: "ok", userinfo: { sub: `f-${tag}`, email: forumEmail(tag, "changed"), ...base } };
    case "no-email":
      return { token: "ok", userinfoMode: "ok", userinfo: { sub: `f-${tag}`, ...base } };
    case "no-id":
      return { token: "ok", userinfoMode: "ok", userinfo: { email: forumEmail(tag), ...base } };
    case "token-fails":
      return { token: "fails", userinfoMode: "ok", userinfo: {} };
    case "token-garbage":
      return { token: "garbage", userinfoMode: "ok", userinfo: {} };
    case "userinfo-fails":
      return { token: "ok", userinfo: {}, userinfoMode: "fails" };
    case "userinfo-garbage":
      return { token: "ok", userinfo: {}, userinfoMode: "garbage" };
    default:
      return { token: "fails", userinfoMode: "ok", userinfo: {} };
  }
}

/** Worker settings that enable both providers against the fakes. */
export function oauthSettings(urls: { codehost: string; forum: string }, callbackOrigin: string): Record<string, string> {
  return {
    CODEHOST_OAUTH_CLIENT_ID: "codehost-client-id",
    CODEHOST_OAUTH_CLIENT_SECRET: "codehost-client-secret",
    CODEHOST_OAUTH_CALLBACK_URL: `${callbackOrigin}/api/auth/oauth/codehost/callback`,
    CODEHOST_OAUTH_AUTHORIZE_URL: `${urls.codehost}/login/oauth/authorize`,
    CODEHOST_OAUTH_TOKEN_URL: `${urls.codehost}/login/oauth/access_token`,
    CODEHOST_API_BASE_URL: urls.codehost,
    FORUM_OAUTH_CLIENT_ID: "forum-client-id",
    FORUM_OAUTH_CLIENT_SECRET: "forum-client-secret",
    FORUM_OAUTH_CALLBACK_URL: `${callbackOrigin}/api/auth/oauth/forum/callback`,
    FORUM_OAUTH_AUTHORIZE_URL: `${urls.forum}/oauth2/authorize`,
    FORUM_OAUTH_TOKEN_URL: `${urls.forum}/oauth2/token`,
    FORUM_OAUTH_USERINFO_URL: `${urls.forum}/api/user`,
  };
}
