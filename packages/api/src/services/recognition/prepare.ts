// Turns a received message into the plain strings recognition works on. Sizes are capped so
// a huge newsletter cannot make recognition slow; verification mails are short and put the
// code or link near the top.
import { cleanText, extractAnchors, htmlToText, type Anchor } from "./html.ts";
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

export function prepareMail(input: RecognitionInput): PreparedMail {
  const html = (input.html ?? "").slice(0, MAX_HTML);
  return {
    subject: cleanText((input.subject ?? "").slice(0, MAX_SUBJECT)).replace(/\s+/g, " "),
    text: cleanText((input.text ?? "").slice(0, MAX_TEXT)),
    htmlText: html.length > 0 ? htmlToText(html).slice(0, MAX_TEXT) : "",
    anchors: html.length > 0 ? extractAnchors(html) : [],
  };
}

// The look-behind makes an address match start only where a run of name characters starts,
// which keeps a long run without "@" linear.
const URL_OR_ADDRESS = /\bhttps?:\/\/\S+|\bwww\.\S+|(?<![\w.+-])[\w.+-]{1,64}@[\w-]+(?:\.[\w-]+)+/gi;

/** Blanks out URLs and mail addresses so numbers inside them are never read as codes. */
export function maskAddresses(text: string): string {
  return text.replace(URL_OR_ADDRESS, (match) => " ".repeat(match.length));
}
