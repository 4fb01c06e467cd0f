// Rule-based recognition: the language tables (lang/*.ts) read through one scanner
// (lexicon.ts) and two scoring models, one for codes and one for links. When a mail offers
// both, the one it asks for first wins (CONTRACT §8): "enter 482913, or click here" is read
// for the code, "click here; on another device enter 482913" for the link.
import { CODE_THRESHOLD, scoreCodes, type MailSignals } from "./code-score.ts";
import { hasKind as has, scanPhrases } from "./lexicon.ts";
import { LINK_THRESHOLD, scoreLinks, type Part, type ScoredLink } from "./links.ts";
import { maskAddresses, prepareMail } from "./prepare.ts";
import type { RecognitionInput, Recognized } from "./types.ts";

type Where = "subject" | Part;

interface Found {
  value: string;
  score: number;
  where: Where;
  position: number;
}

// Full-width digits, letters and signs ("６２０") are typed as ASCII, and every space of another
// width (the ideographic space, thin and narrow no-break spaces that group digits: "318 604") is a
// space. Full-width commas, stops, colons and slashes stay: in CJK text they end a phrase ("是
// 318604，5分钟内有效"), where the ASCII ones would glue the digits into a number. One character
// maps to one, so positions stay valid.
function foldWidth(text: string): string {
  return text.replace(/[\uFF01-\uFF0B\uFF0D\uFF10-\uFF19\uFF1B-\uFF5E\u3000\u2000-\u200A\u202F\u205F]/g, (char) =>
    char <= "\u3000" ? " " : String.fromCharCode(char.charCodeAt(0) - 0xfee0),
  );
}

function best<T extends { score: number }>(items: readonly T[], threshold: number): T | null {
  let top: T | null = null;
  for (const item of items) if (item.score >= threshold && (top === null || item.score > top.score)) top = item;
  return top;
}

/** Where the link stands in the part that holds the code (where it is a link at all), to tell which one is asked first. */
function linkIn(links: readonly ScoredLink[], value: string, where: Where): number | null {
  const same = links.find((link) => link.value === value && link.part === where && link.score > 0);
  return same === undefined ? null : same.position;
}

function askedFirst(code: Found, link: ScoredLink, links: readonly ScoredLink[]): "code" | "link" {
  if (code.where === "subject") return "code";
  const linkPosition = linkIn(links, link.value, code.where);
  if (linkPosition === null) return "code";
  return linkPosition < code.position ? "link" : "code";
}

// A discount in the Subject or the preheader that extends it in the inbox ("-25% na pielęgnację",
// "-20 % sur une sélection de soins", Turkish "%25 indirim") marks a promotion in any language:
// verification mails do not put a percentage there.
const SUBJECT_DISCOUNT = /(?:^|[^\p{L}\p{N}])(?:[-−–]?\d{1,2}\s?[%％]|[%％]\d{1,2}(?!\d))/u;

// A card number masked to its last four digits ("Visa ••••4417", "**** **** **** 4417", "**4471") marks a
// payment, whose "authorization code" is the acquirer's, unless the mail says how long a code lasts
// or not to share it (a card purchase to confirm with a code).
const MASKED_CARD = /(?:(?:[•●*]{2,4}|[xX]{4})[\s-]?){1,3}\d{4}(?![\d•●*])/;

function firstLine(body: string): string {
  const text = body.trimStart();
  const end = text.indexOf("\n");
  return end === -1 ? text : text.slice(0, end);
}

export function recognizeByRules(input: RecognitionInput): Recognized | null {
  const mail = prepareMail(input);
  const parts: { where: Where; text: string }[] = [
    { where: "subject", text: foldWidth(mail.subject) },
    { where: "text", text: foldWidth(mail.text) },
    { where: "html", text: foldWidth(mail.htmlText) },
  ];
  // URLs, addresses and IBANs are blanked before reading: a word inside one ("/track/click",
  // "promo@shop.example") is not something the mail says, and a number inside one is not a code.
  const scanned = parts.map((part) => {
    const masked = maskAddresses(part.text);
    return { ...part, masked, phrases: scanPhrases(masked) };
  });
  const subject = scanned[0]?.phrases ?? [];
  const everything = scanned.flatMap((part) => part.phrases);
  const discount = SUBJECT_DISCOUNT.test(mail.subject) || SUBJECT_DISCOUNT.test(firstLine(mail.htmlText)) || SUBJECT_DISCOUNT.test(firstLine(mail.text));
  const verificationCue = has(everything, "verificationCue", "notMe");
  const signals: MailSignals = {
    subjectNamesCode: has(subject, "codeLabel"),
    subjectVerifies: has(subject, "verificationWord", "linkAction", "codeWord"),
    subjectSaysCode: has(subject, "codeLabel", "codeWord"),
    verificationCue,
    codeCue: has(everything, "verificationCue"),
    lookalikeMail: discount || has(everything, "lookalikeCue") || (!verificationCue && (MASKED_CARD.test(mail.text) || MASKED_CARD.test(mail.htmlText))),
    subjectLookalike: discount || has(subject, "lookalikeCue"),
  };

  const codes: Found[] = scanned.flatMap((part) =>
    part.text.length === 0
      ? []
      : scoreCodes(part.masked, part.phrases, signals, part.where === "subject").map((code) => ({ ...code, where: part.where })),
  );
  const code = best(codes, CODE_THRESHOLD);

  const links = scoreLinks(mail.text, mail.anchors, mail.htmlText, {
    subjectAction: has(subject, "linkAction"),
    subjectSignIn: has(subject, "linkSignIn", "verificationWord"),
    verificationCue: signals.verificationCue,
    lookalikeMail: signals.lookalikeMail,
    subjectLookalike: signals.subjectLookalike,
  });
  const link = best(links, LINK_THRESHOLD);

  if (code !== null && (link === null || askedFirst(code, link, links) === "code")) return { kind: "code", value: code.value };
  return link === null ? null : { kind: "link", value: link.value };
}
