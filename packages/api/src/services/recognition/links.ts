// The one scoring model for links: what the link says (its text), where it points (words in
// its URL), what the words just before it ask, and whole-mail evidence (the Subject,
// verification wording). Mail furniture (unsubscribe, legal, help, tracking pixels, social)
// and the "if this wasn't you, secure your account" link never qualify.
import type { Anchor } from "./html.ts";
import { hasKind as has, scanPhrases, URL_ACTION, type PhraseMatch } from "./lexicon.ts";

export interface LinkSignals {
  /** The Subject asks to verify, confirm, activate or reset. */
  subjectAction: boolean;
  /** The Subject talks about signing in. */
  subjectSignIn: boolean;
  verificationCue: boolean;
  /** Bookings, orders, invites: their "confirm" links manage a reservation, not an address. */
  lookalikeMail: boolean;
  /** The Subject itself is about a booking, an invite or a promotion: even a link that asks to act manages that. */
  subjectLookalike: boolean;
}

const LOOKALIKE_PENALTY = 3;

export type Part = "text" | "html";

export interface ScoredLink {
  value: string;
  score: number;
  part: Part;
  position: number;
}

export const LINK_THRESHOLD = 6;
const CONTEXT_BEFORE = 160;
// Where a mail came from ("?src=signup_mail", "utm_source=doi") is not what the link does.
const TRACKING_PARAM = /[?&](?:utm_[a-z]+|src|source|ref|campaign|cid|mc_cid|mc_eid)=[^&#]*/gi;
const URL_IN_TEXT = /https?:\/\/[^\s<>"'）)\]】」]+/g;
const TRAILING_PUNCTUATION = /[.,;:!?。，；：！？'"”’]+$/;
const WEAK_URL = /sign[-_]?in|log[-_]?in|auth|token|session|callback|\/link\b|\/m\/|[?&](?:t|k|key|code|c|sid|sig)=/i;
// A click tracker's redirect (`/track/click?…`) stands for the link it wraps, so only other
// `/track` URLs (parcel tracking) count as furniture.
// A query value or path segment long and random enough to be a one-time token.
const TOKEN_IN_URL = /[=/][A-Za-z0-9_\-.%]{12,}(?:[&#/]|$)/;
const FURNITURE_URL =
  /unsubscribe|opt[-_]?out|optout|preferences|email[-_]?settings|notification[-_]?settings|privacy|\/terms|\/legal|\/help|help\.|\/(?:ajuda|ayuda|hilfe|aide|aiuto|yardim|pomoc|hulp|napoveda)\b|\/support|\/faq|\/contact|feedback|survey|webview|view[-_]?in[-_]?browser|[?&](?:web|view)=|\/open\b|\/o\/|\/pixel|\/beacon|\.(?:png|jpe?g|gif|svg|css|ico)(?:[?#]|$)|facebook\.com|twitter\.com|\/\/x\.com|linkedin\.com|instagram\.com|youtube\.com|tiktok\.com|weibo\.com|apps\.apple\.com|play\.google\.com|\/track(?:ing)?\b(?!\/click)|\/orders?\b|\/invoices?\b|\/receipts?\b|\/blog\b|\/careers?\b|not[-_]?me|notme|security\/|seguridad\/|sicherheit\/|securite\/|sicurezza\/|seguranca\/|guvenlik\/|bezpieczenstwo\/|beveiliging\/|\/report|\/block|\/promo|[?&]promo|coupon|\/freeze|\/appeal|baja|desinscri|desabon|abmelden|afmelden|wypisz|abonelik(?:ten|[-_/]?iptal)|descadastr|disiscri|reject/i;

interface LinkCandidate {
  url: string;
  text: string;
  /** The link's own line, or the line before when the link stands alone on its line. */
  context: string;
  /** The lines of its paragraph before it: "if this wasn't you" there makes it a "secure your account" link. */
  paragraph: string;
  /** A linked image (logo, banner, image button): what stands before it was not said of it. */
  image: boolean;
  part: Part;
  position: number;
}

/**
 * The words that lead up to a link: the rest of its line, or the previous line if none and the link
 * stands alone on its line (a button under the sentence that asks; a row of footer links
 * "My tickets · Refunds" is not answering the line above).
 */
function contextBefore(body: string, at: number, end: number): string {
  const window = body.slice(Math.max(0, at - CONTEXT_BEFORE), at);
  const lineStart = window.lastIndexOf("\n");
  const ownLine = window.slice(lineStart + 1);
  if (ownLine.trim().length > 0 || lineStart < 0) return ownLine;
  const lineEnd = body.indexOf("\n", end);
  if (body.slice(end, lineEnd < 0 ? body.length : lineEnd).trim().length > 0) return "";
  const previous = window.slice(0, lineStart).replace(/\n+$/, "");
  return previous.slice(previous.lastIndexOf("\n") + 1);
}

/** The paragraph's text before the link, within reach: "Not you? …\nPlease reset your password below.\n<link>". */
function paragraphBefore(body: string, at: number): string {
  const window = body.slice(Math.max(0, at - 2 * CONTEXT_BEFORE), at);
  const start = window.lastIndexOf("\n\n");
  return start < 0 ? window : window.slice(start + 2);
}

/** The phrase closest before the link decides what its context asks. */
function lastOf(phrases: readonly PhraseMatch[], kinds: readonly PhraseMatch["kind"][]): PhraseMatch["kind"] | null {
  for (let i = phrases.length - 1; i >= 0; i--) {
    const kind = phrases[i]?.kind;
    if (kind !== undefined && kinds.includes(kind)) return kind;
  }
  return null;
}

// "Click the button below to sign in": an action anywhere on the line asks to open the link, unless
// something to avoid (unsubscribe, help) comes last.
function askedBefore(context: readonly PhraseMatch[]): PhraseMatch["kind"] | null {
  const last = lastOf(context, ["linkAction", "linkSignIn", "linkAvoid"]);
  return last === "linkSignIn" && context.some((phrase) => phrase.kind === "linkAction") ? "linkAction" : last;
}

function scoreLink(link: LinkCandidate, signals: LinkSignals): number {
  if (!/^https?:\/\//i.test(link.url)) return 0;
  const urlAction = URL_ACTION.test(link.url.replace(TRACKING_PARAM, ""));
  if (FURNITURE_URL.test(link.url) && !urlAction) return 0;
  const text = scanPhrases(link.text);
  if (has(text, "linkAvoid") || has(text, "notMe")) return 0;
  const context = scanPhrases(link.context);
  if (has(context, "notMe") || has(scanPhrases(link.paragraph), "notMe")) return 0;
  // Nothing said before it, or a linked image (a logo, a banner), and no action in its own words:
  // only its URL can ask to open it.
  if ((link.image || link.context.trim().length === 0) && !has(text, "linkAction") && !has(text, "linkSignIn") && !urlAction) return 0;
  let score = 0;
  if (has(text, "linkAction")) score += 5;
  else if (has(text, "linkSignIn")) score += 2;
  if (urlAction) score += 4;
  else if (WEAK_URL.test(link.url)) score += 2;
  const asked = askedBefore(context);
  if (asked === "linkAvoid" && link.text.length === 0) return 0;
  if (asked === "linkAction") score += 3;
  else if (asked === "linkSignIn") score += 1;
  if (TOKEN_IN_URL.test(link.url)) score += 1;
  if (score === 0) return 0;
  if (signals.subjectAction) score += 2;
  else if (signals.subjectSignIn) score += 1;
  if (signals.verificationCue) score += 2;
  // In a look-alike mail only a link that itself asks to verify (its text or the words before it)
  // counts, and under a look-alike Subject not even that.
  if (signals.subjectLookalike || (signals.lookalikeMail && !has(text, "linkAction") && asked !== "linkAction")) score -= LOOKALIKE_PENALTY;
  return score;
}

/** Bare URLs in a body, each with the words that lead up to it. */
function bareLinks(body: string, part: Part): LinkCandidate[] {
  const links: LinkCandidate[] = [];
  // Run in place: `matchAll` would copy the pattern on every call.
  URL_IN_TEXT.lastIndex = 0;
  for (let m = URL_IN_TEXT.exec(body); m !== null; m = URL_IN_TEXT.exec(body)) {
    const url = m[0].replace(TRAILING_PUNCTUATION, "");
    links.push({ url, text: "", context: contextBefore(body, m.index, m.index + url.length), paragraph: paragraphBefore(body, m.index), image: false, part, position: m.index });
  }
  return links;
}

// How far before its counted place an anchor's words may stand: tidying spaces after the count
// moves text back a little, more with each anchor before it.
const PLACE_DRIFT = 32;

/** Where the anchor's words stand: from its counted place when there is one, else after the previous anchor. */
function placeOf(anchor: Anchor, index: number, htmlText: string, from: number): number {
  // An image's alt text is not in the visible text: the same words further on are something else.
  if (anchor.image === true) return anchor.near ?? -1;
  if (anchor.near !== undefined) {
    const at = htmlText.indexOf(anchor.text, Math.max(from, anchor.near - PLACE_DRIFT - 2 * index));
    if (at >= 0) return at;
  }
  return htmlText.indexOf(anchor.text, from);
}

/** Anchors appear in document order, so each one's text is searched for after the previous one. */
function anchorLinks(anchors: readonly Anchor[], htmlText: string): LinkCandidate[] {
  let from = 0;
  return anchors.map((anchor, index) => {
    const image = anchor.image === true;
    const at = anchor.text.length > 0 ? placeOf(anchor, index, htmlText, from) : -1;
    const shown = image ? 0 : anchor.text.length;
    if (at >= 0) from = Math.max(from, at + shown);
    return {
      url: anchor.href,
      text: anchor.text,
      context: at < 0 ? "" : contextBefore(htmlText, at, at + shown),
      paragraph: at < 0 ? "" : paragraphBefore(htmlText, at),
      image,
      part: "html",
      position: at < 0 ? from : at,
    };
  });
}

export function scoreLinks(text: string, anchors: readonly Anchor[], htmlText: string, signals: LinkSignals): ScoredLink[] {
  const candidates = [...anchorLinks(anchors, htmlText), ...bareLinks(text, "text"), ...bareLinks(htmlText, "html")];
  return candidates.map((link) => ({ value: link.url, score: scoreLink(link, signals), part: link.part, position: link.position }));
}
