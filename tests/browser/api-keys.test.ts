import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, watchPageErrors } from "./support/browser.ts";
import { npmRun } from "./support/cli.ts";
import { webOrigin } from "./support/origins.ts";
import { submitSignIn } from "./support/session.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe("API keys in the browser", () => {
  it("a user creates a key, copies it, and the copied key lists the user's mailboxes; revoking it shuts it out", async () => {
    const user = { email: "keys-user@example.com", password: "keys user password" };
    npmRun("admin", ["create-admin", "--email", user.email], `${user.password}\n`);
    const context = await browser.newContext();
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: webOrigin });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${webOrigin}/settings/api-keys`);
    await page.waitForURL(/\/login\?next=/);
    await submitSignIn(page, user, () => page.waitForURL(`${webOrigin}/settings/api-keys`));
    await page.getByText("No keys yet").waitFor();
    await page.getByTestId("api-usage").getByText("0 of 1,000 API calls today (UTC)").waitFor();

    await page.getByLabel("Name").fill("CI sign-up tests");
    await page.getByRole("button", { name: "Create key" }).click();
    const shown = (await page.getByTestId("api-key").textContent()) ?? "";
    expect(shown).toMatch(/^mr_[A-Za-z0-9_-]{43}$/);
    expect(await page.getByTestId("api-key-curl").textContent()).toBe(`curl -H "Authorization: Bearer ${shown}" ${webOrigin}/api/v1/mailboxes`);
    await page.getByRole("button", { name: /^Copy key/ }).click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(shown);
    await page.getByRole("row", { name: /CI sign-up tests/ }).getByText(`${shown.slice(0, 8)}…`).waitFor();

    // "Use with an AI agent": the configuration, pasted into an MCP client as is, connects.
    const agent = page.getByRole("region", { name: "Use with an AI agent" });
    expect(await agent.getByTestId("mcp-endpoint").textContent()).toBe(`${webOrigin}/api/mcp`);
    await agent.getByRole("button", { name: /^Copy configuration/ }).click();
    const config = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as { mcpServers: { mailroom: { url: string; headers: Record<string, string> } } };
    expect(config.mcpServers.mailroom.headers.Authorization).toBe(`Bearer ${shown}`);
    expect(await agent.getByTestId("mcp-command").textContent()).toContain(`--header "Authorization: Bearer ${shown}"`);
    const mcp = new Client({ name: "pasted-config", version: "1.0.0" });
    await mcp.connect(new StreamableHTTPClientTransport(new URL(config.mcpServers.mailroom.url), { requestInit: { headers: config.mcpServers.mailroom.headers } }));
    expect((await mcp.listTools()).tools.map((t) => t.name)).toContain("wait_for_code");
    await mcp.close();
    const guide = await fetch(`${webOrigin}/llms.txt`);
    expect(guide.headers.get("Content-Type")).toMatch(/^text\/plain/);
    expect(await guide.text()).toContain("/api/mcp");

    // The API reference is one page made on the server: it renders with no script and no network beyond this origin.
    const reference = await context.newPage();
    const foreign: string[] = [];
    reference.on("request", (request) => {
      if (!request.url().startsWith(webOrigin)) foreign.push(request.url());
    });
    await reference.goto(`${webOrigin}/api/v1/docs`);
    await reference.getByRole("heading", { name: /Mailroom API/, level: 1 }).waitFor();
    await reference.getByRole("link", { name: "GET /api/v1/mailboxes/{id}/code" }).click();
    await reference.getByRole("heading", { name: "GET /api/v1/mailboxes/{id}/code" }).waitFor();
    expect(await reference.locator("script").count()).toBe(0);
    expect(foreign).toEqual([]);
    await reference.close();

    // With one mailbox made in the app, the copied key lists it, through the web origin as a script would.
    await page.getByRole("link", { name: "Dashboard" }).click();
    await page.getByLabel("Name (optional)").fill("keys-box");
    await page.getByRole("button", { name: "Create mailbox" }).click();
    const address = (await page.getByTestId("mailbox-address").first().textContent()) ?? "";
    expect(address).toBe("keys-box@mail.localhost");
    const listed = await fetch(`${webOrigin}/api/v1/mailboxes`, { headers: { Authorization: `Bearer ${copied}` } });
    expect(listed.status).toBe(200);
    expect(((await listed.json()) as { items: { address: string }[] }).items.map((m) => m.address)).toEqual([address]);

    await page.getByRole("link", { name: "API keys" }).click();
    await page.waitForURL(`${webOrigin}/settings/api-keys`);
    await page.getByTestId("api-usage").getByText("1 of 1,000 API calls today (UTC)").waitFor();
    await page.getByRole("button", { name: /^Revoke/ }).click();
    await page.getByText("No keys yet").waitFor();
    expect((await fetch(`${webOrigin}/api/v1/mailboxes`, { headers: { Authorization: `Bearer ${copied}` } })).status).toBe(401);
    expect(errors).toEqual([]);
    await context.close();
  });
});
