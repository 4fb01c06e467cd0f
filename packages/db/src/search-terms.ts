// The words of message search. Each message keeps the words of its sender (address and name) and
// subject (migration 0021); a search is split by the same rules, so the two always agree. A
// search matches a message when every word of the search begins one of the message's words.
// Words are case-insensitive (NFKC, then lower case: full-width "ＡＢＣ" is "abc"). Chinese and
// Japanese are written without spaces, so their runs are kept as overlapping pairs of characters
// plus the run's last character: any part of such a run, even one character, is then found.

/** Longer words are cut to this many characters, in messages and searches alike. */
const maxWordLength = 32;
/** A message keeps at most this many distinct words (a very long subject's tail is not indexed). */
const maxMessageTerms = 100;
/** A search uses at most this many words. */
const maxSearchTerms = 8;

const word = /[\p{L}\p{N}\p{M}]+/gu;
// Scripts written without spaces between words (Script_Extensions, so the Katakana-Hiragana
// prolonged sound mark stays inside its word).
const unspaced = /([\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}]+)|([^\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}]+)/gu;

// NFKC leaves ASCII as it is: most senders and subjects skip it.
// eslint-disable-next-line no-control-regex -- the whole ASCII range, control characters included
const asciiOnly = /^[\u0000-\u007f]*$/;

function normalize(text: string): string {
  return (asciiOnly.test(text) ? text : text.normalize("NFKC")).toLowerCase();
}

/**
 * Each word of `text` with whether it is a run of an unspaced script (as code points). The two
 * patterns are run in place (`exec` with `lastIndex`): `matchAll` would copy them on every call,
 * and a copy of a Unicode-property pattern is compiled again once the runtime has dropped the
 * compiled code, which it does between messages.
 */
function* segments(text: string): Generator<{ chars: string[]; unspaced: boolean }> {
  const normalized = normalize(text);
  word.lastIndex = 0;
  for (let w = word.exec(normalized); w !== null; w = word.exec(normalized)) {
    const found = w[0];
    unspaced.lastIndex = 0;
    for (let part = unspaced.exec(found); part !== null; part = unspaced.exec(found)) {
      const [, run, spaced] = part;
      if (run !== undefined) yield { chars: Array.from(run), unspaced: true };
      else if (spaced !== undefined) yield { chars: Array.from(spaced).slice(0, maxWordLength), unspaced: false };
    }
  }
}

function pairs(chars: string[]): string[] {
  return chars.slice(0, -1).map((char, i) => char + (chars[i + 1] ?? ""));
}

/** The distinct words stored for a message's sender address, sender name and subject, in order. */
export function messageSearchTerms(...fields: (string | null | undefined)[]): string[] {
  const terms = new Set<string>();
  for (const field of fields) {
    if (!field) continue;
    for (const { chars, unspaced: isUnspaced } of segments(field)) {
      const words = isUnspaced ? [...pairs(chars), chars.at(-1) ?? ""] : [chars.join("")];
      for (const term of words) {
        if (terms.size >= maxMessageTerms) return [...terms];
        terms.add(term);
      }
    }
  }
  return [...terms];
}

const tagPrefix = "tag:";
// eslint-disable-next-line no-control-regex -- control characters are what JSON escapes
const jsonEscaped = /["\\\u0000-\u001f]/g;
// `tag:shop` in a search: the plus tag starts with "shop" (whitespace ends the tag).
const tagQuery = /(?:^|\s)tag:(\S+)/giu;

/** The one entry that finds a message by its plus tag (`tag:` and the whole tag, cut like a word). */
export function tagSearchTerm(tag: string): string {
  // Without the characters JSON escapes: search compares entries as they are written in the row.
  return tagPrefix + Array.from(normalize(tag).replace(jsonEscaped, "")).slice(0, maxWordLength).join("");
}

/**
 * The words of a search, each to be found at the start of a message's word: an unspaced run of
 * two or more characters becomes its pairs; `tag:x` looks for a plus tag that starts with x. Empty
 * when the search holds no letter or digit.
 */
export function searchQueryTerms(query: string): string[] {
  const terms = new Set<string>();
  const words = query.replace(tagQuery, (_match, tag: string) => {
    terms.add(tagSearchTerm(tag));
    return " ";
  });
  for (const { chars, unspaced: isUnspaced } of segments(words)) {
    for (const term of isUnspaced && chars.length > 1 ? pairs(chars) : [chars.join("")]) terms.add(term);
  }
  return [...terms].slice(0, maxSearchTerms);
}
