import { desc, isNull, sql, type SQL } from "drizzle-orm";
import type { Database } from "../client.ts";
import { messages } from "../schema/index.ts";
import { messageSearchTerms, tagSearchTerm } from "../search-terms.ts";
import type { Cursor } from "./paging.ts";

// Search over the words of each message (migration 0021) in one statement of two parts. The
// first walks the owner's newest `window` messages and keeps those holding every word: a common
// word fills the page there and the second part never runs (SQLite stops a UNION ALL at its
// LIMIT). The second part, for older messages, starts from the rarest-looking word's entries in
// `message_terms` instead of walking the owner's index: its cost follows how many messages hold
// that word, not how many messages there are. An entry names the owner (by `users.term_key`), the
// word and the instant (migration 0023), and the owner's index finds the messages of that instant,
// where every word is checked (CROSS JOIN keeps the word's entries the outer loop: the owner's
// older messages are never walked). A message with several words that begin with the searched one has
// several entries, hence the GROUP BY.

/** The newest messages checked one by one before the word index is used. */
const window = 1000;

/** A message's words: of its plus tag, the sender as lists show it (the header's address, else the envelope's) and the subject. */
export function messageTermsOf(message: { fromAddress: string | null; envelopeFrom: string; fromName: string | null; subject: string | null; plusTag?: string | null }): string[] {
  const tag = message.plusTag ?? null;
  const words = messageSearchTerms(tag, message.fromAddress ?? message.envelopeFrom, message.fromName, message.subject);
  return tag === null ? words : [tagSearchTerm(tag), ...words];
}

export interface SearchPageOptions {
  mailboxId?: string | null | undefined;
  cursor?: Cursor | null | undefined;
  /** Messages of mailboxes expired at this moment are left out. */
  now?: Date | undefined;
  /** Rows to find (the page and one more). */
  rows: number;
}

/** The word looked up in the index: the longest (words are rarer the longer they are), the last of equals. */
function leadingTerm(terms: readonly string[]): string {
  return terms.reduce((best, term) => (term.length >= best.length ? term : best));
}

/**
 * The ids of the owner's newest messages after the cursor that hold a word beginning with each
 * of `terms` (at least one), as a subquery. Both parts read only indexes until the page is known.
 */
export function searchPageIds(userId: string, terms: readonly string[], options: SearchPageOptions): SQL {
  const lead = leadingTerm(terms);
  // In the JSON array every word follows a quote, so `"abc` is found exactly at a word's start.
  const holdsAll = sql.join(
    terms.map((term) => sql`instr(m.search_terms, ${`"${term}`}) > 0`),
    sql` AND `,
  );
  const afterCursor = options.cursor ? sql`AND (m.received_at, m.id) < (${options.cursor.at}, ${options.cursor.id})` : sql``;
  const inMailbox = options.mailboxId ? sql`AND m.mailbox_id = ${options.mailboxId}` : sql``;
  const live = options.now ? sql`AND (b.expires_at IS NULL OR b.expires_at > ${options.now.getTime()})` : sql``;
  return sql`
    WITH edge (at, id) AS MATERIALIZED (
      SELECT * FROM (
        SELECT m.received_at, m.id FROM messages m INDEXED BY messages_user_received_terms_idx
        WHERE m.user_id = ${userId} ${afterCursor} ORDER BY m.received_at DESC, m.id DESC LIMIT 1 OFFSET ${window - 1})
      UNION ALL SELECT -1, '' LIMIT 1)
    SELECT id FROM (
      SELECT m.id FROM messages m INDEXED BY messages_user_received_terms_idx JOIN mailboxes b ON b.id = m.mailbox_id
      WHERE m.user_id = ${userId} ${afterCursor} AND (m.received_at, m.id) >= (SELECT at, id FROM edge) ${inMailbox} ${live} AND ${holdsAll}
      ORDER BY m.received_at DESC, m.id DESC LIMIT ${options.rows})
    UNION ALL
    SELECT id FROM (
      SELECT m.id FROM message_terms t
      CROSS JOIN messages m INDEXED BY messages_user_received_terms_idx ON m.user_id = ${userId} AND m.received_at = t.received_at
      JOIN mailboxes b ON b.id = m.mailbox_id
      WHERE t.user_key = (SELECT term_key FROM users WHERE id = ${userId}) AND t.term >= ${lead} AND t.term < ${`${lead}\u{10FFFF}`}
        AND (m.received_at, m.id) < (SELECT at, id FROM edge) ${inMailbox} ${live} AND ${holdsAll}
      GROUP BY m.received_at, m.id
      ORDER BY m.received_at DESC, m.id DESC LIMIT ${options.rows})
    LIMIT ${options.rows}`;
}

/**
 * Gives up to `limit` messages stored before their words were kept (migration 0021) their words,
 * newest first, in one read and one write (the triggers fill `message_terms`). The number done.
 */
export async function addMissingSearchTerms(db: Database, limit: number): Promise<number> {
  const pending = await db
    .select({
      id: messages.id,
      fromAddress: messages.fromAddress,
      envelopeFrom: messages.envelopeFrom,
      fromName: messages.fromName,
      subject: messages.subject,
      plusTag: messages.plusTag,
    })
    .from(messages)
    .where(isNull(messages.searchTerms))
    .orderBy(desc(messages.receivedAt))
    .limit(limit);
  if (pending.length === 0) return 0;
  // Ids and words travel as one bound JSON array; `search_terms IS NULL` leaves alone a row
  // that another run did in the meantime. Rows are counted by RETURNING: D1's `changes` also
  // counts the rows the triggers insert.
  const updated = await db.all<{ id: string }>(sql`
    UPDATE messages SET search_terms = json_extract(j.value, '$.terms')
    FROM json_each(${JSON.stringify(pending.map((m) => ({ id: m.id, terms: messageTermsOf(m) })))}) j
    WHERE messages.id = json_extract(j.value, '$.id') AND messages.search_terms IS NULL
    RETURNING messages.id`);
  return updated.length;
}
