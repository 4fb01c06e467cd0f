// Finds strings shaped like a one-time code, before any context is considered, and gives each
// its value as CONTRACT §8 defines it. Shapes:
// - 4-10 digits ("482913"), or letters with digits ("A7K92Q", "q7mx2k");
// - digit groups split by single spaces ("318 604", "51 904") or one character per table cell
//   ("4 8 2 9 1 3"): grouping whitespace is dropped;
// - capitals and digits in two or three groups split by single spaces, alone on their line or
//   ending a "label: value" line ("4QV 9TZ"): grouping whitespace is dropped;
// - two groups joined by a dash ("448-193", "KQ4-7TB"), or three pairs of digits ("83-19-47"):
//   the dashes are part of the code;
// - one or two capital letters, dash, digits ("G-482913", "FB-48291"): the letters are printed
//   before the input box, so the value is the digits (two letters before four digits, "ZT-4819",
//   are one code).
// Codes with lower-case letters look like words and ids too, so they count only right after a
// label or alone on their line (`needsLabelOrLine`).

export interface CodeCandidate {
  value: string;
  start: number;
  end: number;
  needsLabelOrLine: boolean;
  looksLikeYear: boolean;
  /** A word and a number, as promotions write them ("VUELVE10", "SPRING60KP"); random codes rarely hold a word. */
  looksLikePromotion: boolean;
}

interface Token {
  text: string;
  start: number;
  end: number;
}

const TOKEN = /[A-Za-z0-9]+/g;
const DIGITS = /^\d+$/;
const HAS_DIGIT = /\d/;
const HAS_LETTER = /[A-Za-z]/;
const HAS_LOWER = /[a-z]/;
const NUMBER_WITH_UNIT =
  /^\d+(?:px|pt|em|rem|am|pm|hz|khz|mhz|ghz|kb|mb|gb|tb|ms|fps|mp|k|g|h|m|s|d|x|p|st|nd|rd|th|kg|km|cm|mm|ml|mah|w|kw|kwh|v|hrs?|mins?|secs?|yrs?|tl|zl)$/i;
const YEAR = /^(?:19|20)\d\d$/;
const MIN_LENGTH = 4;
const MAX_LENGTH = 10;
// Characters that make a token part of something larger: a colour, an amount, a handle, a path.
const BAD_BEFORE = new Set(["#", "$", "€", "£", "¥", "￥", "₹", "₽", "@", "/", "\\", "=", "_", "+", "&", "%", "©", "~", "^", "№", "*"]);
// After: units, currencies, date parts ("2026年"), a dial-in "#".
const BAD_AFTER = new Set(["%", "％", "@", "_", "=", "€", "$", "£", "¥", "°", "円", "元", "원", "₽", "/", "#", "年", "月", "日", "時", "时", "号", "號", "년", "월", "일", "시"]);
const AMOUNT_AFTER =
  /^\s?(?:元|円|块|圆|美元|원|руб|грн|р\.|zł|zl\b|kč|tl\b|usd\b|eur\b|euro|gbp\b|rmb\b|cny\b|jpy\b|krw\b|dollars?\b|euros?\b|kr\b|lei\b|ft\b|€|₽|%|％|분|分|minut|minuten|minutes|dakika)/iu;
const NUMERIC_JOINER = /[.,:/]/;
const PROMOTION = /^\p{Lu}{4,}\d{1,3}\p{Lu}{0,2}$/u;
const MASK = new Set(["*", "•", "●", "＊"]);
const MAX_CELL_GAP = 3;

function tokenize(segment: string): Token[] {
  const tokens: Token[] = [];
  // Run in place: `matchAll` would copy the pattern on every call.
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(segment); m !== null; m = TOKEN.exec(segment)) tokens.push({ text: m[0], start: m.index, end: m.index + m[0].length });
  return tokens;
}

function isDigit(char: string | undefined): boolean {
  return char !== undefined && char >= "0" && char <= "9";
}

function isAlnum(char: string | undefined): boolean {
  return char !== undefined && /[A-Za-z0-9]/.test(char);
}

/** False when the span is glued to neighbouring characters that make it an amount, date, colour, etc. */
function cleanBoundaries(segment: string, start: number, end: number): boolean {
  const before = segment[start - 1];
  const after = segment[end];
  if (before !== undefined && BAD_BEFORE.has(before)) return false;
  if (after !== undefined && BAD_AFTER.has(after)) return false;
  if (segment.slice(Math.max(0, start - 3), start).includes("©")) return false;
  if (before !== undefined && NUMERIC_JOINER.test(before) && isDigit(segment[start - 2])) return false;
  if (after !== undefined && NUMERIC_JOINER.test(after) && isAlnum(segment[end + 1])) return false;
  if ((before === "-" || before === "‑") && isAlnum(segment[start - 2])) return false;
  if ((after === "-" || after === "‑") && isAlnum(segment[end + 1])) return false;
  // Part of a masked number: "0933-***-218", "4471••••", "+33 6 ** ** 81 27".
  if (MASK.has(after ?? "") || ((after === "-" || after === " ") && MASK.has(segment[end + 1] ?? ""))) return false;
  if (MASK.has(before ?? "") || ((before === "-" || before === " ") && MASK.has(segment[start - 2] ?? ""))) return false;
  return !AMOUNT_AFTER.test(segment.slice(end, end + 10));
}

function candidate(start: number, end: number, value: string): CodeCandidate {
  return { value, start, end, needsLabelOrLine: HAS_LOWER.test(value), looksLikeYear: YEAR.test(value), looksLikePromotion: PROMOTION.test(value) };
}

/** A single token: digits, or letters mixed with digits. */
function single(token: Token): CodeCandidate | null {
  const { text } = token;
  if (text.length < MIN_LENGTH || text.length > MAX_LENGTH) return null;
  if (DIGITS.test(text)) return candidate(token.start, token.end, text);
  if (NUMBER_WITH_UNIT.test(text)) return null;
  // Words are never codes; letters count only together with digits.
  if (!HAS_DIGIT.test(text) || !HAS_LETTER.test(text)) return null;
  return candidate(token.start, token.end, text);
}

/** Two tokens joined by one dash: "G-482913", "FB-48291", "448-193", "KQ4-7TB". Longer chains are ids, keys or dates. */
function dashed(first: Token, last: Token): CodeCandidate | null {
  // A prefix stands before a whole numeric code: "ZT-4819" is one code of six characters.
  if (/^[A-Z]{1,2}$/.test(first.text) && DIGITS.test(last.text) && last.text.length >= MIN_LENGTH + first.text.length - 1) {
    const digits = last.text;
    return digits.length >= MIN_LENGTH && digits.length <= MAX_LENGTH ? candidate(first.start, last.end, digits) : null;
  }
  const joined = first.text + last.text;
  if (joined.length < MIN_LENGTH || joined.length > MAX_LENGTH || first.text.length < 2 || last.text.length < 2) return null;
  if (!HAS_DIGIT.test(joined)) return null;
  return candidate(first.start, last.end, `${first.text}-${last.text}`);
}

/**
 * Digit groups split by single spaces ("318 604", "7301 5528"), or single characters one per
 * line or cell ("4\n8\n2\n9"). Groups that add up to more than a code (a phone or card number)
 * yield nothing at all.
 */
// A cell holds one character and nothing else: "M" of "Mã" or "N" of "Nó" is the start of a
// word (the ASCII token stops at the first accented letter), not a cell after the code's digits.
const LETTER = /[\p{L}\p{M}]/u;

function wholeCell(segment: string, token: Token): boolean {
  return !LETTER.test(segment[token.start - 1] ?? "") && !LETTER.test(segment[token.end] ?? "");
}

// Cells one per line stand alone on their lines: "O" opening the paragraph after a table
// ("O código é válido…") is a word, not the next cell.
function aloneOnLine(segment: string, token: Token): boolean {
  const lineStart = segment.lastIndexOf("\n", token.start - 1) + 1;
  const lineEnd = segment.indexOf("\n", token.end);
  return segment.slice(lineStart, token.start).trim() === "" && segment.slice(token.end, lineEnd === -1 ? undefined : lineEnd).trim() === "";
}

function grouped(segment: string, tokens: Token[], index: number): { found: CodeCandidate | null; used: number } {
  const first = tokens[index];
  if (first === undefined) return { found: null, used: 1 };
  const cells = first.text.length === 1 && wholeCell(segment, first);
  if (!cells && (!DIGITS.test(first.text) || first.text.length > 4)) return { found: null, used: 1 };
  const group: Token[] = [first];
  // Cells are all on one line or each on its own line: a character on the next line is not part of the code.
  let acrossLines: boolean | null = null;
  for (let i = index + 1; i < tokens.length; i++) {
    const next = tokens[i];
    const previous = group[group.length - 1];
    if (next === undefined || previous === undefined) break;
    const gap = segment.slice(previous.end, next.start);
    const newline = gap.includes("\n");
    const joins = cells
      ? next.text.length === 1 &&
        wholeCell(segment, next) &&
        gap.length <= MAX_CELL_GAP &&
        gap.trim() === "" &&
        (acrossLines === null || acrossLines === newline) &&
        (!newline || (aloneOnLine(segment, previous) && aloneOnLine(segment, next)))
      : DIGITS.test(next.text) && next.text.length >= 2 && next.text.length <= 4 && gap === " ";
    if (!joins) break;
    acrossLines = newline;
    group.push(next);
  }
  const last = group[group.length - 1];
  if (group.length < 2 || last === undefined) return { found: null, used: 1 };
  const joined = group.map((t) => t.text).join("");
  const codeLike = joined.length >= MIN_LENGTH && joined.length <= MAX_LENGTH && HAS_DIGIT.test(joined);
  const clean = codeLike && cleanBoundaries(segment, first.start, last.end);
  return { found: clean ? candidate(first.start, last.end, joined) : null, used: group.length };
}

const CAPITALS_GROUP = /^[A-Z0-9]{3,4}$/;

/**
 * Groups of capitals and digits printed apart for reading ("4QV 9TZ", "K7PX 2M9Q"), only when
 * they fill their line: in running text such groups are models, rooms and references.
 */
function capitalGroups(segment: string, tokens: Token[], index: number): { found: CodeCandidate; used: number } | null {
  const group: Token[] = [];
  for (let i = index; i < tokens.length && group.length < 3; i++) {
    const token = tokens[i];
    const previous = group[group.length - 1];
    if (token === undefined || !CAPITALS_GROUP.test(token.text)) break;
    if (previous !== undefined && segment.slice(previous.end, token.start) !== " ") break;
    group.push(token);
  }
  const first = group[0];
  const last = group[group.length - 1];
  if (group.length < 2 || first === undefined || last === undefined) return null;
  const joined = group.map((t) => t.text).join("");
  if (!HAS_DIGIT.test(joined) || !HAS_LETTER.test(joined) || joined.length > MAX_LENGTH) return null;
  const span = { text: joined, start: first.start, end: last.end };
  if (aloneOnLine(segment, span)) return { found: candidate(first.start, last.end, joined), used: group.length };
  // The value of a "label: value" line ("Je ondertekencode is: 7K3 9QF"): only a label right before it counts.
  if (endsKeyValueLine(segment, span)) return { found: { ...candidate(first.start, last.end, joined), needsLabelOrLine: true }, used: group.length };
  return null;
}

function endsKeyValueLine(segment: string, token: Token): boolean {
  const lineStart = segment.lastIndexOf("\n", token.start - 1) + 1;
  const lineEnd = segment.indexOf("\n", token.end);
  return /[:：]\s*$/.test(segment.slice(lineStart, token.start)) && segment.slice(token.end, lineEnd === -1 ? undefined : lineEnd).trim() === "";
}

/** Three pairs of digits joined by dashes ("83-19-47"), as some banks print a code; the dashes stay. */
function pairChain(chain: Token[]): CodeCandidate | null {
  const first = chain[0];
  const last = chain[chain.length - 1];
  if (chain.length !== 3 || first === undefined || last === undefined || !chain.every((t) => t.text.length === 2 && DIGITS.test(t.text))) return null;
  return candidate(first.start, last.end, chain.map((t) => t.text).join("-"));
}

/** Digits that continue a longer spaced number ("61205 48873 90112 07731", an invoice check code or a card). */
function inSpacedNumber(segment: string, tokens: Token[], index: number): boolean {
  const token = tokens[index];
  if (token === undefined || !DIGITS.test(token.text)) return false;
  const joinedTo = (other: Token | undefined, gap: () => string) => other !== undefined && DIGITS.test(other.text) && gap() === " ";
  const before = tokens[index - 1];
  const after = tokens[index + 1];
  return joinedTo(before, () => segment.slice(before?.end ?? 0, token.start)) || joinedTo(after, () => segment.slice(token.end, after?.start ?? 0));
}

export function findCodeCandidates(segment: string): CodeCandidate[] {
  const tokens = tokenize(segment);
  const found: CodeCandidate[] = [];
  let i = 0;
  while (i < tokens.length) {
    const token = tokens[i];
    if (token === undefined) break;
    const next = tokens[i + 1];
    if (next !== undefined && next.start === token.end + 1 && segment[token.end] === "-") {
      // A chain of three or more is an id, key or date (three digit pairs aside): skip all of it.
      let end = i + 1;
      while (tokens[end + 1]?.start === (tokens[end]?.end ?? -2) + 1 && segment[tokens[end]?.end ?? 0] === "-") end++;
      if (end === i + 1) {
        const hit = dashed(token, next);
        if (hit !== null && cleanBoundaries(segment, hit.start, hit.end)) found.push(hit);
      } else {
        const pairs = pairChain(tokens.slice(i, end + 1));
        if (pairs !== null && cleanBoundaries(segment, pairs.start, pairs.end)) found.push(pairs);
      }
      i = end + 1;
      continue;
    }
    const capitals = capitalGroups(segment, tokens, i);
    if (capitals !== null) {
      found.push(capitals.found);
      i += capitals.used;
      continue;
    }
    const group = grouped(segment, tokens, i);
    if (group.used > 1) {
      if (group.found !== null) found.push(group.found);
      i += group.used;
      continue;
    }
    const hit = single(token);
    if (hit !== null && cleanBoundaries(segment, token.start, token.end) && !inSpacedNumber(segment, tokens, i)) found.push(hit);
    i += 1;
  }
  return found;
}
