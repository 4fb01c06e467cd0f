// Search by words (migrations 0021, 0023) against a model: 1,200 messages, so searches cross from
// the newest messages checked one by one to the older ones found through `message_terms` (some
// arriving in the same millisecond, which share word entries); random searches, mailboxes, page
// sizes and cursors must give exactly what a plain filter over the same words gives. Then the
// triggers that keep `message_terms` in step, and the backfill of messages stored before the migration.
import {
  addMissingSearchTerms,
  createDb,
  deleteMessageRows,
  insertMessage,
  listMessages,
  messageSearchTerms,
  messageTermsOf,
  searchQueryTerms,
  type NewMessage,
} from "@mailroom/db";
import { messages, messageTerms, users } from "@mailroom/db/schema";
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { and, eq, inArray } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, inject, it } from "vitest";
import worker from "../../apps/worker/src/index.ts";
import { env } from "./support/call-worker.ts";
import { seedMailbox, storedMessage } from "./support/email-message.ts";

const db = createDb(env.DB);
const start = Date.UTC(2026, 3, 1);
const total = 1200;
let counter = 0;
const unique = (prefix: string) => `${prefix}-${String(++counter)}-${crypto.randomUUID().slice(0, 8)}`;

const names = ["Acme Billing", "Nimbus Alerts", "Orbit Shop", null] as const;
const subjectWords = ["Report", "Weekly", "news", "Order", "Invoice", "Reminder"] as const;

/** Message i of a box; word frequencies from every message down to one (the rarest are old). */
function message(box: { userId: string; mailboxId: string; address: string }, i: number, fields: Partial<NewMessage> = {}): NewMessage {
  const words = [subjectWords[i % subjectWords.length], String(i)];
  if (i % 10 === 0) words.push("billing");
  if (i % 97 === 0) words.push(`您的验证码是${String(100_000 + i)}`);
  if (i === 7) words.push("order 000777");
  if (i === 11) words.push("Café ＡＣＭＥ");
  if (i === 13) words.push("メールアドレスの確認");
  // Two words with one beginning: a search for it meets each of these messages twice in the index.
  if (i === 17 || i === 19) words.push("zebra zebrafish");
  return storedMessage(box, {
    fromAddress: i % 5 === 0 ? null : `news${String(i % 3)}@sender${String(i % 7)}.example`,
    fromName: names[i % names.length] ?? null,
    subject: words.join(" "),
    // Every 25th message arrives in the same millisecond as the one before it.
    receivedAt: new Date(start + (i % 25 === 1 ? i - 1 : i) * 1000),
    ...fields,
  });
}

interface Stored {
  id: string;
  mailboxId: string;
  at: number;
  terms: string[];
  live: boolean;
}

const owner = { userId: unique("owner"), boxes: [] as { userId: string; mailboxId: string; address: string }[] };
const stored: Stored[] = [];
const now = new Date(start + total * 1000);

beforeAll(async () => {
  const first = await seedMailbox(db, { userId: owner.userId, address: `${unique("a")}@mail.localhost` });
  const more = [unique("mb"), unique("mb")];
  for (const [n, mailboxId] of more.entries()) {
    // The third mailbox expired after its last message and before `now`: its mail waits for
    // retention and no list as of `now` shows it.
    const expiresAt = n === 1 ? now.getTime() - 1 : null;
    await env.DB.prepare("INSERT INTO mailboxes (id, user_id, local_part, domain, address, created_at, expires_at) VALUES (?, ?, ?, 'mail.localhost', ?, 0, ?)")
      .bind(mailboxId, owner.userId, mailboxId, `${mailboxId}@mail.localhost`, expiresAt)
      .run();
  }
  owner.boxes = [first, ...more.map((mailboxId) => ({ userId: owner.userId, mailboxId, address: `${mailboxId}@mail.localhost` }))];
  // Another owner with the same words: never in the first owner's results.
  const other = await seedMailbox(db, { userId: unique("other"), address: `${unique("o")}@mail.localhost` });
  for (let i = 0; i < 40; i++) await insertMessage(db, message(other, i * 30), []);
  for (let i = 0; i < total; i++) {
    const box = owner.boxes[i % 7 === 3 ? 2 : i % 2] ?? first;
    const m = message(box, i);
    expect(await insertMessage(db, m, [])).toBe(true);
    stored.push({ id: m.id, mailboxId: box.mailboxId, at: m.receivedAt.getTime(), terms: messageTermsOf(m), live: box !== owner.boxes[2] });
  }
  stored.sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : -1));
}, 120_000);

/** What a search should find: every search word begins a word of the message, newest first. */
function model(search: string, options: { mailboxId?: string; live: boolean }): Stored[] {
  const words = searchQueryTerms(search);
  if (words.length === 0) return [];
  return stored.filter(
    (m) =>
      (!options.live || m.live) &&
      (options.mailboxId === undefined || m.mailboxId === options.mailboxId) &&
      words.every((w) => m.terms.some((t) => t.startsWith(w))),
  );
}

const searches = fc.oneof(
  fc.constantFrom("billing", "order 000777", "zeb", "zebra", "000777", "café acme", "ＡＣＭＥ", "アドレス", "验证码", "码", "nimbus 97", "news1 sender4", "report", "r", "1", "x"),
  fc
    .array(fc.constantFrom(...subjectWords, "billing", "acme", "nimbus", "orbit", "news2", "sender3", "example", "bounce", "验证", "invoice 1", "11"), { minLength: 1, maxLength: 3 })
    .chain((words) => fc.tuple(fc.constant(words), fc.array(fc.nat(), { minLength: words.length, maxLength: words.length })))
    .map(([words, cuts]) => words.map((w, i) => w.slice(0, 1 + ((cuts[i] ?? 0) % w.length))).join(" ")),
);

describe("search against a model of 1,200 messages", () => {
  it("gives the model's page for any search, mailbox, page size and cursor, across the newest messages and the word index", async () => {
    await fc.assert(
      fc.asyncProperty(searches, fc.integer({ min: 0, max: 3 }), fc.oneof(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 40 })), fc.double({ min: 0, max: 1, noNaN: true }), fc.boolean(), async (search, box, limit, depth, live) => {
        const mailboxId = box < 3 ? owner.boxes[box]?.mailboxId : undefined;
        const expected = model(search, { ...(mailboxId === undefined ? {} : { mailboxId }), live });
        // A cursor anywhere in the expected list, or none.
        const from = Math.floor(depth * expected.length);
        const cursorRow = from > 0 ? expected[from - 1] : undefined;
        const page = await listMessages(db, owner.userId, {
          limit,
          search,
          mailboxId,
          ...(live ? { now } : {}),
          ...(cursorRow ? { cursor: { at: cursorRow.at, id: cursorRow.id } } : {}),
        });
        expect(page.rows.map((r) => r.message.id)).toEqual(expected.slice(from, from + limit).map((m) => m.id));
        expect(page.more).toBe(expected.length > from + limit);
      }),
      { seed: inject("fuzzSeed"), numRuns: 100 },
    );
  });

  it("finds the one old message holding a rare word, whatever the page size", async () => {
    for (const limit of [1, 20]) {
      const page = await listMessages(db, owner.userId, { limit, search: "order 000777", now });
      expect(page.rows.map((r) => r.message.subject)).toEqual(["Weekly 7 order 000777"]);
      expect(page.more).toBe(false);
    }
  });

  it("counts a message once when several of its words begin with the searched one", async () => {
    const first = await listMessages(db, owner.userId, { limit: 1, search: "zeb" });
    expect(first.rows.map((r) => r.message.subject)).toEqual(["Weekly 19 zebra zebrafish"]);
    expect(first.more).toBe(true);
    const last = first.rows[0]?.message;
    const second = await listMessages(db, owner.userId, { limit: 1, search: "zeb", ...(last ? { cursor: { at: last.receivedAt.getTime(), id: last.id } } : {}) });
    expect(second.rows.map((r) => r.message.subject)).toEqual(["Reminder 17 zebra zebrafish"]);
    expect(second.more).toBe(false);
  });

  it("pages through a word of every tenth subject and every fourth sender, across the edge of the newest messages, without a gap or a repeat", async () => {
    const seen: string[] = [];
    let cursor: { at: number; id: string } | undefined;
    for (;;) {
      const page = await listMessages(db, owner.userId, { limit: 7, search: "billing", ...(cursor ? { cursor } : {}) });
      seen.push(...page.rows.map((r) => r.message.id));
      const last = page.rows.at(-1)?.message;
      if (!page.more || !last) break;
      cursor = { at: last.receivedAt.getTime(), id: last.id };
    }
    expect(seen).toEqual(model("billing", { live: false }).map((m) => m.id));
    expect(seen).toHaveLength(360);
  });
});

describe("message_terms follows messages", () => {
  /** The words indexed for the instant a message arrived at, for its owner. */
  async function termsOf(m: NewMessage): Promise<string[]> {
    const rows = await db
      .select({ term: messageTerms.term })
      .from(messageTerms)
      .innerJoin(users, eq(users.termKey, messageTerms.userKey))
      .where(and(eq(users.id, m.userId), eq(messageTerms.receivedAt, m.receivedAt)));
    return rows.map((r) => r.term).sort();
  }
  const wordsOf = (...all: NewMessage[]) => [...new Set(all.flatMap((m) => messageTermsOf(m)))].sort();

  it("gets a message's words when it is stored and loses them when it is deleted, by any path", async () => {
    const box = await seedMailbox(db, { userId: unique("terms"), address: `${unique("t")}@mail.localhost` });
    const kept = message(box, 11);
    const deleted = message(box, 13);
    const cascaded = message(box, 97);
    for (const m of [kept, deleted, cascaded]) expect(await insertMessage(db, m, [])).toBe(true);
    expect(await termsOf(kept)).toEqual(wordsOf(kept));
    expect(await termsOf(kept)).toContain("café");

    await deleteMessageRows(db, [deleted.id]);
    expect(await termsOf(deleted)).toEqual([]);
    expect(await termsOf(kept)).toEqual(wordsOf(kept));

    // Deleting the mailbox deletes its messages by cascade, and their words with them.
    await env.DB.prepare("DELETE FROM mailboxes WHERE id = ?").bind(box.mailboxId).run();
    expect(await termsOf(kept)).toEqual([]);
    expect(await termsOf(cascaded)).toEqual([]);
  });

  it("keeps a word of an instant while another message of that instant still holds it", async () => {
    const box = await seedMailbox(db, { userId: unique("terms"), address: `${unique("t")}@mail.localhost` });
    const at = new Date(start + 5_000_000);
    const first = message(box, 7, { receivedAt: at });
    const second = message(box, 13, { receivedAt: at });
    for (const m of [first, second]) expect(await insertMessage(db, m, [])).toBe(true);
    expect(await termsOf(first)).toEqual(wordsOf(first, second));
    expect(messageTermsOf(first)).toContain("order");
    expect(messageTermsOf(second)).not.toContain("order");

    await deleteMessageRows(db, [first.id]);
    expect(await termsOf(second)).toEqual(wordsOf(second));
    await db.update(messages).set({ searchTerms: JSON.stringify(["renamed"]) }).where(eq(messages.id, second.id));
    expect(await termsOf(second)).toEqual(["renamed"]);
    await deleteMessageRows(db, [second.id]);
    expect(await termsOf(second)).toEqual([]);
  });

  it("replaces the words when a message's words change", async () => {
    const box = await seedMailbox(db, { userId: unique("terms"), address: `${unique("t")}@mail.localhost` });
    const m = message(box, 7);
    await insertMessage(db, m, []);
    await db.update(messages).set({ searchTerms: JSON.stringify(["renamed", "words"]) }).where(eq(messages.id, m.id));
    expect(await termsOf(m)).toEqual(["renamed", "words"]);
  });

  it("stores a duplicate delivery's words once (the second copy is not stored)", async () => {
    const box = await seedMailbox(db, { userId: unique("terms"), address: `${unique("t")}@mail.localhost` });
    const m = message(box, 3);
    expect(await insertMessage(db, m, [])).toBe(true);
    expect(await insertMessage(db, { ...m, id: unique("copy"), receivedAt: new Date(m.receivedAt.getTime() + 1) }, [])).toBe(false);
    const rows = await db
      .select({ at: messageTerms.receivedAt })
      .from(messageTerms)
      .innerJoin(users, eq(users.termKey, messageTerms.userKey))
      .where(eq(users.id, box.userId));
    expect(new Set(rows.map((r) => r.at.getTime()))).toEqual(new Set([m.receivedAt.getTime()]));
  });
});

describe("messages stored before their words were kept", () => {
  /** A message row as migration 0021 found it: no words yet. */
  async function legacyMessage(box: { userId: string; mailboxId: string; address: string }, i: number, fields: Partial<NewMessage> = {}): Promise<NewMessage> {
    const m = message(box, i, fields);
    expect(await insertMessage(db, m, [])).toBe(true);
    // The update trigger takes the message's words out of the index with its words.
    await env.DB.prepare("UPDATE messages SET search_terms = NULL WHERE id = ?").bind(m.id).run();
    return m;
  }

  it("are found once the backfill has given them their words, newest first, each once", async () => {
    const box = await seedMailbox(db, { userId: unique("legacy"), address: `${unique("l")}@mail.localhost` });
    const legacy = [];
    for (const i of [7, 11, 13]) legacy.push(await legacyMessage(box, i));
    expect((await listMessages(db, box.userId, { limit: 10, search: "order 000777" })).rows).toEqual([]);

    // Newest first: the two newer ones in the first batch, the oldest in the next.
    expect(await addMissingSearchTerms(db, 2)).toBe(2);
    const [oldest] = await db.select({ searchTerms: messages.searchTerms }).from(messages).where(eq(messages.id, legacy[0]?.id ?? ""));
    expect(oldest?.searchTerms).toBeNull();
    expect(await addMissingSearchTerms(db, 2)).toBe(1);
    expect(await addMissingSearchTerms(db, 2)).toBe(0);
    const rows = await db.select({ id: messages.id, searchTerms: messages.searchTerms }).from(messages).where(inArray(messages.id, legacy.map((m) => m.id)));
    for (const row of rows) {
      const m = legacy.find((l) => l.id === row.id);
      expect(m && JSON.parse(row.searchTerms ?? "null")).toEqual(m && messageTermsOf(m));
    }
    expect((await listMessages(db, box.userId, { limit: 10, search: "order 000777" })).rows.map((r) => r.message.id)).toEqual([legacy[0]?.id]);
    expect((await listMessages(db, box.userId, { limit: 10, search: "アドレス" })).rows.map((r) => r.message.id)).toEqual([legacy[2]?.id]);
  });

  it("get their words from the every-minute cron", async () => {
    const box = await seedMailbox(db, { userId: unique("legacy"), address: `${unique("l")}@mail.localhost` });
    // Kept for a day from now: the same cron deletes expired mail (this corpus is dated April 2026).
    const m = await legacyMessage(box, 11, { expiresAt: new Date(Date.now() + 86_400_000) });
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "* * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect((await listMessages(db, box.userId, { limit: 10, search: "café" })).rows.map((r) => r.message.id)).toEqual([m.id]);
  });
});

describe("the words of a text", () => {
  // Text as mail has it: ASCII, accents composed and not, Chinese, kana, Hangul, full-width
  // letters, emoji, punctuation and spaces.
  const chars = fc.constantFrom(..."aZ9 .@-_:/,!?'\"éÉe\u0301ßİ您的验证码是確認メールアドレスの인증번호ＡＢ１😀【】".match(/./gsu) ?? []);
  const graphemes = (text: string) => [...new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(text)].map((g) => g.segment);

  it("are what a search for any part of them, from a word's start, finds", () => {
    fc.assert(
      fc.property(fc.array(chars, { maxLength: 40 }), fc.nat(), fc.nat(), (picked, at, length) => {
        const text = picked.join("");
        const terms = messageSearchTerms(text);
        // The text itself, and a piece of it (whole characters) from the start of one of its words.
        const units = graphemes(text);
        const starts = units.flatMap((g, i) => (/[\p{L}\p{N}]/u.test(g) && !/[\p{L}\p{N}\p{M}]/u.test(units[i - 1] ?? " ") ? [i] : []));
        const first = starts[at % Math.max(starts.length, 1)];
        const pieces = [text];
        if (first !== undefined) pieces.push(units.slice(first, first + 1 + (length % (units.length - first))).join(""));
        for (const piece of pieces) {
          for (const query of searchQueryTerms(piece)) expect(terms.some((t) => t.startsWith(query)), `${JSON.stringify(piece)} in ${JSON.stringify(text)}`).toBe(true);
        }
      }),
      { seed: inject("fuzzSeed"), numRuns: 500 },
    );
  });

  it("are case-insensitive, full-width as half-width, and bounded in number and length", () => {
    expect(messageSearchTerms("Ｈｅｌｌｏ WORLD")).toEqual(["hello", "world"]);
    expect(messageSearchTerms("x".repeat(100))).toEqual(["x".repeat(32)]);
    expect(searchQueryTerms("x".repeat(100))).toEqual(["x".repeat(32)]);
    const many = Array.from({ length: 300 }, (_, i) => `w${String(i)}`).join(" ");
    expect(messageSearchTerms(many)).toHaveLength(100);
    expect(searchQueryTerms(many)).toHaveLength(8);
    expect(searchQueryTerms("-- @@ __")).toEqual([]);
  });

  it("find a plus tag by `tag:` and its start, and as a word; `tag:` alone is no tag", () => {
    expect(searchQueryTerms("tag:Shop hello")).toEqual(["tag:shop", "hello"]);
    expect(searchQueryTerms("hello TAG:ünï")).toEqual(["tag:ünï", "hello"]);
    expect(searchQueryTerms("tag:")).toEqual(["tag"]);
    // Characters JSON would escape are left out on both sides, so a stored entry compares as written.
    expect(searchQueryTerms('tag:a"b\\c')).toEqual(["tag:abc"]);
  });
});
