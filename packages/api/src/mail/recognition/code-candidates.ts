// Finds strings shaped like a verification code, before any context is considered.
// Shapes: 4-10 digits ("482913"), digits grouped by equal-sized runs ("482 913",
// "4829-1302", one digit per table cell), a one-letter prefix ("G-482913" → "482913",
// since sites put the prefix in front of the input box), upper-case alphanumerics
// ("A7K92Q", "A7K-92Q" keeps its hyphen). Lower-case alphanumerics ("n7j4hqxz") qualify only
// right after a code label (`needsDirectLabel`); letters without digits never do.

export interface CodeCandidate {
  value: string;
  start: number;
  end: number;
  /** Text as it appears, for "alone on its line" checks. */
  raw: string;
  needsDirectLabel: boolean;
  looksLikeYear: boolean;
}

interface Token {
  text: string;
  start: number;
  end: number;
}

const TOKEN = /[A-Za-z0-9]+/g;
const DIGITS = /^\d+$/;
const UPPER_ALNUM = /^[A-Z0-9]+$/;
const HAS_DIGIT = /\d/;
const HAS_LETTER = /[A-Za-z]/;
const NUMBER_WITH_UNIT =
  /^\d+(?:px|pt|em|rem|am|pm|hz|khz|mhz|ghz|kb|mb|gb|tb|ms|fps|mp|k|g|h|m|s|d|x|p|st|nd|rd|th|kg|km|cm|mm|ml|mah|w|kw|v|hrs?|mins?|secs?|yrs?|gb)$/i;
const YEAR = /^(?:19|20)\d\d$/;
const MIN_LENGTH = 4;
const MAX_LENGTH = 10;
// Characters that make a token part of something larger: a colour, an amount, a handle, a path.
const BAD_BEFORE = new Set(["#", "$", "€", "£", "¥", "₹", "@", "/", "\\", "=", "_", "+", "&", "%", "©", "~", "^"]);
const BAD_AFTER = new Set(["%", "％", "@", "_", "=", "€", "$", "£", "¥", "°"]);
const AMOUNT_AFTER = /^\s?(?:元|円|块|圆|美元|usd\b|eur\b|gbp\b|rmb\b|cny\b|jpy\b|dollars?\b|euros?\b|kr\b|€|%|％)/i;
const NUMERIC_JOINER = /[.,:/]/;

function tokenize(segment: string): Token[] {
  return Array.from(segment.matchAll(TOKEN), (m) => ({ text: m[0], start: m.index, end: m.index + m[0].length }));
}

function isDigit(char: string | undefined): boolean {
  return char !== undefined && char >= "0" && char <= "9";
}

/** False when the span is glued to neighbouring characters that make it an amount, date, colour, etc. */
function cleanBoundaries(segment: string, start: number, end: number): boolean {
  const before = segment[start - 1];
  const after = segment[end];
  if (before !== undefined && BAD_BEFORE.has(before)) return false;
  if (after !== undefined && BAD_AFTER.has(after)) return false;
  if (segment.slice(Math.max(0, start - 3), start).includes("©")) return false;
  if (before !== undefined && NUMERIC_JOINER.test(before) && isDigit(segment[start - 2])) return false;
  if (after !== undefined && NUMERIC_JOINER.test(after) && /[A-Za-z0-9]/.test(segment[end + 1] ?? "")) return false;
  if (before === "-" && isDigit(segment[start - 2])) return false;
  if (after === "-" && isDigit(segment[end + 1])) return false;
  return !AMOUNT_AFTER.test(segment.slice(end, end + 8));
}

function candidate(segment: string, start: number, end: number, value: string, needsDirectLabel: boolean): CodeCandidate {
  return { value, start, end, raw: segment.slice(start, end), needsDirectLabel, looksLikeYear: YEAR.test(value) };
}

/** A single token: digits, upper-case alphanumerics, or (direct label only) other words. */
function single(segment: string, token: Token): CodeCandidate | null {
  const { text } = token;
  if (text.length < MIN_LENGTH || text.length > MAX_LENGTH) return null;
  if (DIGITS.test(text)) return candidate(segment, token.start, token.end, text, false);
  if (NUMBER_WITH_UNIT.test(text)) return null;
  // Words are never codes; letters count only together with digits.
  if (!HAS_DIGIT.test(text) || !HAS_LETTER.test(text)) return null;
  return candidate(segment, token.start, token.end, text, !UPPER_ALNUM.test(text));
}

/** Tokens joined by single hyphens: "G-482913", "4829-1302", "A7K-92Q". */
function hyphenated(segment: string, run: Token[]): CodeCandidate | null {
  const first = run[0];
  const last = run[run.length - 1];
  if (first === undefined || last === undefined) return null;
  const texts = run.map((t) => t.text);
  const joined = texts.join("");
  if (run.length === 2 && /^[A-Z]$/.test(first.text) && DIGITS.test(last.text)) {
    const digits = last.text;
    return digits.length >= MIN_LENGTH && digits.length <= MAX_LENGTH ? candidate(segment, first.start, last.end, digits, false) : null;
  }
  if (joined.length < MIN_LENGTH || joined.length > MAX_LENGTH) return null;
  if (texts.every((t) => DIGITS.test(t))) {
    const size = first.text.length;
    return size >= 2 && texts.every((t) => t.length === size) ? candidate(segment, first.start, last.end, joined, false) : null;
  }
  if (texts.every((t) => t.length >= 2 && UPPER_ALNUM.test(t)) && HAS_DIGIT.test(joined) && HAS_LETTER.test(joined)) {
    return candidate(segment, first.start, last.end, texts.join("-"), false);
  }
  return null;
}

/** Digit tokens of one size separated by single spaces ("482 913"), or lone digits in cells/boxes. */
function spaced(segment: string, tokens: Token[], index: number): { candidate: CodeCandidate | null; used: number } {
  const first = tokens[index];
  if (first === undefined || !DIGITS.test(first.text)) return { candidate: null, used: 1 };
  const size = first.text.length;
  const group: Token[] = [first];
  for (let i = index + 1; i < tokens.length; i++) {
    const next = tokens[i];
    const previous = group[group.length - 1];
    if (next === undefined || previous === undefined || !DIGITS.test(next.text)) break;
    const gap = segment.slice(previous.end, next.start);
    const joins = size === 1 ? next.text.length === 1 && /^\s{1,3}$/.test(gap) : gap === " ";
    if (!joins) break;
    group.push(next);
  }
  const last = group[group.length - 1];
  if (group.length < 2 || last === undefined) return { candidate: null, used: 1 };
  const joined = group.map((t) => t.text).join("");
  const uniform = group.every((t) => t.text.length === size);
  // Digit groups that do not form one code (a phone or card number) yield nothing at all.
  if (!uniform || joined.length < MIN_LENGTH || joined.length > MAX_LENGTH) return { candidate: null, used: group.length };
  return { candidate: candidate(segment, first.start, last.end, joined, false), used: group.length };
}

function hyphenRun(segment: string, tokens: Token[], index: number): Token[] {
  const run: Token[] = [];
  for (let i = index; i < tokens.length; i++) {
    const token = tokens[i];
    if (token === undefined) break;
    const previous = run[run.length - 1];
    if (previous !== undefined && !(token.start === previous.end + 1 && segment[previous.end] === "-")) break;
    run.push(token);
  }
  return run;
}

export function findCodeCandidates(segment: string): CodeCandidate[] {
  const tokens = tokenize(segment);
  const found: CodeCandidate[] = [];
  let i = 0;
  while (i < tokens.length) {
    const run = hyphenRun(segment, tokens, i);
    if (run.length > 1) {
      const first = run[0];
      const last = run[run.length - 1];
      const hit = hyphenated(segment, run);
      if (hit !== null && first !== undefined && last !== undefined && cleanBoundaries(segment, first.start, last.end)) found.push(hit);
      i += run.length;
      continue;
    }
    const group = spaced(segment, tokens, i);
    if (group.used > 1) {
      if (group.candidate !== null && cleanBoundaries(segment, group.candidate.start, group.candidate.end)) found.push(group.candidate);
      i += group.used;
      continue;
    }
    const token = tokens[i];
    if (token !== undefined) {
      const hit = single(segment, token);
      if (hit !== null && cleanBoundaries(segment, token.start, token.end)) found.push(hit);
    }
    i += 1;
  }
  return found;
}
