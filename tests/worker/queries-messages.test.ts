// Message lists and search (migrations 0019 and 0021): every statement `listMessages` sends is read
// from indexes (EXPLAIN QUERY PLAN, no full scan), and search finds what it should.
import type { D1Database, D1PreparedStatement } from "@cloudflare/workers-types";
import { createDb, findNewestRecognizedMessage, insertMessage, listMessages, type MessageListOptions, type NewMessage } from "@mailroom/db";
import { describe, expect, it } from "vitest";
import { env } from "./support/call-worker.ts";
import { seedMailbox, storedMessage } from "./support/email-message.ts";

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
  return storedMessage(box, {
    fromAddress: `news${String(i % 3)}@sender.example`,
    fromName: i % 2 === 0 ? "Acme Billing" : "Nimbus Alerts",
    subject: `Report ${String(i)}`,
    receivedAt: new Date(start + i * 1000),
    ...fields,
  });
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

/** Steps of a plan that read a table or index from start to end (a subquery's own result may be scanned). */
const fullScans = (plan: string[]) => plan.filter((step) => /^SCAN (?!CONSTANT ROW|\(subquery|edge\b)/.test(step));

describe("listMessages reads every page from an index", () => {
  it("newest, one mailbox and deep cursor pages: owner and order from one index, the cursor starts the range", async () => {
    const owner = await seedOwner(30);
    const cursor = { at: start + 15_000, id: "zzzz" };
    const variants: Omit<MessageListOptions, "limit">[] = [{}, { mailboxId: owner.first.mailboxId }, { cursor }, { mailboxId: owner.second.mailboxId, cursor }];
    for (const variant of variants) {
      const sent: Sent[] = [];
      await listMessages(createDb(recordingD1(sent)), owner.userId, { limit: 20, ...variant });
      expect(sent).toHaveLength(1);
      for (const statement of sent) {
        const plan = await planOf(statement);
        const context = `${JSON.stringify(variant)}: ${plan.join(" | ")}`;
        expect(fullScans(plan), context).toEqual([]);
        const messageSteps = plan.filter((step) => /\b(SCAN|SEARCH) messages\b/.test(step));
        expect(messageSteps, context).toHaveLength(1);
        for (const step of plan.filter((s) => /\bmailboxes\b/.test(s))) expect(step).toMatch(/^SEARCH mailboxes USING INDEX sqlite_autoindex_mailboxes_1/);
        const messageIndex = messageSteps.join(" ");
        if (variant.mailboxId) expect(messageIndex, context).toContain("messages_user_mailbox_received_idx (user_id=? AND mailbox_id=?");
        else expect(messageIndex, context).toContain("messages_user_received_terms_idx (user_id=?");
        if (variant.cursor) expect(messageIndex, context).toContain("(received_at,id)<(?,?)");
      }
    }
  });

  it("searches: the newest messages from the owner's index, older ones from the word index, never a full scan", async () => {
    const owner = await seedOwner(30);
    const cursor = { at: start + 15_000, id: "zzzz" };
    const variants: Omit<MessageListOptions, "limit">[] = [
      { search: "acme" },
      { search: "Re" },
      { search: "report 1 nimbus" },
      { search: "nimbus", mailboxId: owner.first.mailboxId, cursor },
      { search: "验证码", cursor, now: new Date(start) },
    ];
    for (const variant of variants) {
      const sent: Sent[] = [];
      await listMessages(createDb(recordingD1(sent)), owner.userId, { limit: 20, ...variant });
      expect(sent).toHaveLength(1);
      const [statement] = sent;
      if (!statement) continue;
      const plan = await planOf(statement);
      const context = `${JSON.stringify(variant)}: ${plan.join(" | ")}`;
      expect(fullScans(plan), context).toEqual([]);
      // The page's rows by id; the newest part and the window's edge from the owner's index (the
      // cursor bounds it); the older part from the word's entries, each checked in the owner's index.
      expect(plan.filter((step) => /^SEARCH messages USING INDEX sqlite_autoindex_messages_1 \(id=\?\)/.test(step)), context).toHaveLength(1);
      const ownerIndex = plan.filter((step) => step.startsWith("SEARCH m USING COVERING INDEX messages_user_received_terms_idx"));
      expect(ownerIndex, context).toHaveLength(3);
      if (variant.cursor) expect(ownerIndex.filter((step) => step.includes("(received_at,id)<(?,?)")), context).toHaveLength(2);
      // Each word entry (owner number, word, instant) finds that instant's messages in the owner's index.
      expect(ownerIndex.filter((step) => step.includes("(user_id=? AND received_at=?)")), context).toHaveLength(1);
      expect(plan.filter((step) => step.startsWith("SEARCH t USING PRIMARY KEY (user_key=? AND term>? AND term<?)")), context).toHaveLength(1);
      // The word's entries are the outer loop: the owner's older messages are never walked.
      expect(plan.findIndex((step) => step.startsWith("SEARCH t "))).toBeLessThan(plan.findIndex((step) => step.includes("(user_id=? AND received_at=?)")));
      for (const step of plan.filter((s) => /\b(mailboxes|b)\b/.test(s) && /^(SEARCH|SCAN)/.test(s))) expect(step, context).toMatch(/USING (COVERING )?INDEX sqlite_autoindex_mailboxes_1 \(id=\?\)/);
    }
  });

  it("the wait-for-code poll reads only the mailbox's messages after `since`, from one index", async () => {
    const owner = await seedOwner(6);
    const sent: Sent[] = [];
    await findNewestRecognizedMessage(createDb(recordingD1(sent)), owner.userId, owner.first.mailboxId, new Date(start + 3000));
    expect(sent).toHaveLength(1);
    const [statement] = sent;
    const plan = statement ? await planOf(statement) : [];
    expect(plan, plan.join(" | ")).toEqual(["SEARCH messages USING INDEX messages_user_mailbox_received_idx (user_id=? AND mailbox_id=? AND received_at>?)"]);
  });

  it("answers a search with no letter or digit in it without asking the database", async () => {
    const owner = await seedOwner(2);
    const sent: Sent[] = [];
    for (const search of ["%_", "  ", "@.-", "!!!"]) {
      expect(await listMessages(createDb(recordingD1(sent)), owner.userId, { limit: 20, search })).toEqual({ rows: [], more: false });
    }
    expect(sent).toEqual([]);
  });
});

describe("search on sender and subject", () => {
  it("finds every word at the start of a word of the sender address, sender name or subject, in any case and order, newest first", async () => {
    const owner = await seedOwner(8);
    expect(await subjects(owner.userId, { search: "ACME" })).toEqual(["Report 6", "Report 4", "Report 2", "Report 0"]);
    expect(await subjects(owner.userId, { search: "news1@" })).toEqual(["Report 7", "Report 4", "Report 1"]);
    expect(await subjects(owner.userId, { search: "report 5" })).toEqual(["Report 5"]);
    expect(await subjects(owner.userId, { search: "5 REP" })).toEqual(["Report 5"]);
    expect(await subjects(owner.userId, { search: "nimb", mailboxId: owner.second.mailboxId })).toEqual(["Report 7", "Report 5", "Report 3", "Report 1"]);
    expect(await subjects(owner.userId, { search: "sender.example acme 2" })).toEqual(["Report 2"]);
    // A word is found from its start: the middle of a word is not a match.
    for (const search of ["imb", "port 5", "cme"]) expect(await subjects(owner.userId, { search })).toEqual([]);
    // LIKE and GLOB wildcards typed by a user are no wildcards: they separate words.
    expect(await subjects(owner.userId, { search: "a_me" })).toEqual([]);
    expect(await subjects(owner.userId, { search: "rep*" })).toHaveLength(8);
    expect(await subjects(owner.userId, { search: "%%" })).toEqual([]);
  });

  it("finds Chinese and Japanese by any part of a run of characters, and full-width letters as plain ones", async () => {
    const owner = await seedOwner(0);
    const subjectsIn = ["您的验证码是 482913", "メールアドレスの確認", "ＡＣＭＥ Café", "验证失败"];
    for (const [i, subject] of subjectsIn.entries()) expect(await insertMessage(db, message(owner.first, i, { subject, fromName: null, fromAddress: "x@y.example" }), [])).toBe(true);
    expect(await subjects(owner.userId, { search: "验证码" })).toEqual(["您的验证码是 482913"]);
    expect(await subjects(owner.userId, { search: "验证" })).toEqual(["验证失败", "您的验证码是 482913"]);
    expect(await subjects(owner.userId, { search: "码" })).toEqual(["您的验证码是 482913"]);
    expect(await subjects(owner.userId, { search: "是" })).toEqual(["您的验证码是 482913"]);
    expect(await subjects(owner.userId, { search: "アドレス" })).toEqual(["メールアドレスの確認"]);
    expect(await subjects(owner.userId, { search: "acme CAFÉ" })).toEqual(["ＡＣＭＥ Café"]);
    expect(await subjects(owner.userId, { search: "码验" })).toEqual([]);
  });

  it("keeps to the owner: another user's matching mail is not found", async () => {
    const owner = await seedOwner(2);
    const other = await seedOwner(2);
    const mine = await listMessages(db, owner.userId, { limit: 50, search: "acme" });
    expect(mine.rows.map((r) => r.message.userId)).toEqual([owner.userId]);
    expect((await listMessages(db, other.userId, { limit: 50, search: "acme" })).rows).toHaveLength(1);
  });
});
