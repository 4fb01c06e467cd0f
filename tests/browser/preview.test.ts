// The production shape (`npm run preview`): the Pages build served by `wrangler pages dev`, the
// worker behind the same origin under /api/*. The main journey of a person runs against it: sign
// in, create a mailbox, a mail arrives, open it with its code, switch language and theme.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePorts } from "../../packages/cli/src/lib/free-ports.ts";
import { launchBrowser, launchProfile, watchPageErrors } from "./support/browser.ts";
import { repoRoot } from "./support/dev-stack.ts";
import { walkEveryLanguage } from "./support/language-walk.ts";
import { submitSignIn } from "./support/session.ts";
import { stopProcessGroup } from "./support/process-group.ts";

let browser: Browser;
let preview: ChildProcess | undefined;
let stateDir = "";
let origin = "";
let workerOrigin = "";
const output: string[] = [];

/** An operator command against the preview's state, as `npm run <script>` runs it. */
function npmRun(script: string, args: string[], input = ""): string {
  const result = spawnSync("npm", ["run", "-s", script, "--", ...args], {
    cwd: repoRoot,
    encoding: "utf8",
    input,
    env: { ...process.env, MAILROOM_STATE_DIR: stateDir, MAILROOM_WORKER_PORT: new URL(workerOrigin).port },
  });
  if (result.status !== 0) throw new Error(`npm run ${script} failed (${String(result.status)}):\n${result.stdout}\n${result.stderr}`);
  return result.stdout.trim();
}

beforeAll(async () => {
  browser = await launchBrowser();
  const [web = 0, worker = 0] = await freePorts(2);
  origin = `http://127.0.0.1:${String(web)}`;
  workerOrigin = `http://127.0.0.1:${String(worker)}`;
  stateDir = mkdtempSync(path.join(tmpdir(), "mailroom-preview-"));
  const envFile = path.join(stateDir, "worker.env");
  writeFileSync(envFile, `CORS_ALLOWED_ORIGINS=${origin}\n`);
  preview = spawn("npm", ["run", "preview"], {
    cwd: repoRoot,
    env: { ...process.env, MAILROOM_STATE_DIR: stateDir, MAILROOM_DEV_ENV_FILE: envFile, MAILROOM_WEB_PORT: String(web), MAILROOM_WORKER_PORT: String(worker), MAILROOM_DEV_CRONS: "off" },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 300) output.splice(0, output.length - 300);
  };
  preview.stdout?.on("data", keep);
  preview.stderr?.on("data", keep);
  // The Pages build runs first (next build, vercel build, next-on-pages): minutes on two cores.
  const deadline = Date.now() + 600_000;
  for (;;) {
    if (preview.exitCode !== null) throw new Error(`npm run preview exited with ${String(preview.exitCode)}:\n${output.join("").slice(-4000)}`);
    try {
      const res = await fetch(`${origin}/api/system/health`);
      if (res.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`npm run preview did not answer within 10 minutes:\n${output.join("").slice(-4000)}`);
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}, 660_000);

afterAll(async () => {
  await browser.close();
  await stopProcessGroup(preview, 1_500);
  rmSync(stateDir, { recursive: true, force: true });
});

describe("npm run preview", () => {
  it("serves the Pages build and the worker on one origin: sign in, a mail with its code, a new mailbox, language and theme", async () => {
    const user = { email: "preview-admin@example.com", password: "preview password 1" };
    npmRun("admin", ["create-admin", "--email", user.email], `${user.password}\n`);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: "light" });
    const page = await context.newPage();
    const errors = watchPageErrors(page);

    // The static pages come from the Pages build: the landing page, then sign-in.
    await page.goto(`${origin}/login?next=%2Fdashboard`);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("en");
    await submitSignIn(page, user, () => page.waitForURL(`${origin}/dashboard`));

    await page.getByLabel("Name (optional)").fill("previewbox");
    await page.getByRole("button", { name: "Create mailbox" }).click();
    await page.getByTestId("mailbox-address").getByText("previewbox@mail.localhost").waitFor();
    expect(npmRun("mail", ["--to", "previewbox@mail.localhost", "--from", "Shop <shop@example.com>", "--subject", "Your preview code", "--text", "Your verification code is 640213."])).toContain("delivered");

    await page.goto(`${origin}/inbox`);
    await page.getByRole("link", { name: "Your preview code" }).click({ timeout: 30_000 });
    await page.waitForURL(/\/message\?id=/);
    expect(await page.getByTestId("recognized-code").textContent()).toBe("640213");

    await page.goto(`${origin}/dashboard`);
    await page.getByLabel("Language").selectOption("zh-CN");
    await page.waitForFunction(() => document.documentElement.lang === "zh-CN");
    await page.getByRole("heading", { name: "概览", level: 1 }).waitFor();
    await page.getByLabel("主题").selectOption("dark");
    await page.waitForFunction(() => document.documentElement.dataset.theme === "dark");
    await page.reload();
    await page.waitForFunction(() => document.documentElement.lang === "zh-CN" && document.documentElement.dataset.theme === "dark");
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);

  it("shows every page in each of the ten languages on a phone: no missing or raw message, no heading left in English, nothing wider than the screen", async () => {
    // The production build: static pages in every language, as people get them.
    const admin = { email: "ten-languages-admin@example.com", password: "ten languages password 1" };
    npmRun("admin", ["create-admin", "--email", admin.email], `${admin.password}\n`);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    const signedOut = await walkEveryLanguage(context, page, origin, ["/login", "/register", "/offline"], false);

    // Content for the lists: a mailbox and a received mail.
    await page.goto(`${origin}/login?next=%2Fdashboard`);
    await context.clearCookies({ name: "NEXT_LOCALE" });
    await page.reload();
    await submitSignIn(page, admin, () => page.waitForURL(`${origin}/dashboard`));
    await page.getByLabel("Name (optional)").fill("tenlanguages");
    await page.getByRole("button", { name: "Create mailbox" }).click();
    await page.getByTestId("mailbox-address").getByText("tenlanguages@mail.localhost").waitFor();
    npmRun("mail", ["--to", "tenlanguages@mail.localhost", "--from", "service@example.com", "--subject", "Your ten-language code", "--text", "Your verification code is 481516."]);
    await page.goto(`${origin}/inbox`);
    await page.getByRole("link", { name: "Your ten-language code" }).click({ timeout: 30_000 });
    await page.waitForURL(/\/message\?id=/);
    const messagePath = new URL(page.url()).pathname + new URL(page.url()).search;
    await page.goto(`${origin}/dashboard`);
    await page.getByRole("button", { name: "Menu", exact: true }).click();
    const navPaths = await page.getByRole("navigation").locator("a").evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    expect(navPaths).toEqual(expect.arrayContaining(["/dashboard", "/inbox", "/account", "/admin/users", "/admin/messenger"]));
    const signedIn = await walkEveryLanguage(context, page, origin, [...navPaths, messagePath], true);

    expect({ ...signedOut, ...signedIn }).toEqual({});
    // The language the person reads Mailroom in was recorded for the bot (the walk ended in Russian).
    await expect.poll(() => page.evaluate(async () => ((await (await fetch("/api/trpc/auth.session")).json()) as { result: { data: { json: { locale: string } } } }).result.data.json.locale)).toBe("ru");
    expect(errors).toEqual([]);
    await context.close();
  }, 600_000);

  it("installs as an app: manifest and icons, a service worker, the theme's toolbar colour, the offline page when the network is cut, the menu's install entry", async () => {
    interface Manifest {
      name: string;
      display: string;
      start_url: string;
      icons: { src: string; type: string; sizes: string; purpose: string }[];
    }
    const manifest = (await (await fetch(`${origin}/manifest.webmanifest`)).json()) as Manifest;
    expect(manifest).toMatchObject({ name: "Mailroom", display: "standalone", start_url: "/dashboard" });
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(expect.arrayContaining(["192x192 any", "512x512 any", "512x512 maskable"]));
    for (const icon of manifest.icons) {
      const res = await fetch(new URL(icon.src, origin));
      expect(res.status, icon.src).toBe(200);
      expect(res.headers.get("content-type"), icon.src).toContain(icon.type);
    }

    const profile = mkdtempSync(path.join(tmpdir(), "mailroom-profile-"));
    const context = await launchProfile(profile, { viewport: { width: 390, height: 844 }, colorScheme: "light" });
    const page = context.pages()[0] ?? (await context.newPage());
    const errors = watchPageErrors(page);
    await page.goto(`${origin}/login`);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).scope)).toBe(`${origin}/`);
    // Chromium's own installability checks, the ones Lighthouse's PWA audit reported.
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    expect(installabilityErrors).toEqual([]);
    // The toolbar follows the theme the reader picks, not only the system's.
    const toolbar = () => page.evaluate(() => Array.from(document.querySelectorAll('meta[name="theme-color"]')).map((m) => m.getAttribute("content")));
    expect(await toolbar()).toContain("#f6f7f9");
    await page.getByLabel("Theme").selectOption("dark");
    await page.waitForFunction(() => Array.from(document.querySelectorAll('meta[name="theme-color"]')).every((m) => m.getAttribute("content") === "#0f1218"));

    // Network cut: a page load gets the offline page, styled, at the address asked for.
    await page.reload();
    await context.setOffline(true);
    await page.goto(`${origin}/inbox`);
    await page.getByRole("heading", { name: "You are offline" }).waitFor();
    expect(page.url()).toBe(`${origin}/inbox`);
    expect(await page.evaluate(() => getComputedStyle(document.querySelector(".card") ?? document.body).borderRadius)).not.toBe("0px");
    await context.setOffline(false);
    await page.getByRole("button", { name: "Try again" }).click();
    // Back online, /inbox loads for real (and sends a signed-out reader to sign in).
    await page.waitForURL(/\/login\?next=%2Finbox/);
    // Signed in, the menu offers to install the app (the browser offered it).
    await submitSignIn(page, { email: "preview-admin@example.com", password: "preview password 1" }, () => page.waitForURL(`${origin}/inbox`));
    await page.getByRole("button", { name: "Menu" }).click();
    await page.getByRole("button", { name: "Install app" }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }, 120_000);
});
