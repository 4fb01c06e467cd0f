import { describe, expect, it } from "vitest";
import { app } from "../../apps/worker/src/app.ts";
import { keyOwner, v1, type ErrorBody } from "./support/api-keys.ts";
import { deliver, emailMessage, mailWithAttachment, simpleMail } from "./support/email-message.ts";
import { outboundSettings, resendCalls } from "./support/outbound.ts";

interface Mailbox {
  id: string;
  address: string;
}

async function send(to: string, subject: string, text: string) {
  await deliver(emailMessage({ from: "sender@shop.example", to, raw: simpleMail({ from: "Shop <sender@shop.example>", to, subject, text, messageId: `<${crypto.randomUUID()}@example.com>` }) }));
}

function json<T>(res: Response): Promise<T> {
  return res.json<T>();
}

async function withMailbox() {
  const owner = await keyOwner();
  const created = await v1("/mailboxes", owner.key, { method: "POST", body: JSON.stringify({ localPart: `v1-${crypto.randomUUID().slice(0, 8)}` }) });
  expect(created.status).toBe(201);
  return { ...owner, box: await json<Mailbox>(created) };
}

describe("REST API v1", () => {
  it("creates, lists and deletes mailboxes, reads messages with their recognition, raw and delete", async () => {
    const { key, box } = await withMailbox();
    const random = await v1("/mailboxes", key, { method: "POST" });
    expect(random.status).toBe(201);
    const hourly = await v1("/mailboxes", key, { method: "POST", body: JSON.stringify({ expiresInHours: 1 }) });
    const shortLived = await json<{ id: string; expiresAt: string | null }>(hourly);
    expect(Date.parse(shortLived.expiresAt ?? "") - Date.now()).toBeGreaterThan(59 * 60_000);
    expect((await v1(`/mailboxes/${shortLived.id}`, key, { method: "DELETE" })).status).toBe(204);
    const list = await json<{ items: Mailbox[] }>(await v1("/mailboxes", key));
    expect(list.items.map((m) => m.id).sort()).toEqual([box.id, (await json<Mailbox>(random)).id].sort());

    await send(box.address, "Your code", "Your verification code is 482913.");
    const page = await json<{ items: { id: string; recognition: unknown }[]; nextCursor: string | null }>(await v1(`/mailboxes/${box.id}/messages?limit=1`, key));
    expect(page.items[0]?.recognition).toEqual({ kind: "code", value: "482913", source: "rules" });
    const id = page.items[0]?.id ?? "";
    const message = await json<{ subject: string; attachments: unknown[]; receivedAt: string }>(await v1(`/messages/${id}`, key));
    expect(message).toMatchObject({ subject: "Your code", attachments: [] });
    expect(message.receivedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    const raw = await v1(`/messages/${id}/raw`, key);
    expect(raw.headers.get("Content-Type")).toBe("message/rfc822");
    expect(new TextDecoder().decode(await raw.arrayBuffer())).toContain("482913");
    expect((await v1(`/messages/${id}`, key, { method: "DELETE" })).status).toBe(204);
    expect((await v1(`/messages/${id}`, key)).status).toBe(404);
    expect((await v1(`/mailboxes/${box.id}`, key, { method: "DELETE" })).status).toBe(204);
    expect((await v1(`/mailboxes/${box.id}/messages`, key)).status).toBe(404);
  });

  it("refuses another user's mailboxes and messages on every route", async () => {
    const alice = await withMailbox();
    const bob = await keyOwner();
    await send(alice.box.address, "Hi", "Your code is 111222");
    const [message] = (await json<{ items: { id: string }[] }>(await v1(`/mailboxes/${alice.box.id}/messages`, alice.key))).items;
    const messageId = message?.id ?? "";
    const calls: [string, RequestInit][] = [
      [`/mailboxes/${alice.box.id}`, { method: "DELETE" }],
      [`/mailboxes/${alice.box.id}/messages`, {}],
      [`/mailboxes/${alice.box.id}/code`, {}],
      [`/messages/${messageId}`, {}],
      [`/messages/${messageId}/raw`, {}],
      [`/messages/${messageId}`, { method: "DELETE" }],
    ];
    for (const [path, init] of calls) {
      const res = await v1(path, bob.key, init);
      expect(res.status, path).toBe(404);
      expect((await json<ErrorBody>(res)).error.code, path).toBe("not_found");
    }
    // Sending from someone else's mailbox is refused as outbound.send refuses it, and nothing goes out.
    const sent = await v1("/outbound", bob.key, { method: "POST", body: JSON.stringify({ mailboxId: alice.box.id, to: "x@example.com", subject: "S", text: "T" }), overrides: outboundSettings() });
    expect(sent.status).toBe(403);
    expect((await json<ErrorBody>(sent)).error.code).toBe("forbidden");
    expect(await resendCalls(alice.box.address)).toEqual([]);
    expect((await json<{ items: unknown[] }>(await v1("/mailboxes", bob.key))).items).toEqual([]);
    // Alice's data is untouched.
    expect((await v1(`/messages/${messageId}`, alice.key)).status).toBe(200);
  });

  it("validates paths, queries and bodies into 400 validation_failed", async () => {
    const { key, box } = await withMailbox();
    for (const [path, init] of [
      [`/mailboxes/${box.id}/code?wait=31`, {}],
      [`/mailboxes/${box.id}/code?since=yesterday`, {}],
      [`/mailboxes/${box.id}/messages?limit=0`, {}],
      [`/mailboxes/${box.id}/messages?cursor=%%%`, {}],
      ["/mailboxes", { method: "POST", body: JSON.stringify({ localPart: "Bad Name!" }) }],
      ["/mailboxes", { method: "POST", body: "{not json" }],
      ["/mailboxes", { method: "POST", body: JSON.stringify({ expiresInHours: 8761 }) }],
      ["/outbound", { method: "POST", body: JSON.stringify({ mailboxId: box.id }) }],
    ] as [string, RequestInit][]) {
      const res = await v1(path, key, init);
      expect(res.status, path).toBe(400);
      expect((await json<ErrorBody>(res)).error.code, path).toBe("validation_failed");
    }
  });

  it("sends outbound mail: 202 with the record", async () => {
    const { key, box } = await withMailbox();
    const res = await v1("/outbound", key, { method: "POST", body: JSON.stringify({ mailboxId: box.id, to: "friend@example.com", subject: "Hello", text: "Hi there" }), overrides: outboundSettings() });
    expect(res.status).toBe(202);
    expect(await json<{ status: string }>(res)).toMatchObject({ status: "sent", mailboxId: box.id });
    expect(await resendCalls(box.address)).toHaveLength(1);
  });

  it("waits for the code: answers soon after a delivery, 204 after `wait` seconds, and honours `since`", async () => {
    const { key, box } = await withMailbox();
    const started = Date.now();
    const waiting = v1(`/mailboxes/${box.id}/code?wait=10`, key);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    await send(box.address, "Sign-up", "Your verification code is 774411.");
    const stored = Date.now();
    const res = await waiting;
    expect(res.status).toBe(200);
    expect(Date.now() - stored).toBeLessThan(2000);
    expect(Date.now() - started).toBeLessThan(10_000);
    const found = await json<{ kind: string; value: string; source: string; messageId: string; receivedAt: string }>(res);
    expect(found).toMatchObject({ kind: "code", value: "774411", source: "rules" });
    expect(res.headers.get("RateLimit-Remaining")).not.toBeNull();

    // The same code is found again with an earlier `since`, at once…
    const since = new Date(Date.parse(found.receivedAt) - 1000).toISOString();
    expect((await v1(`/mailboxes/${box.id}/code?since=${since}`, key)).status).toBe(200);
    // …but a new call (since: its start) waits for a new one, and gives up after `wait`.
    const before = Date.now();
    const none = await v1(`/mailboxes/${box.id}/code?wait=1`, key);
    expect(none.status).toBe(204);
    expect(Date.now() - before).toBeGreaterThanOrEqual(900);
    expect(await none.text()).toBe("");
  });

  it("downloads an attachment with a key from the downloadUrl each attachment carries", async () => {
    const { key, box } = await withMailbox();
    const bob = await keyOwner();
    const content = new TextEncoder().encode("quarterly numbers\n");
    await deliver(emailMessage({ from: "sender@example.com", to: box.address, raw: mailWithAttachment({ to: box.address, messageId: `<${crypto.randomUUID()}@x>`, filename: "report.csv", content, contentType: "text/csv" }) }));
    const [summary] = (await json<{ items: { id: string }[] }>(await v1(`/mailboxes/${box.id}/messages`, key))).items;
    const message = await json<{ attachments: { id: string; filename: string; downloadUrl: string }[] }>(await v1(`/messages/${summary?.id ?? ""}`, key));
    const [file] = message.attachments;
    expect(file?.filename).toBe("report.csv");
    expect(file?.downloadUrl).toBe(`http://127.0.0.1:8787/api/v1/messages/${summary?.id ?? ""}/attachments/${file?.id ?? ""}`);
    const path = new URL(file?.downloadUrl ?? "").pathname.replace("/api/v1", "");
    const download = await v1(path, key);
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Disposition")).toContain('attachment; filename="report.csv"');
    expect(download.headers.get("Content-Type")).toBe("application/octet-stream");
    expect(download.headers.get("RateLimit-Remaining")).not.toBeNull();
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(content);
    // Without a key, with another user's key, or an unknown file: refused, nothing of the file shown.
    expect((await v1(path, undefined)).status).toBe(401);
    expect((await v1(path, bob.key)).status).toBe(404);
    expect((await v1(`/messages/${summary?.id ?? ""}/attachments/nope`, key)).status).toBe(404);
  });

  it("publishes an OpenAPI 3.1 document, without a key, that lists exactly the v1 routes of the app", async () => {
    const res = await v1("/openapi.json", undefined);
    expect(res.status).toBe(200);
    const doc = await json<{ openapi: string; paths: Record<string, Record<string, { security?: unknown; responses: Record<string, unknown> }>>; components: { securitySchemes: Record<string, unknown> } }>(res);
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: "http", scheme: "bearer" });
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ":$1")}`));
    const served = app.routes
      .filter((r) => r.path.startsWith("/api/v1/") && r.method !== "ALL" && !["/api/v1/openapi.json", "/api/v1/docs"].includes(r.path))
      .map((r) => `${r.method} ${r.path}`);
    expect([...new Set(served)].sort()).toEqual(documented.sort());
    expect(documented).toHaveLength(12);
    for (const ops of Object.values(doc.paths)) {
      for (const op of Object.values(ops)) {
        expect(op.security).toEqual([{ bearer: [] }]);
        expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(["400", "401", "429", "500"]));
      }
    }
    const docs = await v1("/docs", undefined);
    expect(docs.status).toBe(200);
    expect(docs.headers.get("Content-Security-Policy")).toContain("default-src 'none'");
    const page = await docs.text();
    expect(page).toContain("/api/v1/openapi.json");
    // Every operation is on the page, which needs no script (nothing from a CDN, works offline).
    for (const operation of documented) expect(page).toContain(`${operation.split(" ")[0] ?? ""} ${(operation.split(" ")[1] ?? "").replace(/:(\w+)/g, "{$1}")}`);
    expect(page).not.toMatch(/<script|https:\/\/cdn/i);
  });
});
