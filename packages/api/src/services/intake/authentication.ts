// The SPF / DKIM / DMARC verdict of an inbound message, read from the receiving hop's
// Authentication-Results (RFC 8601) and Received-SPF (RFC 7208) fields. Anyone upstream can write
// these fields, so only the topmost Authentication-Results of the trusted authserv-id counts, and
// a part that cannot be parsed says nothing rather than guessing. It runs on every message: one
// pass over each value with an index, no regular expressions, no splitting.

export type AuthResult = "pass" | "fail" | "softfail" | "neutral" | "none" | "temperror" | "permerror" | "unknown";
export interface AuthenticationVerdict {
  spf: AuthResult;
  dkim: AuthResult;
  dmarc: AuthResult;
}

/** The authserv-id Cloudflare Email Routing writes in its Authentication-Results header. */
export const platformAuthservId = "mx.cloudflare.net";

const knownResults = new Map<string, AuthResult>(
  (["pass", "fail", "softfail", "neutral", "none", "temperror", "permerror"] as const).map((r) => [r, r]),
);

const SPACE = 32;
const TAB = 9;
const LF = 10;
const CR = 13;
const QUOTE = 34;
const OPEN = 40;
const CLOSE = 41;
const DOT = 46;
const COLON = 58;
const SLASH = 47;
const SEMICOLON = 59;
const EQUALS = 61;
const BACKSLASH = 92;
/** Returned by the scanners when a comment or quoted-string runs to the end of the value. */
const SWALLOWED = -1;

// ------------------------------------------------------------------------------ lexical scanners

const isSpace = (c: number) => c === SPACE || c === TAB || c === CR || c === LF;

/** RFC 2045 token characters among ASCII: printable, not a space, not a tspecial. */
const asciiToken = new Uint8Array(128).map((_, c) => (c > SPACE && c < 127 && !'()<>@,;:\\"/[]?='.includes(String.fromCharCode(c)) ? 1 : 0));

/** Octets above ASCII count as token text (UTF-8 header values, RFC 6532). */
const isTokenChar = (c: number) => c >= 128 || asciiToken[c] === 1;

function tokenEnd(s: string, at: number): number {
  let i = at;
  while (i < s.length && isTokenChar(s.charCodeAt(i))) i++;
  return i;
}

/** RFC 8601 Keywords (method, result, ptype, property) are tokens without a `.`. */
function keywordEnd(s: string, at: number): number {
  let i = at;
  while (i < s.length && s.charCodeAt(i) !== DOT && isTokenChar(s.charCodeAt(i))) i++;
  return i;
}

/** Past the comment that opens at `at` (comments nest; `\` quotes one character), or SWALLOWED. */
function commentEnd(s: string, at: number): number {
  let depth = 0;
  for (let i = at; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === BACKSLASH) i++;
    else if (c === OPEN) depth++;
    else if (c === CLOSE && --depth === 0) return i + 1;
  }
  return SWALLOWED;
}

/** Past the quoted-string that opens at `at`, or SWALLOWED. */
function quotedEnd(s: string, at: number): number {
  for (let i = at + 1; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === BACKSLASH) i++;
    else if (c === QUOTE) return i + 1;
  }
  return SWALLOWED;
}

/** Past folding white space and comments (CFWS), or SWALLOWED. */
function skipCfws(s: string, at: number): number {
  let i = at;
  while (i < s.length) {
    const c = s.charCodeAt(i);
    if (isSpace(c)) i++;
    else if (c === OPEN) {
      i = commentEnd(s, i);
      if (i === SWALLOWED) return SWALLOWED;
    } else break;
  }
  return i;
}

/** The next top-level `;` (or the end): how a part that cannot be parsed is stepped over. */
function nextSemicolon(s: string, at: number): number {
  let i = at;
  while (i < s.length) {
    const c = s.charCodeAt(i);
    if (c === SEMICOLON) return i;
    if (c === OPEN || c === QUOTE) {
      i = c === OPEN ? commentEnd(s, i) : quotedEnd(s, i);
      if (i === SWALLOWED) return s.length;
    } else i++;
  }
  return i;
}

/** Whether s[start, end) is `lower`, ignoring ASCII case. */
function sameWord(s: string, start: number, end: number, lower: string): boolean {
  if (end - start !== lower.length) return false;
  for (let i = 0; i < lower.length; i++) {
    let c = s.charCodeAt(start + i);
    if (c >= 65 && c <= 90) c += 32;
    if (c !== lower.charCodeAt(i)) return false;
  }
  return true;
}

function resultOf(word: string): AuthResult {
  return knownResults.get(word.toLowerCase()) ?? "unknown";
}

// ------------------------------------------------------------------------- what the resinfos say

// Which SPF identity a resinfo checked: MAIL FROM outranks an unnamed one, which outranks HELO.
const HELO = 0;
const UNNAMED = 1;
const MAIL_FROM = 2;

/** What the trusted field says so far, and the scratch state of the resinfo being read. */
interface Tally {
  spf: AuthResult | undefined;
  spfIdentity: number;
  dkim: AuthResult | undefined;
  dmarc: AuthResult | undefined;
  identity: number;
  methodStart: number;
  methodEnd: number;
  resultStart: number;
  resultEnd: number;
}

/** -2: the text at hand is not what was expected (the resinfo cannot be parsed). */
const MISMATCH = -2;

const resultIn = (t: Tally, s: string) => resultOf(s.slice(t.resultStart, t.resultEnd));

function record(t: Tally, s: string): void {
  if (sameWord(s, t.methodStart, t.methodEnd, "spf")) {
    if (t.spf !== undefined && t.identity <= t.spfIdentity) return;
    t.spf = resultIn(t, s);
    t.spfIdentity = t.identity;
  } else if (sameWord(s, t.methodStart, t.methodEnd, "dkim")) {
    // Any passing signature makes dkim pass; otherwise the first one speaks.
    const r = resultIn(t, s);
    if (t.dkim === undefined || r === "pass") t.dkim = r;
  } else if (sameWord(s, t.methodStart, t.methodEnd, "dmarc")) {
    t.dmarc ??= resultIn(t, s);
  }
}

/** Past a property value: a token, a quoted-string, or an address or IPv6 literal made of them. */
function pvalueEnd(s: string, at: number): number {
  let i = at;
  while (i < s.length) {
    const c = s.charCodeAt(i);
    if (isSpace(c) || c === OPEN || c === CLOSE || c === SEMICOLON) break;
    if (c === QUOTE) {
      i = quotedEnd(s, i);
      if (i === SWALLOWED) return SWALLOWED;
    } else i++;
  }
  return i;
}

/** The SPF identity `smtp.<name>` names, if any. */
function noteIdentity(t: Tally, s: string, typeStart: number, typeEnd: number, nameStart: number, nameEnd: number): void {
  if (!sameWord(s, typeStart, typeEnd, "smtp")) return;
  if (sameWord(s, nameStart, nameEnd, "mailfrom")) t.identity = MAIL_FROM;
  else if (sameWord(s, nameStart, nameEnd, "helo") && t.identity === UNNAMED) t.identity = HELO;
}

/** Past one `ptype.property = pvalue` (or `reason = value`), or MISMATCH, or SWALLOWED. */
function propertyEnd(t: Tally, s: string, at: number): number {
  const typeEnd = keywordEnd(s, at);
  if (typeEnd === at) return MISMATCH;
  let i = skipCfws(s, typeEnd);
  if (i !== SWALLOWED && s.charCodeAt(i) === DOT) {
    const nameStart = skipCfws(s, i + 1);
    if (nameStart === SWALLOWED) return SWALLOWED;
    const nameEnd = keywordEnd(s, nameStart);
    if (nameEnd === nameStart) return MISMATCH;
    noteIdentity(t, s, at, typeEnd, nameStart, nameEnd);
    i = skipCfws(s, nameEnd);
  }
  if (i === SWALLOWED) return SWALLOWED;
  if (s.charCodeAt(i) !== EQUALS) return MISMATCH;
  i = skipCfws(s, i + 1);
  return i === SWALLOWED ? SWALLOWED : pvalueEnd(s, i);
}

/** Past `method[/version] = result` (noting where method and result are), or MISMATCH, or SWALLOWED. */
function methodSpecEnd(t: Tally, s: string, at: number): number {
  const methodEnd = keywordEnd(s, at);
  if (methodEnd === at) return MISMATCH;
  let i = skipCfws(s, methodEnd);
  if (i !== SWALLOWED && s.charCodeAt(i) === SLASH) {
    const versionStart = skipCfws(s, i + 1);
    if (versionStart === SWALLOWED) return SWALLOWED;
    const versionEnd = keywordEnd(s, versionStart);
    if (versionEnd === versionStart) return MISMATCH;
    i = skipCfws(s, versionEnd);
  }
  if (i === SWALLOWED) return SWALLOWED;
  if (s.charCodeAt(i) !== EQUALS) return MISMATCH;
  const resultStart = skipCfws(s, i + 1);
  if (resultStart === SWALLOWED) return SWALLOWED;
  const resultEnd = keywordEnd(s, resultStart);
  if (resultEnd === resultStart) return MISMATCH;
  t.methodStart = at;
  t.methodEnd = methodEnd;
  t.resultStart = resultStart;
  t.resultEnd = resultEnd;
  return resultEnd;
}

/**
 * Reads the resinfo that starts at `at` (just after its `;`) into the tally, and returns where
 * it ends: at the next `;`, at the end, or SWALLOWED. A resinfo that does not parse all the way
 * to its end is left out, so its method gets no result from it.
 */
function readResinfo(t: Tally, s: string, at: number): number {
  const start = skipCfws(s, at);
  if (start === SWALLOWED) return SWALLOWED;
  t.identity = UNNAMED;
  let from = start;
  let i = methodSpecEnd(t, s, start);
  for (;;) {
    if (i === MISMATCH) return nextSemicolon(s, from);
    if (i !== SWALLOWED) i = skipCfws(s, i);
    if (i === SWALLOWED) return SWALLOWED;
    if (i >= s.length || s.charCodeAt(i) === SEMICOLON) break;
    from = i;
    i = propertyEnd(t, s, i);
  }
  record(t, s);
  return i;
}

/** Past the authserv-id at `start` (a token or a quoted-string) when it is `trusted`, else MISMATCH. */
function trustedIdEnd(s: string, start: number, trusted: string): number {
  if (s.charCodeAt(start) !== QUOTE) {
    const end = tokenEnd(s, start);
    return end > start && sameWord(s, start, end, trusted) ? end : MISMATCH;
  }
  const end = quotedEnd(s, start);
  if (end === SWALLOWED) return MISMATCH;
  let id = "";
  for (let i = start + 1; i < end - 1; i++) {
    if (s.charCodeAt(i) === BACKSLASH) i++;
    id += s[i] ?? "";
  }
  return sameWord(id, 0, id.length, trusted) ? end : MISMATCH;
}

function isDigits(s: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** Where the resinfos of a trusted Authentication-Results value start (the `;` after id and version), or MISMATCH. */
function trustedStart(s: string, trusted: string): number {
  const start = skipCfws(s, 0);
  if (start === SWALLOWED) return MISMATCH;
  const idEnd = trustedIdEnd(s, start, trusted);
  if (idEnd === MISMATCH) return MISMATCH;
  let i = skipCfws(s, idEnd);
  if (i === SWALLOWED) return s.length;
  const versionEnd = tokenEnd(s, i);
  if (versionEnd > i && isDigits(s, i, versionEnd)) i = skipCfws(s, versionEnd);
  // The field is the trusted hop's even if junk follows the id: the junk is skipped like a bad resinfo.
  return i === SWALLOWED ? s.length : nextSemicolon(s, i);
}

function tallyResinfos(s: string, from: number): Tally {
  const t: Tally = { spf: undefined, spfIdentity: HELO, dkim: undefined, dmarc: undefined, identity: UNNAMED, methodStart: 0, methodEnd: 0, resultStart: 0, resultEnd: 0 };
  // `i` sits on a `;` or at the end. RFC 8601's no-result form ("; none") has no `=`: it records nothing.
  for (let i = from; i >= 0 && i < s.length; ) i = readResinfo(t, s, i + 1);
  return t;
}

/** Received-SPF's result: its first word, a Keyword, after any comment (RFC 7208 section 9.1). */
function receivedSpfResult(s: string): AuthResult {
  const start = skipCfws(s, 0);
  if (start === SWALLOWED) return "none";
  const end = keywordEnd(s, start);
  const next = s.charCodeAt(end);
  if (end === start || (end < s.length && !isSpace(next) && next !== OPEN && next !== SEMICOLON)) return "none";
  return resultOf(s.slice(start, end));
}

// ----------------------------------------------------------------------------------- the fields

/** Whether a field name is `lower`, ignoring ASCII case and white space before the colon. */
function isFieldName(name: string, lower: string): boolean {
  let end = name.length;
  while (end > 0 && (name.charCodeAt(end - 1) === SPACE || name.charCodeAt(end - 1) === TAB)) end--;
  return sameWord(name, 0, end, lower);
}

/** Reads the verdict from a message's header fields, top to bottom as [name, value] (value unfolded or folded, either works). */
export function readAuthentication(fields: readonly (readonly [string, string])[], trustedAuthservId: string = platformAuthservId): AuthenticationVerdict {
  const trusted = trustedAuthservId.trim().toLowerCase();
  let tally: Tally | undefined;
  let receivedSpf: string | undefined;
  for (const field of fields) {
    const name = field[0];
    const value = field[1];
    if (tally === undefined && trusted !== "" && isFieldName(name, "authentication-results")) {
      const from = trustedStart(value, trusted);
      if (from !== MISMATCH) tally = tallyResinfos(value, from);
    } else if (receivedSpf === undefined && isFieldName(name, "received-spf")) receivedSpf = value;
    if (tally !== undefined && receivedSpf !== undefined) break;
  }
  const spf = tally?.spf ?? (receivedSpf === undefined ? "none" : receivedSpfResult(receivedSpf));
  return { spf, dkim: tally?.dkim ?? "none", dmarc: tally?.dmarc ?? "none" };
}

// ------------------------------------------------------------------------- from the raw message

const headerScanLimit = 64 * 1024;
const wantedNames = ["authentication-results", "arc-authentication-results", "received-spf"];
const decoder = new TextDecoder();

/** The wanted name (as written) when raw[start, end) is one of them, ignoring ASCII case and trailing blanks. */
function wantedName(raw: Uint8Array, start: number, end: number): string | undefined {
  let e = end;
  while (e > start && (raw[e - 1] === SPACE || raw[e - 1] === TAB)) e--;
  for (const lower of wantedNames) {
    if (e - start !== lower.length) continue;
    let same = true;
    for (let i = 0; same && i < lower.length; i++) {
      let c = raw[start + i] ?? 0;
      if (c >= 65 && c <= 90) c += 32;
      same = c === lower.charCodeAt(i);
    }
    if (same) return decoder.decode(raw.subarray(start, e));
  }
  return undefined;
}

/** The LF that ends the field starting at `start` (after its folded continuation lines), or -1 when `head` ends first. */
function fieldEnd(head: Uint8Array, start: number): number {
  let lf = head.indexOf(LF, start);
  while (lf !== -1 && lf + 1 < head.length && (head[lf + 1] === SPACE || head[lf + 1] === TAB)) lf = head.indexOf(LF, lf + 1);
  return lf;
}

function valueOf(head: Uint8Array, colon: number, end: number): string {
  let start = colon + 1;
  while (start < end && isSpace(head[start] ?? 0)) start++;
  let stop = end;
  if (stop > start && head[stop - 1] === CR) stop--;
  return decoder.decode(head.subarray(start, stop));
}

/** The header fields readAuthentication needs (Authentication-Results, ARC-Authentication-Results, Received-SPF), top to bottom, from the start of a raw RFC 5322 message; reads only the header block (stops at the first empty line, and after at most 64 KiB). */
export function authenticationFields(raw: Uint8Array): [string, string][] {
  const head = raw.subarray(0, Math.min(raw.length, headerScanLimit));
  const whole = head.length === raw.length;
  const fields: [string, string][] = [];
  for (let at = 0; at < head.length; ) {
    if (head[at] === LF || (head[at] === CR && raw[at + 1] === LF)) break;
    const lf = fieldEnd(head, at);
    const end = lf === -1 ? head.length : lf;
    // A field the 64 KiB cut ends (or that may go on past it) is left out rather than read half.
    if (!whole && end >= head.length - 1) break;
    const colon = head.subarray(at, end).indexOf(COLON);
    const name = colon === -1 ? undefined : wantedName(head, at, at + colon);
    if (name !== undefined) fields.push([name, valueOf(head, at + colon, end)]);
    at = end + 1;
  }
  return fields;
}
