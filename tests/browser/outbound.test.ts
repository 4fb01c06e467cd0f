import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, watchPageErrors } from "./support/browser.ts";
import { npmRun } from "./support/cli.ts";
import { webOrigin } from "./support/origins.ts";
import { createAdmin, createMailbox, signIn } from "./support/session.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

interface ResendRequest {
  path: string;
  headers: Record<string, string>;
  body: string;
}

/** What the fake Resend received from this mailbox, oldest first. */
async function sentThroughResend(from: string): Promise<Record<string, unknown>[]> {
  const recorded = (await (await fetch(`${inject("browserFakes").resend ?? ""}/__requests`)).json()) as ResendRequest[];
  return recorded.filter((r) => r.path === "/emails").map((r) => JSON.parse(r.body) as Record<string, unknown>).filter((b) => b.from === from);
}

describe("sending mail in the browser", () => {
  it("composes with recipient chips and a file, sees it sent in Sent, and replies to a received mail", async () => {
    const user = { email: "writer@example.com", password: "writer password 1" };
    createAdmin(user);
    const page = await (await browser.newContext()).newPage();
    const errors = watchPageErrors(page);
    await signIn(page, user);
    const address = await createMailbox(page, "writer");

    await page.getByRole("link", { name: "Send mail" }).click();
    await page.waitForURL(`${webOrigin}/compose`);
    expect(await page.getByTestId("outbound-usage").textContent()).toBe("0 of 20 sent today");
    expect(await page.getByLabel("From", { exact: true }).locator("option:checked").textContent()).toBe(address);
    const to = page.getByLabel("To", { exact: true });
    expect(await to.count()).toBe(1);
    await to.fill("friend@example.com");
    await to.press("Enter");
    await to.fill("not-an-address");
    await to.press("Enter");
    await page.getByLabel("Subject").fill("Plans for Friday");
    await page.getByLabel("Message").fill("Dinner at eight?");
    await page.getByLabel("Attachments").setInputFiles({ name: "menu.txt", mimeType: "text/plain", buffer: Buffer.from("soup, bread") });
    await page.getByText("menu.txt").waitFor();
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await page.getByText("Fix or remove the addresses marked invalid.").waitFor();
    await page.getByRole("button", { name: "Remove not-an-address" }).click();
    await page.getByRole("button", { name: "Send", exact: true }).click();

    await page.waitForURL(`${webOrigin}/sent`);
    const row = page.locator("tr", { hasText: "Plans for Friday" });
    await row.getByText("Sent", { exact: true }).waitFor();
    expect(await row.getAttribute("data-status")).toBe("sent");
    await page.getByText("1 of 20 sent today").waitFor();
    const [sent] = await sentThroughResend(address);
    expect(sent).toMatchObject({ to: ["friend@example.com"], subject: "Plans for Friday", text: "Dinner at eight?", attachments: [{ filename: "menu.txt", content: Buffer.from("soup, bread").toString("base64"), content_type: "text/plain" }] });

    // A reply from the message view: to the sender, "Re:" subject, the original quoted, threaded.
    expect(npmRun("mail", ["--to", address, "--from", "host@party.example", "--subject", "Friday dinner", "--text", "Can you bring dessert?"])).toContain("delivered");
    await page.getByRole("link", { name: "Inbox" }).first().click();
    await page.getByRole("link", { name: "Friday dinner" }).click({ timeout: 20_000 });
    await page.getByRole("link", { name: "Reply" }).click();
    await page.waitForURL(/\/compose\?reply=/);
    await page.getByRole("list", { name: "Recipients in To" }).getByText("host@party.example").waitFor();
    expect(await page.getByLabel("Subject").inputValue()).toBe("Re: Friday dinner");
    const body = page.getByLabel("Message");
    expect(await body.inputValue()).toContain("> Can you bring dessert?");
    await body.press("Control+Home");
    await body.pressSequentially("Yes, a cake.");
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await page.waitForURL(`${webOrigin}/sent`);
    await page.locator("tr", { hasText: "Re: Friday dinner" }).getByText("Sent", { exact: true }).waitFor();
    const reply = (await sentThroughResend(address)).find((b) => b.subject === "Re: Friday dinner");
    expect(reply?.to).toEqual(["host@party.example"]);
    expect(String(reply?.text)).toMatch(/^Yes, a cake\.\n\nOn .+, host@party\.example wrote:\n> Can you bring dessert\?$/);
    expect((reply?.headers as Record<string, string> | undefined)?.["In-Reply-To"]).toMatch(/^<[^<>]+@party\.example>$/);

    // The administrator sees today's sends against the quota on the users page.
    await page.getByRole("link", { name: "Users" }).click();
    expect(await page.locator("tr", { hasText: user.email }).getByTestId("user-outbound-usage").textContent()).toBe("2 / 20");
    expect(errors).toEqual([]);
  });
});
