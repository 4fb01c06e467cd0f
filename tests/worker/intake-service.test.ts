import { receiveEmail, type MessageStoredEvent, type MessageStoredListener } from "@mailroom/api";
import { createDb } from "@mailroom/db";
import { messages } from "@mailroom/db/schema";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { env } from "./support/call-worker.ts";
import { emailMessage, seedMailbox, simpleMail, storedRaw, withStoredBody } from "./support/email-message.ts";
import { serviceContext } from "./support/service-context.ts";

const db = createDb(env.DB);
const box = "svc@mail.localhost";

/** Runs intake directly, collecting what it hands to `waitUntil`. */
async function intake(raw: string | Uint8Array, options: { listeners?: MessageStoredListener[]; limits?: { maxRawBytes: number } } = {}) {
  const ctx = serviceContext();
  const message = emailMessage({ from: "a@example.com", to: box, raw });
  const result = await receiveEmail(ctx, message, { listeners: options.listeners ?? [], ...(options.limits ? { limits: options.limits } : {}) });
  return { result, message, background: ctx.pending };
}

beforeAll(async () => {
  await seedMailbox(db, { userId: "svc", address: box });
});

describe("post-intake listeners", () => {
  it("hands every listener the stored message in the background, and a failing one fails nothing", async () => {
    const seen: MessageStoredEvent[] = [];
    const listeners: MessageStoredListener[] = [
      { name: "throws", run: () => Promise.reject(new Error("listener broke")) },
      {
        name: "throws-sync",
        run: () => {
          throw new Error("listener broke before returning");
        },
      },
      {
        name: "records",
        run: (event) => {
          seen.push(event);
          return Promise.resolve();
        },
      },
    ];
    const { result, background } = await intake(simpleMail({ to: box, messageId: "<ev@x>", subject: "Event", text: "Your code is 551234" }), { listeners });
    expect(result).toMatchObject({ status: "stored", messageIdHeader: "<ev@x>" });
    expect(background).toHaveLength(3);
    await expect(Promise.all(background)).resolves.toBeDefined();
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      messageId: result.status === "stored" ? result.id : "",
      userId: "svc",
      mailboxId: "mb-svc",
      address: box,
      subject: "Event",
      fromAddress: "sender@example.com",
      attachmentCount: 0,
      notice: null,
    });
  });

  it("runs no listener for a duplicate or a rejected message", async () => {
    const seen: string[] = [];
    const listeners: MessageStoredListener[] = [{ name: "records", run: (e) => Promise.resolve(void seen.push(e.messageId)) }];
    await intake(simpleMail({ to: box, messageId: "<once@x>" }), { listeners });
    const second = await intake(simpleMail({ to: box, messageId: "<once@x>" }), { listeners });
    expect(second.result).toEqual({ status: "duplicate", messageIdHeader: "<once@x>" });
    expect(second.background).toHaveLength(0);
    expect(seen).toHaveLength(1);
  });
});

describe("oversized messages", () => {
  it("reads at most 64 KiB of a header block, whatever its layout, says so, and keeps the raw message whole", async () => {
    const layouts = {
      folded: `X-Long: start\r\n${" a folded continuation line of some text\r\n".repeat(26_000)}`,
      many: Array.from({ length: 20_000 }, (_, i) => `X-Header-${String(i)}: value ${String(i)}\r\n`).join(""),
      long: `X-Long: ${"z".repeat(1_000_000)}\r\n`,
    };
    for (const [layout, extra] of Object.entries(layouts)) {
      const messageId = `<headers-${layout}@x>`;
      const raw = simpleMail({ to: box, messageId, subject: `Headers ${layout}`, text: "The body survives." }).replace("MIME-Version: 1.0\r\n", `MIME-Version: 1.0\r\n${extra}`);
      const { result } = await intake(raw);
      expect(result.status, layout).toBe("stored");
      const [stored] = await db.select().from(messages).where(eq(messages.messageIdHeader, messageId));
      const row = stored && (await withStoredBody(stored));
      expect(row?.subject, layout).toBe(`Headers ${layout}`);
      expect(row?.textBody?.trim(), layout).toBe("The body survives.");
      expect(row?.notice, layout).toBe("The message's header block was longer than 64 KiB; only its beginning was read.");
      expect(new TextEncoder().encode(row?.headers ?? "").byteLength, layout).toBeLessThanOrEqual(64 * 1024);
      expect(row && (await storedRaw(row))?.byteLength, layout).toBe(new TextEncoder().encode(raw).byteLength);
    }
  });

  it("records a message larger than intake holds with a truncation notice, reading no more than the limit", async () => {
    const text = "x".repeat(200_000);
    const raw = simpleMail({ to: box, messageId: "<toolarge@x>", subject: "Too large", text });
    const { result, message } = await intake(raw, { limits: { maxRawBytes: 100 * 1024 } });
    expect(result.status).toBe("stored");
    expect(message.bytesRead()).toBeLessThanOrEqual(100 * 1024 + 64 * 1024);
    const [stored] = await db.select().from(messages).where(eq(messages.messageIdHeader, "<toolarge@x>"));
    const row = stored && (await withStoredBody(stored));
    expect(row?.subject).toBe("Too large");
    expect(row?.size).toBe(new TextEncoder().encode(raw).byteLength);
    expect(row?.notice).toBe(`This message is ${((row?.size ?? 0) / 1024).toFixed(1)} KiB, more than the 100 KiB that can be kept; only its beginning was stored.`);
    expect(row?.textBody?.length).toBeLessThan(100 * 1024);
    expect(row && (await storedRaw(row))?.byteLength).toBe(100 * 1024);
  });
});
