import { describe, expect, inject, it } from "vitest";
import { fetchProviderJson, ProviderError } from "../../packages/api/src/adapters/oauth-http.ts";

const slowUrl = () => `${inject("fakes").codehost ?? ""}/slow`;

async function failureOf(call: Promise<unknown>): Promise<unknown> {
  try {
    await call;
  } catch (error) {
    return error;
  }
  throw new Error("the call did not fail");
}

describe("provider calls (fetchProviderJson)", () => {
  it("give up on a provider that does not answer in time", async () => {
    const started = Date.now();
    const error = await failureOf(fetchProviderJson(slowUrl(), {}, 200));
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toHaveProperty("cause.name", "TimeoutError");
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it("wait for a slow provider that answers within the time", async () => {
    expect(await fetchProviderJson(slowUrl(), {}, 5000)).toEqual({ late: true });
  });

  it("treat a redirect as a failure instead of following it", async () => {
    const authorize = `${inject("fakes").codehost ?? ""}/login/oauth/authorize?redirect_uri=https%3A%2F%2Fx.test%2Fcb&state=s`;
    const error = await failureOf(fetchProviderJson(authorize, {}));
    expect(error).toBeInstanceOf(ProviderError);
    expect(String(error)).toContain("answered 302");
  });
});
