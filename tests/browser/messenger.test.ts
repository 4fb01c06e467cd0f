import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, watchPageErrors } from "./support/browser.ts";
import { npmRun } from "./support/cli.ts";
import { webOrigin, workerOrigin } from "./support/origins.ts";
import { submitSignIn } from "./support/session.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

interface Recorded {
  path: string;
  body: string;
}

async function telegramRequests(): Promise<{ method: string; body: Record<string, unknown> }[]> {
  const res = await fetch(`${inject("browserFakes").telegram}/__requests`);
  const recorded = (await res.json()) as Recorded[];
  return recorded.map((r) => ({ method: r.path.split("/").at(-1) ?? "", body: JSON.parse(r.body || "{}") as Record<string, unknown> }));
}

async function signIn(page: Page, email: string, password: string, path: string) {
  await page.goto(`${webOrigin}${path}`);
  await page.waitForURL(/\/login\?next=/);
  await submitSignIn(page, { email, password }, () => page.waitForURL(`${webOrigin}${path}`));
}

describe("messenger in the browser", () => {
  it("a user generates a code, the bot receives /start <code>, and the page shows the chat as bound", async () => {
    const admin = { email: "bot-admin@example.com", password: "bot admin password" };
    npmRun("admin", ["create-admin", "--email", admin.email], `${admin.password}\n`);
    const [invite = ""] = npmRun("admin", ["create-invite"]).split("\n");

    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${webOrigin}/register?invite=${encodeURIComponent(invite)}`);
    await page.getByLabel("E-mail").fill("bot.user@example.com");
    await page.getByLabel("Password").fill("bot user password");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL(`${webOrigin}/dashboard`);

    await page.getByRole("link", { name: "Messenger" }).click();
    await page.waitForURL(`${webOrigin}/settings/messenger`);
    await page.getByTestId("messenger-unbound").waitFor();
    await page.getByRole("button", { name: "Generate binding code" }).click();
    const code = (await page.getByTestId("binding-code").textContent()) ?? "";
    expect(code).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
    expect(await page.getByTestId("binding-countdown").textContent()).toMatch(/^1[45]:\d\d$/);
    expect(await page.getByRole("link", { name: `https://t.me/MailroomTestBot?start=${code}` }).count()).toBe(1);

    const chatId = 424242;
    const res = await fetch(`${workerOrigin}/api/messenger/webhook`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        update_id: 1,
        message: { message_id: 1, date: Math.floor(Date.now() / 1000), chat: { id: chatId, type: "private", first_name: "Bo", username: "bo_user" }, text: `/start ${code}` },
      }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });

    // No reload: the page polls while a code is out.
    await page.getByTestId("messenger-bound").waitFor({ timeout: 15_000 });
    expect(await page.getByTestId("messenger-bound").textContent()).toContain("@bo_user");
    const replies = (await telegramRequests()).filter((r) => r.method === "sendMessage" && r.body.chat_id === String(chatId));
    expect(String(replies.at(-1)?.body.text)).toContain("bound to <b>bot.user@example.com</b>");

    await page.getByRole("button", { name: "Send test notification" }).click();
    await page.getByText("Test notification sent").waitFor();
    await page.getByRole("button", { name: "Pause notifications" }).click();
    await page.getByText("Notifications paused").waitFor();
    await page.getByRole("button", { name: "Resume notifications" }).click();
    await page.getByText("Notifications on").waitFor();
    await page.getByRole("button", { name: "Unbind" }).click();
    await page.getByTestId("messenger-unbound").waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("an administrator configures the webhook, sees it healthy and sets the bot menu", async () => {
    const page = await browser.newPage();
    const errors = watchPageErrors(page);
    await signIn(page, "bot-admin@example.com", "bot admin password", "/admin/messenger");
    await page.getByTestId("webhook-health").waitFor();
    expect(await page.getByTestId("webhook-health").textContent()).toBe("Unhealthy");
    await page.getByRole("button", { name: "Configure webhook" }).click();
    await page.getByText("Webhook set to").waitFor();
    await page.getByText("registered without a secret").waitFor();
    await page.getByText("Healthy", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Set bot menu" }).click();
    await page.getByText("Menu set with 8 commands").waitFor();
    const calls = await telegramRequests();
    expect(calls.find((c) => c.method === "setWebhook")?.body).toMatchObject({ url: expect.stringMatching(/^http:\/\/[^/]+\/api\/messenger\/webhook$/) as string, drop_pending_updates: true });
    expect(calls.some((c) => c.method === "setChatMenuButton")).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });
});
