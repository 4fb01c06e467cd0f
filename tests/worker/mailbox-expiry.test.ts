import { createMailbox, runRetention } from "@mailroom/api";
import { attachments, mailboxes, messages, users } from "@mailroom/db/schema";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { env } from "./support/call-worker.ts";
import { appError, createClient } from "./support/client.ts";
import { deliver, emailMessage, mailWithAttachment, simpleMail } from "./support/email-message.ts";
import { db, seedUser } from "./support/seed.ts";
import { fixedClock, serviceContext } from "./support/service-context.ts";

const hour = 60 * 60 * 1000;
const bucket = env.ATTACHMENTS as R2Bucket;

async function signedIn() {
  const user = await seedUser();
  const client = createClient();
  await client.trpc.auth.login.mutate({ email: user.email, password: user.password });
  return { ...client, user };
}

/** Moves a mailbox's expiry to `at` in place (time passing). */
async function expireAt(id: string, at: Date) {
  await db().update(mailboxes).set({ expiresAt: at }).where(eq(mailboxes.id, id));
}

describe("mailbox expiry", () => {
  it("creates a mailbox that expires after the hours asked for, or never", async () => {
    const { trpc } = await signedIn();
    const before = Date.now();
    const hourly = await trpc.mailboxes.create.mutate({ expiresInHours: 1 });
    expect(hourly.expiresAt?.getTime()).toBeGreaterThanOrEqual(before + hour);
    expect(hourly.expiresAt?.getTime()).toBeLessThanOrEqual(Date.now() + hour);
    expect((await trpc.mailboxes.create.mutate({})).expiresAt).toBeNull();
    expect((await trpc.mailboxes.create.mutate({ expiresInHours: 8760 })).expiresAt?.getTime()).toBeGreaterThan(before + 8759 * hour);
    const listed = await trpc.mailboxes.list.query();
    expect(listed.find((m) => m.id === hourly.id)?.expiresAt).toEqual(hourly.expiresAt);
  });

  it("refuses lifetimes outside 1–8760 whole hours, also when a transport passes them to the service unchecked", async () => {
    const { trpc, user } = await signedIn();
    for (const expiresInHours of [0, -1, 8761, 1.5]) {
      const error = await appError(trpc.mailboxes.create.mutate({ expiresInHours }));
      expect(error, String(expiresInHours)).toMatchObject({ appCode: "validation_failed", issues: [{ path: "expiresInHours" }] });
    }
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    if (!row) throw new Error("no user");
    const ctx = { ...serviceContext(), actor: { user: row, sessionId: null } };
    const error = await createMailbox(ctx, row, { expiresInHours: 9000 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ appCode: "validation_failed", issues: [{ path: "expiresInHours", message: "Keep the mailbox for at most a year (8760 hours)" }] });
    expect(await trpc.mailboxes.list.query()).toEqual([]);
  });

  it("drops an expired mailbox from lists and refuses its mail; it no longer counts against the cap", async () => {
    const { trpc } = await signedIn();
    const box = await trpc.mailboxes.create.mutate({ expiresInHours: 1 });
    await deliver(emailMessage({ from: "a@example.com", to: box.address, raw: simpleMail({ to: box.address, messageId: "<before@x>" }) }));
    expect((await trpc.messages.list.query({})).items).toHaveLength(1);

    await expireAt(box.id, new Date(Date.now() - 1000));
    expect(await trpc.mailboxes.list.query()).toEqual([]);
    expect((await trpc.messages.list.query({})).items).toEqual([]);
    expect((await appError(trpc.messages.list.query({ mailboxId: box.id }))).appCode).toBe("not_found");
    const late = emailMessage({ from: "a@example.com", to: box.address, raw: simpleMail({ to: box.address, messageId: "<after@x>" }) });
    await deliver(late);
    expect(late.setReject).toHaveBeenCalledWith("Unknown recipient");
    expect(await db().select().from(messages).where(eq(messages.mailboxId, box.id))).toHaveLength(1);
  });

  it("extends a live expiring mailbox within a year, or keeps it until deleted; never another user's or an expired one", async () => {
    const { trpc } = await signedIn();
    const stranger = await signedIn();
    const box = await trpc.mailboxes.create.mutate({ expiresInHours: 1 });
    const start = box.expiresAt?.getTime() ?? 0;
    expect((await trpc.mailboxes.extend.mutate({ id: box.id, expiresInHours: 24 })).expiresAt?.getTime()).toBe(start + 24 * hour);
    const capped = await trpc.mailboxes.extend.mutate({ id: box.id, expiresInHours: 8760 });
    expect(capped.expiresAt?.getTime()).toBeLessThanOrEqual(Date.now() + 8760 * hour);
    expect(capped.expiresAt?.getTime()).toBeGreaterThan(Date.now() + 8759 * hour);

    expect((await appError(stranger.trpc.mailboxes.extend.mutate({ id: box.id, expiresInHours: 1 }))).appCode).toBe("not_found");
    expect((await appError(stranger.trpc.mailboxes.extend.mutate({ id: box.id, expiresInHours: null }))).appCode).toBe("not_found");
    expect((await appError(trpc.mailboxes.extend.mutate({ id: box.id, expiresInHours: 0 }))).appCode).toBe("validation_failed");
    expect((await appError(trpc.mailboxes.extend.mutate({ id: box.id, expiresInHours: 8761 }))).appCode).toBe("validation_failed");

    expect((await trpc.mailboxes.extend.mutate({ id: box.id, expiresInHours: null })).expiresAt).toBeNull();
    expect((await appError(trpc.mailboxes.extend.mutate({ id: box.id, expiresInHours: 1 }))).appCode).toBe("conflict");

    const gone = await trpc.mailboxes.create.mutate({ expiresInHours: 1 });
    await expireAt(gone.id, new Date(Date.now() - 1000));
    expect((await appError(trpc.mailboxes.extend.mutate({ id: gone.id, expiresInHours: 24 }))).appCode).toBe("not_found");
    expect((await appError(trpc.mailboxes.extend.mutate({ id: gone.id, expiresInHours: null }))).appCode).toBe("not_found");
  });

  it("the retention cron deletes expired mailboxes with their messages and stored objects, in bounded batches", async () => {
    const { trpc, user } = await signedIn();
    const kept = await trpc.mailboxes.create.mutate({ expiresInHours: 2 });
    const forever = await trpc.mailboxes.create.mutate({});
    const doomed = await trpc.mailboxes.create.mutate({ expiresInHours: 1 });
    const bulky = await trpc.mailboxes.create.mutate({ expiresInHours: 1 });
    for (const box of [kept, forever, doomed]) {
      await deliver(emailMessage({ from: "a@example.com", to: box.address, raw: mailWithAttachment({ to: box.address, messageId: `<f-${box.id}@x>`, filename: "a.txt", content: new Uint8Array([1, 2]) }) }));
    }
    const [doomedMessage] = await db().select().from(messages).where(eq(messages.mailboxId, doomed.id));
    const doomedKeys = [doomedMessage?.rawKey, ...(await db().select().from(attachments).where(eq(attachments.messageId, doomedMessage?.id ?? ""))).map((a) => a.storageKey)];
    expect(doomedKeys.every((k) => typeof k === "string")).toBe(true);
    // More messages than one run may delete (10 batches of 200), with no object behind them.
    const now = new Date();
    const rows = Array.from({ length: 2100 }, (_, i) => ({
      id: `bulk-${bulky.id}-${i}`,
      mailboxId: bulky.id,
      userId: user.id,
      messageIdHeader: `<bulk-${i}@x>`,
      envelopeFrom: "a@example.com",
      toAddress: bulky.address,
      size: 1,
      receivedAt: now,
      expiresAt: new Date(now.getTime() + 7 * 24 * hour),
    }));
    for (let i = 0; i < rows.length; i += 100) {
      const [first, ...rest] = rows.slice(i, i + 100).map((row) => db().insert(messages).values(row));
      if (first) await db().batch([first, ...rest]);
    }

    // The doomed mailbox expired first, so the first run reaches it before the bulky one.
    await expireAt(doomed.id, new Date(Date.now() + 0.5 * hour));
    const later = fixedClock(Date.now() + 1.5 * hour);
    const first = await runRetention(serviceContext({ clock: later }));
    expect(first.mailboxes).toBeGreaterThanOrEqual(1);
    expect(await db().select().from(mailboxes).where(eq(mailboxes.id, doomed.id))).toEqual([]);
    expect(await db().select().from(messages).where(eq(messages.mailboxId, doomed.id))).toEqual([]);
    for (const key of doomedKeys) expect(await bucket.head(key ?? ""), key ?? "").toBeNull();

    // Runs until the bulky mailbox is empty and gone; each run stays within its budget.
    let runs = 1;
    while ((await db().select().from(mailboxes).where(eq(mailboxes.id, bulky.id))).length > 0) {
      const report = await runRetention(serviceContext({ clock: later }));
      expect(report.messages).toBeLessThanOrEqual(2000);
      runs += 1;
      expect(runs).toBeLessThan(5);
    }
    expect(runs).toBeGreaterThan(1);
    expect(await db().select().from(messages).where(eq(messages.mailboxId, bulky.id))).toEqual([]);

    const left = (await db().select().from(mailboxes).where(eq(mailboxes.userId, user.id))).map((m) => m.id).sort();
    expect(left).toEqual([kept.id, forever.id].sort());
    expect(await db().select().from(messages).where(eq(messages.mailboxId, kept.id))).toHaveLength(1);
  }, 120_000);
});
