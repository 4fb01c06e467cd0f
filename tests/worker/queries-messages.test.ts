// Message lists and search (migration 0019): every statement `listMessages` sends is read from an
// index (EXPLAIN QUERY PLAN, no full scan of messages), and search finds what it should.
import type { D1Database, D1PreparedStatement } from "@cloudflare/workers-types";
import { createDb, insertMessage, listMessages, type MessageListOptions, type NewMessage } from "@mailroom/db";
import { describe, expect, it } from "vitest";
import { env } from "./support/call-worker.ts";
import { seedMailbox } from "./support/email-message.ts";

const db = createDb(env.DB);
const start = Date.UTC(2026, 5, 1);
let counter = 0;
const unique = (prefix: string) => `${prefix}-${String(++counter)}-${crypto.randomUUID().slice(0, 6)}`;

interface Sent {
  query: string;
  params: unknown[];
}

/** A D1 binding that remembers every statement (with its parameters) sent through it. */
function recordingD1(sent: Sent[]): D1Database {
  return new Proxy(env.DB, {
    get(target, property, receiver) {
      if (property !== "prepare") return Reflect.get(target, property, receiver) as unknown;
      return (query: string): D1PreparedStatement => {
        const statement = target.prepare(query);
        return new Proxy(statement, {
          get(inner, name, innerReceiver) {
            if (name !== "bind") return Reflect.get(inner, name, innerReceiver) as unknown;
            return (...params: unknown[]) => {
              sent.push({ query, params });
              return inner.bind(...params);
            };
          },
        });
      };
    },
  });
}

async function planOf(statement: Sent): Promise<string[]> {
  const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${statement.query}`)
    .bind(...statement.params)
    .all<{ detail: string }>();
  return plan.results.map((row) => row.detail);
}

function message(box: { userId: string; mailboxId: string; address: string }, i: number, fields: Partial<NewMessage> = {}): NewMessage {
  return {
    id: unique("msg"),
    mailboxId: box.mailboxId,
    userId: box.userId,
    messageIdHeader: `<${unique("mid")}@x>`,
    envelopeFrom: "bounce@sender.example",
    fromAddress: `news${String(i % 3)}@sender.example`,
    fromName: i % 2 === 0 ? "Acme Billing" : "Nimbus Alerts",
    toAddress: box.address,
    subject: `Report ${String(i)}`,
    textBody: "body",
    htmlBody: null,
    headers: "[]",
    size: 10,
    rawKey: null,
    notice: null,
    recognitionKind: "none",
    recognitionValue: null,
    recognitionSource: "rules",
    receivedAt: new Date(start + i * 1000),
    expiresAt: new Date(start + 90 * 86_400_000),
    ...fields,
  };
}

async function seedOwner(count: number) {
  const userId = unique("owner");
  const first = await seedMailbox(db, { userId, address: `${unique("a")}@mail.localhost` });
  const second = { userId, mailboxId: unique("mb2"), address: `${unique("b")}@mail.localhost` };
  await env.DB.prepare("INSERT INTO mailboxes (id, user_id, local_part, domain, address, created_at) VALUES (?, ?, 'b', 'mail.localhost', ?, 0)")
    .bind(second.mailboxId, userId, second.address)
    .run();
  for (let i = 0; i < count; i++) expect(await insertMessage(db, message(i % 2 === 0 ? first : second, i), [])).toBe(true);
  return { userId, first, second };
}

const subjects = async (userId: string, options: Omit<MessageListOptions, "limit">) =>
  (await listMessages(db, userId, { limit: 50, ...options })).rows.map((r) => r.message.subject);

describe("listMessages reads every page from an index", () => {
  it("newest, one mailbox, deep cursor pages and searches: no full scan of messages", async () => {
    const owner = await seedOwner(30);
    const cursor = { at: start + 15_000, id: "zzzz" };
    const variants: Omit<MessageListOptions, "limit">[] = [
      {},
      { mailboxId: owner.first.mailboxId },
      { cursor },
      { mailboxId: owner.second.mailboxId, cursor },
      { search: "acme" },
      { search: "Re" },
      { search: "nimbus", mailboxId: owner.first.mailboxId, cursor },
      { search: "%_", cursor },
    ];
    for (const variant of variants) {
      const sent: Sent[] = [];
      await listMessages(createDb(recordingD1(sent)), owner.userId, { limit: 20, ...variant });
      expect(sent).toHaveLength(1);
      for (const statement of sent) {
        const plan = await planOf(statement);
        const messageSteps = plan.filter((step) => /\b(SCAN|SEARCH) messages\b/.test(step));
        expect(messageSteps, `${JSON.stringify(variant)}: ${plan.join(" | ")}`).not.toHaveLength(0);
        for (const step of messageSteps) expect(step, `${JSON.stringify(variant)}: ${plan.join(" | ")}`).toMatch(/^SEARCH messages USING (COVERING )?INDEX|^SEARCH messages USING INTEGER PRIMARY KEY/);
        for (const step of plan.filter((s) => /\bmailboxes\b/.test(s))) expect(step).toMatch(/^SEARCH mailboxes USING INDEX sqlite_autoindex_mailboxes_1/);
        const messageIndex = messageSteps.join(" ");
        // One mailbox: owner and mailbox from one index; a cursor starts the index range, not a filter.
        if (variant.mailboxId) expect(messageIndex).toContain("messages_user_mailbox_received_idx (user_id=? AND mailbox_id=?");
        if (variant.cursor) expect(messageIndex).toContain("(received_at,id)<(?,?)");
        // Across mailboxes, search reads sender and subject from the owner's index.
        if (!variant.mailboxId) expect(messageIndex).toContain("messages_user_received_search_idx (user_id=?");
      }
    }
  });
});

describe("search on sender and subject", () => {
  it("finds substrings of sender address, sender name and subject, case-insensitively, newest first", async () => {
    const owner = await seedOwner(8);
    expect(await subjects(owner.userId, { search: "ACME" })).toEqual(["Report 6", "Report 4", "Report 2", "Report 0"]);
    expect(await subjects(owner.userId, { search: "news1@" })).toEqual(["Report 7", "Report 4", "Report 1"]);
    expect(await subjects(owner.userId, { search: "port 5" })).toEqual(["Report 5"]);
    expect(await subjects(owner.userId, { search: "imb", mailboxId: owner.second.mailboxId })).toEqual(["Report 7", "Report 5", "Report 3", "Report 1"]);
    expect(await subjects(owner.userId, { search: "t 3" })).toEqual(["Report 3"]);
    // LIKE wildcards typed by a user are text.
    for (const search of ["%%", "a_me", "rep*"]) expect(await subjects(owner.userId, { search })).toEqual([]);
  });

  it("keeps to the owner: another user's matching mail is not found", async () => {
    const owner = await seedOwner(2);
    const other = await seedOwner(2);
    const mine = await listMessages(db, owner.userId, { limit: 50, search: "acme" });
    expect(mine.rows.map((r) => r.message.userId)).toEqual([owner.userId]);
    expect((await listMessages(db, other.userId, { limit: 50, search: "acme" })).rows).toHaveLength(1);
  });
});
