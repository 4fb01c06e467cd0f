import { decodeEntities } from "./entities.ts";

export interface Anchor {
  href: string;
  text: string;
  /** About where the anchor starts in the visible text (at or a little after: spaces were tidied after counting). */
  near?: number;
  /** Only an image's alt text is inside (a logo, a banner): nothing of it shows in the visible text. */
  image?: boolean;
}

/** Put before each anchor `extractAnchors` keeps, to count where it lands in the visible text. */
export const ANCHOR_MARK = "\uE000";

// Every pattern here stops at the next "<" so that malformed HTML (thousands of unclosed
// tags) costs linear time, not quadratic.
// Invisible characters mailers sprinkle into preheaders and between digits.
const INVISIBLE = /[\u200B-\u200D\u2060\uFEFF\u00AD]|\u034F/g;
const HIDDEN_OPEN = /<(script|style|head|title|noscript|template|svg)\b/gi;
const BLOCK_TAGS = /<\/?(?:br|p|div|tr|td|th|li|ul|ol|table|tbody|thead|h[1-6]|hr|blockquote|pre|section|article|header|footer|center)\b[^<>]*>/gi;
const ANY_TAG = /<[/!]?[a-zA-Z][^<>]*>|<!--|-->/g;
const ANCHOR = /<a\b([^<>]*)>((?:[^<]|<(?!\/?a\b))*)<\/a\s*>/gi;
const HREF = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;
const IMG_ALT = /<img\b[^<>]*?\balt\s*=\s*(?:"([^"]*)"|'([^']*)')[^<>]*>/gi;
const MAX_HREF = 4_096;

export function cleanText(text: string): string {
  return text
    .replace(INVISIBLE, "")
    .replace(/\u00A0/g, " ")
    .replace(/\r\n?/g, "\n")
    .replace(/[ \t\f\v]+/g, " ")
    .replace(/ *\n */g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** Removes comments and invisible elements (scripts, styles, head); an unclosed one hides the rest. */
export function stripHidden(html: string): string {
  const lower = html.toLowerCase();
  let out = "";
  let at = 0;
  while (at < html.length) {
    const comment = lower.indexOf("<!--", at);
    HIDDEN_OPEN.lastIndex = at;
    const element = HIDDEN_OPEN.exec(html);
    const elementAt = element === null ? -1 : element.index;
    if (comment < 0 && elementAt < 0) break;
    const isComment = comment >= 0 && (elementAt < 0 || comment < elementAt);
    const start = isComment ? comment : elementAt;
    const closing = isComment ? "-->" : `</${(element?.[1] ?? "").toLowerCase()}`;
    const close = lower.indexOf(closing, start + 4);
    out += `${html.slice(at, start)} `;
    if (close < 0) return out;
    const closeEnd = isComment ? close + closing.length : lower.indexOf(">", close);
    at = closeEnd < 0 ? html.length : closeEnd + (isComment ? 0 : 1);
  }
  return out + html.slice(at);
}

/** Visible text of an HTML body (with `stripHidden` done), with block elements turned into line breaks. */
export function htmlToText(visible: string): string {
  const withBreaks = visible.replace(/\s+/g, " ").replace(BLOCK_TAGS, "\n");
  return cleanText(decodeEntities(withBreaks.replace(ANY_TAG, "")));
}

/**
 * Every `<a href>` of an HTML body (with `stripHidden` done) with its visible text (image alt text
 * counts as text), and the body with `ANCHOR_MARK` before each of them.
 */
export function extractAnchors(visible: string): { anchors: Anchor[]; marked: string } {
  const anchors: Anchor[] = [];
  let marked = "";
  let copied = 0;
  // Run in place: `matchAll` would copy the pattern (and compile the copy) on every call.
  ANCHOR.lastIndex = 0;
  for (let match = ANCHOR.exec(visible); match !== null; match = ANCHOR.exec(visible)) {
    const href = HREF.exec(match[1] ?? "");
    const raw = href?.[1] ?? href?.[2] ?? href?.[3];
    if (raw === undefined || raw.length > MAX_HREF) continue;
    const html = match[2] ?? "";
    const inner = html.replace(IMG_ALT, (_whole, a: string | undefined, b: string | undefined) => ` ${a ?? b ?? ""} `);
    const text = cleanText(decodeEntities(inner.replace(ANY_TAG, " "))).replace(/\s+/g, " ");
    const image = text.length > 0 && cleanText(decodeEntities(html.replace(ANY_TAG, " "))).length === 0;
    anchors.push({ href: decodeEntities(raw).trim(), text, ...(image ? { image } : {}) });
    marked += visible.slice(copied, match.index) + ANCHOR_MARK;
    copied = match.index;
  }
  return { anchors, marked: marked + visible.slice(copied) };
}
