// Compiles the language tables into one trie and scans text with it in a single pass:
// leftmost-longest phrase matches, each tagged with what kind of phrase it is. A trie keeps
// the cost linear in the text and independent of how many languages the tables hold.
import { LANGUAGES } from "./lang/index.ts";
import type { LanguageTable } from "./lang/types.ts";

export type PhraseKind =
  | "codeLabel"
  | "codeWord"
  | "verificationWord"
  | "notCodeLabel"
  | "verificationCue"
  | "lookalikeCue"
  | "linkAction"
  | "linkSignIn"
  | "linkAvoid"
  | "notMe";

export interface PhraseMatch {
  /** What the phrase is where it stands: a phrase listed under several kinds acts as the first in PRIORITY. */
  kind: PhraseKind;
  /** Every kind the tables list the phrase under ("gift card" labels a number and marks a look-alike mail). */
  kinds: readonly PhraseKind[];
  start: number;
  end: number;
}

interface Terminal {
  kind: PhraseKind;
  kinds: PhraseKind[];
  /** The phrase must not start inside a word. */
  wordStart: boolean;
  /** The phrase must not end inside a word. */
  wordEnd: boolean;
  /** A trailing "*": the last word may go on. */
  open: boolean;
}

// Keyed by UTF-16 code unit: no one-character strings are made while scanning.
interface TrieNode {
  next: Map<number, TrieNode>;
  terminal: Terminal | null;
}

const SEPARATOR = 0x20;
/**
 * A letter of a script written with spaces between words (Latin, Greek, Cyrillic), where a phrase
 * must match whole words: A-Z, a-z, U+00C0-U+024F, U+0370-U+03FF, U+0400-U+052F. Compared by code
 * unit, since it is asked of nearly every character scanned.
 */
function isSpacedLetter(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || (code >= 0xc0 && code <= 0x24f) || (code >= 0x370 && code <= 0x3ff) || (code >= 0x400 && code <= 0x52f);
}
const WORD_CHAR = /[\p{L}\p{N}]/u;
const LETTER = /\p{L}/u;

function node(): TrieNode {
  return { next: new Map(), terminal: null };
}

// When the tables list one phrase under several kinds, it stands for the first kind listed here:
// a phrase that names something else ("promo code") outranks one that names a code.
const PRIORITY: PhraseKind[] = [
  "notCodeLabel",
  "linkAvoid",
  "notMe",
  "lookalikeCue",
  "codeLabel",
  "linkAction",
  "verificationCue",
  "codeWord",
  "linkSignIn",
  "verificationWord",
];

function insert(root: TrieNode, phrase: string, kind: PhraseKind): void {
  const open = phrase.endsWith("*");
  const body = (open ? phrase.slice(0, -1) : phrase).trim().replace(/[\s-]+/g, " ");
  if (body.length === 0) return;
  let at = root;
  for (let i = 0; i < body.length; i++) {
    const unit = body.charCodeAt(i);
    let child = at.next.get(unit);
    if (child === undefined) {
      child = node();
      at.next.set(unit, child);
    }
    at = child;
  }
  const existing = at.terminal;
  if (existing !== null) {
    if (!existing.kinds.includes(kind)) existing.kinds.push(kind);
    if (PRIORITY.indexOf(kind) < PRIORITY.indexOf(existing.kind)) existing.kind = kind;
    return;
  }
  at.terminal = {
    kind,
    kinds: [kind],
    wordStart: body.length > 0 && isSpacedLetter(body.charCodeAt(0)),
    wordEnd: !open && body.length > 0 && isSpacedLetter(body.charCodeAt(body.length - 1)),
    open,
  };
}

type PhraseField = Exclude<keyof LanguageTable, "language" | "urlActions">;

const FIELDS: [PhraseField, PhraseKind][] = [
  ["codeLabels", "codeLabel"],
  ["codeWords", "codeWord"],
  ["verificationWords", "verificationWord"],
  ["notCodeLabels", "notCodeLabel"],
  ["verificationCues", "verificationCue"],
  ["lookalikeCues", "lookalikeCue"],
  ["linkActions", "linkAction"],
  ["linkSignIn", "linkSignIn"],
  ["linkAvoid", "linkAvoid"],
  ["notMe", "notMe"],
];

function build(tables: readonly LanguageTable[]): TrieNode {
  const root = node();
  for (const table of tables) {
    for (const [field, kind] of FIELDS) {
      for (const phrase of table[field]) insert(root, phrase.toLowerCase(), kind);
    }
  }
  return root;
}

const ROOT = build(LANGUAGES);

/** URL words of every language, one case-insensitive alternation; URLs are short. */
export const URL_ACTION: RegExp = new RegExp(
  [...new Set(LANGUAGES.flatMap((table) => table.urlActions))].map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|"),
  "i",
);

/** Lower-cases without changing length, so match positions stay valid in the original text. */
function lowerSameLength(text: string): string {
  const lower = text.toLowerCase();
  if (lower.length === text.length) return lower;
  let out = "";
  for (const char of text) {
    const folded = char.toLowerCase();
    out += folded.length === char.length ? folded : char;
  }
  return out;
}

function isWordChar(text: string, at: number): boolean {
  if (at < 0 || at >= text.length) return false;
  const code = text.charCodeAt(at);
  if (code < 0x80) return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
  return WORD_CHAR.test(text.charAt(at));
}

function isSeparator(code: number): boolean {
  return code === 0x20 || code === 0x2d || code === 0x0a || code === 0x09 || code === 0xa0;
}

/** The end of the longest phrase starting at `start`, or null. */
function longestAt(text: string, start: number, wordBoundaryBefore: boolean): { end: number; terminal: Terminal } | null {
  let best: { end: number; terminal: Terminal } | null = null;
  let at: TrieNode | undefined = ROOT;
  let i = start;
  while (at !== undefined) {
    const terminal = at.terminal;
    if (terminal !== null && (wordBoundaryBefore || !terminal.wordStart)) {
      let end = i;
      if (terminal.open) while (end < text.length && LETTER.test(text.charAt(end))) end++;
      if (!terminal.wordEnd || !isWordChar(text, end)) best = { end, terminal };
    }
    if (i >= text.length) break;
    const unit = text.charCodeAt(i);
    if (isSeparator(unit)) {
      // A run of separators is one phrase space; a phrase space may also match nothing.
      const spaced = at.next.get(SEPARATOR);
      if (spaced === undefined) break;
      while (i < text.length && isSeparator(text.charCodeAt(i))) i++;
      at = spaced;
      continue;
    }
    const direct = at.next.get(unit);
    if (direct === undefined) {
      const spaced = at.next.get(SEPARATOR);
      at = spaced?.next.get(unit);
    } else {
      at = direct;
    }
    i++;
  }
  return best;
}

/** Every phrase of the tables in the text, leftmost-longest, not overlapping. */
export function scanPhrases(text: string): PhraseMatch[] {
  const lower = lowerSameLength(text);
  const found: PhraseMatch[] = [];
  let i = 0;
  while (i < lower.length) {
    const unit = lower.charCodeAt(i);
    const boundary = !isWordChar(lower, i - 1);
    // Inside a word of a spaced script no phrase can start: they all match whole words.
    if (!ROOT.next.has(unit) || (!boundary && isSpacedLetter(unit))) {
      i++;
      continue;
    }
    const hit = longestAt(lower, i, boundary);
    if (hit === null) {
      i++;
      continue;
    }
    found.push({ kind: hit.terminal.kind, kinds: hit.terminal.kinds, start: i, end: hit.end });
    i = hit.end;
  }
  return found;
}

/** True when one of the phrases is listed under one of the kinds. */
export function hasKind(phrases: readonly PhraseMatch[], ...kinds: PhraseKind[]): boolean {
  return phrases.some((phrase) => phrase.kinds.some((kind) => kinds.includes(kind)));
}
