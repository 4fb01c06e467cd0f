// Turns a received message into the plain strings recognition works on. Sizes are capped so
// a huge newsletter cannot make recognition slow; verification mails are short and put the
// code or link near the top.
import { ANCHOR_MARK, cleanText, extractAnchors, htmlToText, stripHidden, type Anchor } from "./html.ts";
import type { RecognitionInput } from "./types.ts";

export interface PreparedMail {
  subject: string;
  text: string;
  htmlText: string;
  anchors: Anchor[];
}

const MAX_SUBJECT = 1_000;
// Reading the visible text costs time in proportion to its length (a 60 KiB newsletter has
// 20,000 characters of it), and a code or link the reader must act on comes in its first part.
const MAX_TEXT = 10_000;
const MAX_HTML = 150_000;

// The visible text of HTML is made from a prefix ending before a tag that gives well over
// MAX_TEXT characters, instead of from all of it: every step of the conversion works within
// tags or between them, so a prefix cut before a "<" yields the same start.
const TEXT_SLACK = 1_000;
const FIRST_PREFIX = 16_000;

function visibleTextStart(visible: string): string {
  for (let length = FIRST_PREFIX; length < visible.length; length *= 2) {
    const cut = visible.indexOf("<", length);
    if (cut < 0) break;
    const text = htmlToText(visible.slice(0, cut));
    if (text.length >= MAX_TEXT + TEXT_SLACK) return text.slice(0, MAX_TEXT);
  }
  return htmlToText(visible).slice(0, MAX_TEXT);
}

// Text in composed form: a legacy charset such as windows-1258 (Vietnamese) decodes to base
// letters followed by combining tone marks, which the language tables' words (composed) would
// not match. Link targets are left exactly as written.
const nfc = (text: string): string => text.normalize("NFC");

/**
 * Where each anchor lands in the visible text, from that text made with a mark before every anchor:
 * its words are found from there, not at their first mention ("we received your request to reset
 * your password" above a "reset password" button). Anchors past the text's end get none.
 */
function anchorPlaces(visibleMarked: string): number[] {
  const places: number[] = [];
  const text = visibleTextStart(visibleMarked);
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === ANCHOR_MARK) places.push(count);
    else count++;
  }
  return places;
}

export function prepareMail(input: RecognitionInput): PreparedMail {
  const html = (input.html ?? "").slice(0, MAX_HTML);
  const visible = html.length > 0 ? stripHidden(html) : "";
  const { anchors, marked } = visible.length > 0 ? extractAnchors(visible) : { anchors: [], marked: "" };
  const places = anchors.length > 0 ? anchorPlaces(marked) : [];
  return {
    subject: cleanText(nfc((input.subject ?? "").slice(0, MAX_SUBJECT))).replace(/\s+/g, " "),
    text: cleanText(nfc((input.text ?? "").slice(0, MAX_TEXT))),
    htmlText: visible.length > 0 ? nfc(visibleTextStart(visible)) : "",
    anchors: anchors.map((anchor, index) => ({ ...anchor, text: nfc(anchor.text), near: places[index] })),
  };
}

// The look-behind makes an address match start only where a run of name characters starts,
// which keeps a long run without "@" linear.
const URL_OR_ADDRESS = /\bhttps?:\/\/\S+|\bwww\.\S+|(?<![\w.+-])[\w.+-]{1,64}@[\w-]+(?:\.[\w-]+)+/gi;

// An IBAN as printed: country, check digits, then groups of four ("DE89 3704 0044 0532 0130 00").
const IBAN = /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?\b/g;

/** Blanks out URLs, mail addresses and IBANs so numbers inside them are never read as codes. */
export function maskAddresses(text: string): string {
  const blank = (match: string) => " ".repeat(match.length);
  return text.replace(URL_OR_ADDRESS, blank).replace(IBAN, blank);
}
