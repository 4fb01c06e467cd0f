// Scores links: the anchor text and URL of HTML links, and the words before bare URLs in
// the text part. Furniture (unsubscribe, legal, social, tracking pixels) never qualifies.
import type { Anchor } from "./html.ts";
import {
  FURNITURE_TEXT,
  FURNITURE_URL,
  STRONG_LINK_CONTEXT,
  STRONG_LINK_TEXT,
  STRONG_LINK_URL,
  TOKEN_IN_URL,
  WEAK_LINK_CONTEXT,
  WEAK_LINK_TEXT,
  WEAK_LINK_URL,
} from "./link-keywords.ts";

export interface LinkSignals {
  subjectStrong: boolean;
  subjectWeak: boolean;
  verificationPhrases: boolean;
}

export interface ScoredLink {
  value: string;
  score: number;
}

export const LINK_THRESHOLD = 6;
const CONTEXT_BEFORE = 160;
const URL_IN_TEXT = /https?:\/\/[^\s<>"'）)\]】]+/g;
const TRAILING_PUNCTUATION = /[.,;:!?。，；：！？'"”’]+$/;

interface LinkCandidate {
  url: string;
  text: string;
  context: string;
}

function scoreLink(link: LinkCandidate, signals: LinkSignals): number {
  if (!/^https?:\/\//i.test(link.url)) return 0;
  if (FURNITURE_URL.test(link.url) && !STRONG_LINK_URL.test(link.url)) return 0;
  if (FURNITURE_TEXT.test(link.text)) return 0;
  let score = 0;
  if (STRONG_LINK_TEXT.test(link.text)) score += 5;
  else if (WEAK_LINK_TEXT.test(link.text)) score += 2;
  if (STRONG_LINK_URL.test(link.url)) score += 4;
  else if (WEAK_LINK_URL.test(link.url)) score += 2;
  if (STRONG_LINK_CONTEXT.test(link.context)) score += 3;
  else if (WEAK_LINK_CONTEXT.test(link.context)) score += 1;
  if (TOKEN_IN_URL.test(link.url)) score += 1;
  if (score === 0) return 0;
  if (signals.subjectStrong) score += 2;
  else if (signals.subjectWeak) score += 1;
  if (signals.verificationPhrases) score += 2;
  return score;
}

/** Bare URLs in plain text, each with the words just before it as context. */
function textLinks(text: string): LinkCandidate[] {
  return Array.from(text.matchAll(URL_IN_TEXT), (m) => ({
    url: m[0].replace(TRAILING_PUNCTUATION, ""),
    text: "",
    context: text.slice(Math.max(0, m.index - CONTEXT_BEFORE), m.index),
  }));
}

/** Anchors appear in document order, so each one's text is searched for after the previous one. */
function anchorLinks(anchors: Anchor[], htmlText: string): LinkCandidate[] {
  let from = 0;
  return anchors.map((anchor) => {
    const at = anchor.text.length > 0 ? htmlText.indexOf(anchor.text, from) : -1;
    if (at >= 0) from = at + anchor.text.length;
    return {
      url: anchor.href,
      text: anchor.text,
      context: at < 0 ? "" : htmlText.slice(Math.max(0, at - CONTEXT_BEFORE), at),
    };
  });
}

export function scoreLinks(text: string, anchors: Anchor[], htmlText: string, signals: LinkSignals): ScoredLink[] {
  const candidates = [...anchorLinks(anchors, htmlText), ...textLinks(text), ...textLinks(htmlText)];
  return candidates.map((link) => ({ value: link.url, score: scoreLink(link, signals) }));
}
