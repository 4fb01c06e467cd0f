import { describe, expect, it } from "vitest";
import { callWorker } from "./support/call-worker.ts";
import { appError, createClient } from "./support/client.ts";
import { deliver, emailMessage, mailWithAttachment, simpleMail } from "./support/email-message.ts";
import { seedUser } from "./support/seed.ts";

async function owner() {
  const user = await seedUser();
  const client = createClient();
  await client.trpc.auth.login.mutate({ email: user.email, password: user.password });
  const box = await client.trpc.mailboxes.create.mutate({});
  return { ...client, box };
}

async function send(to: string, subject: string, text: string, messageId = `<${crypto.randomUUID()}@example.com>`) {
  await deliver(emailMessage({ from: "sender@shop.example", to, raw: simpleMail({ from: "Shop <sender@shop.example>", to, subject, text, messageId }) }));
}

describe("messages", () => {
  it("lists newest first with cursor paging and search, and returns the recognition", async () => {
    const { trpc, box } = await owner();
    for (let i = 0; i < 5; i++) await send(box.address, `Newsletter ${i}`, `Issue number ${i}`);
    await send(box.address, "Your verification code", "Your verification code is 482913. It expires in 10 minutes.");
    const first = await trpc.messages.list.query({ limit: 4 });
    expect(first.items[0]?.subject).toBe("Your verification code");
    expect(first.items[0]?.recognition).toEqual({ kind: "code", value: "482913", source: "rules" });
    expect(first.items[0]?.read).toBe(false);
    const second = await trpc.messages.list.query({ limit: 4, cursor: first.nextCursor });
    expect(second.items).toHaveLength(2);
    expect(second.nextCursor).toBeNull();
    expect((await trpc.messages.list.query({ query: "verification" })).items).toHaveLength(1);
    expect((await trpc.messages.list.query({ query: "shop.example" })).items).toHaveLength(6);
    expect((await trpc.messages.list.query({ mailboxId: box.id })).items).toHaveLength(6);
  });

  it("gets a message in full without changing it, marks it read and unread, and deletes it", async () => {
    const { trpc, box } = await owner();
    await send(box.address, "Hello", "Body text");
    const [summary] = (await trpc.messages.list.query({})).items;
    const message = await trpc.messages.get.query({ id: summary?.id ?? "" });
    expect(message).toMatchObject({ subject: "Hello", read: false, rawAvailable: true });
    expect(message.text).toContain("Body text");
    expect(message.headers.some((h) => h.name.toLowerCase() === "subject")).toBe(true);
    // A read is a read: fetching the message twice leaves it unread.
    expect((await trpc.messages.get.query({ id: message.id })).read).toBe(false);
    expect((await trpc.messages.list.query({})).items[0]?.read).toBe(false);
    await trpc.messages.markRead.mutate({ id: message.id, read: true });
    expect((await trpc.messages.get.query({ id: message.id })).read).toBe(true);
    await trpc.messages.markRead.mutate({ id: message.id, read: false });
    expect((await trpc.messages.list.query({})).items[0]?.read).toBe(false);
    await trpc.messages.delete.mutate({ id: message.id });
    expect((await trpc.messages.list.query({})).items).toHaveLength(0);
    expect((await appError(trpc.messages.get.query({ id: message.id }))).appCode).toBe("not_found");
  });

  it("serves attachments and the raw message to the owner with a safe Content-Disposition", async () => {
    const { trpc, box, state } = await owner();
    await deliver(emailMessage({ from: "a@example.com", to: box.address, raw: mailWithAttachment({ to: box.address, messageId: "<att-dl@example.com>", filename: 'evil"name\r\n.html', content: new TextEncoder().encode("<script>alert(1)</script>"), contentType: "text/html" }) }));
    const [summary] = (await trpc.messages.list.query({})).items;
    const message = await trpc.messages.get.query({ id: summary?.id ?? "" });
    const attachment = message.attachments[0];
    expect(attachment).toMatchObject({ available: true, size: 25 });
    const cookie = { headers: { Cookie: `app_session=${state.cookie ?? ""}` } };
    const file = await callWorker(`/api/messages/${message.id}/attachments/${attachment?.id ?? ""}`, cookie);
    expect(file.status).toBe(200);
    expect(await file.text()).toBe("<script>alert(1)</script>");
    expect(file.headers.get("Content-Type")).toBe("application/octet-stream");
    expect(file.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const disposition = file.headers.get("Content-Disposition") ?? "";
    expect(disposition).toMatch(/^attachment; filename="[^"\r\n]*"; filename\*=UTF-8''/);
    expect(disposition).not.toMatch(/[\r\n]/);
    const raw = await callWorker(`/api/messages/${message.id}/raw`, cookie);
    expect(raw.status).toBe(200);
    expect(await raw.text()).toContain("Message-ID: <att-dl@example.com>");
    expect((await callWorker(`/api/messages/${message.id}/raw`)).status).toBe(401);
  });
});

describe("names of attachments", () => {
  it("drop bidirectional and control characters and never name a directory, in messages.get and on download", async () => {
    const { trpc, box, state } = await owner();
    const part = (header: string, body: string) => [`Content-Type: application/octet-stream; ${header}`, `Content-Disposition: attachment; ${header}`, "Content-Transfer-Encoding: base64", "", btoa(body)];
    const raw = [
      "From: a@example.com",
      `To: ${box.address}`,
      "Subject: =?utf-8?B?" + btoa(String.fromCharCode(...new TextEncoder().encode("Files \u202Efdp.exe"))) + "?=",
      "Message-ID: <names@example.com>",
      "MIME-Version: 1.0",
      'Content-Type: multipart/mixed; boundary="b"',
      "",
      "--b",
      "Content-Type: text/plain",
      "",
      "Files.",
      "--b",
      ...part('filename=".."', "one"),
      "--b",
      ...part("filename*=UTF-8''invoice%E2%80%AEfdp.exe", "two"),
      "--b",
      ...part('filename="../../etc/passwd"', "three"),
      "--b--",
      "",
    ].join("\r\n");
    await deliver(emailMessage({ from: "a@example.com", to: box.address, raw }));
    const [summary] = (await trpc.messages.list.query({})).items;
    const message = await trpc.messages.get.query({ id: summary?.id ?? "" });
    expect(message.attachments.map((a) => a.filename)).toEqual(["attachment-1", "invoicefdp.exe", ".._.._etc_passwd"]);
    const cookie = { headers: { Cookie: `app_session=${state.cookie ?? ""}` } };
    const file = await callWorker(`/api/messages/${message.id}/attachments/${message.attachments[1]?.id ?? ""}`, cookie);
    expect(file.headers.get("Content-Disposition")).toBe(`attachment; filename="invoicefdp.exe"; filename*=UTF-8''invoicefdp.exe`);
    const rawFile = await callWorker(`/api/messages/${message.id}/raw`, cookie);
    expect(decodeURIComponent(/filename\*=UTF-8''(.*)$/.exec(rawFile.headers.get("Content-Disposition") ?? "")?.[1] ?? "")).toBe("Files fdp.exe.eml");
  });
});

describe("downloads of files that were not kept", () => {
  it("answer 404 with the reason when attachment storage was not configured at delivery", async () => {
    const { trpc, box, state } = await owner();
    const raw = mailWithAttachment({ to: box.address, messageId: "<unkept@example.com>", filename: "report.pdf", content: new Uint8Array([1, 2, 3]) });
    await deliver(emailMessage({ from: "a@example.com", to: box.address, raw }), { ATTACHMENTS: undefined });
    const [summary] = (await trpc.messages.list.query({})).items;
    const message = await trpc.messages.get.query({ id: summary?.id ?? "" });
    expect(message.rawAvailable).toBe(false);
    expect(message.attachments[0]).toMatchObject({ filename: "report.pdf", available: false });
    const cookie = { headers: { Cookie: `app_session=${state.cookie ?? ""}` } };
    const file = await callWorker(`/api/messages/${message.id}/attachments/${message.attachments[0]?.id ?? ""}`, cookie);
    expect(file.status).toBe(404);
    const body = await file.json<{ ok: boolean; error: { code: string; message: string } }>();
    expect(body.error.code).toBe("not_found");
    expect(body.error.message).toMatch(/^The file was not kept: .+/);
    expect((await callWorker(`/api/messages/${message.id}/raw`, cookie)).status).toBe(404);
    expect((await callWorker(`/api/messages/%00/attachments/x`, cookie)).status).toBe(404);
  });
});

describe("one user never reaches another's mail", () => {
  it("refuses every procedure and route on someone else's mailbox, message and files", async () => {
    const alice = await owner();
    const mallory = await owner();
    await deliver(emailMessage({ from: "a@example.com", to: alice.box.address, raw: mailWithAttachment({ to: alice.box.address, messageId: "<private@example.com>", filename: "secret.txt", content: new TextEncoder().encode("secret") }) }));
    const [summary] = (await alice.trpc.messages.list.query({})).items;
    const message = await alice.trpc.messages.get.query({ id: summary?.id ?? "" });
    const attachmentId = message.attachments[0]?.id ?? "";

    expect((await mallory.trpc.messages.list.query({})).items).toHaveLength(0);
    expect((await appError(mallory.trpc.messages.list.query({ mailboxId: alice.box.id }))).appCode).toBe("not_found");
    expect((await appError(mallory.trpc.messages.get.query({ id: message.id }))).appCode).toBe("not_found");
    expect((await appError(mallory.trpc.messages.markRead.mutate({ id: message.id, read: false }))).appCode).toBe("not_found");
    expect((await appError(mallory.trpc.messages.delete.mutate({ id: message.id }))).appCode).toBe("not_found");
    expect((await appError(mallory.trpc.mailboxes.delete.mutate({ id: alice.box.id }))).appCode).toBe("not_found");
    expect((await mallory.trpc.mailboxes.list.query()).map((m) => m.id)).not.toContain(alice.box.id);
    const cookie = { headers: { Cookie: `app_session=${mallory.state.cookie ?? ""}` } };
    expect((await callWorker(`/api/messages/${message.id}/raw`, cookie)).status).toBe(404);
    expect((await callWorker(`/api/messages/${message.id}/attachments/${attachmentId}`, cookie)).status).toBe(404);

    // Alice still has everything.
    expect((await alice.trpc.messages.get.query({ id: message.id })).attachments).toHaveLength(1);
    expect((await alice.trpc.mailboxes.list.query()).map((m) => m.id)).toContain(alice.box.id);
  });

  it("answers every mail procedure with 401 without a session", async () => {
    const { trpc } = createClient();
    const calls = [() => trpc.mailboxes.list.query(), () => trpc.mailboxes.create.mutate({}), () => trpc.messages.list.query({}), () => trpc.messages.get.query({ id: "x" })];
    for (const call of calls) expect((await appError(call())).appCode).toBe("unauthorized");
  });
});
