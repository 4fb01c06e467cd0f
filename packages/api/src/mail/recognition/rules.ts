// Rule-based recognition. Precedence: a code wins over a link whenever both qualify, because
// a mail that offers "enter 482913 or click this link" is read by someone who wants to copy
// the code into the page already open in front of them.
import {
  LOOKALIKE_MAIL_SIGNALS,
  PROMO_MAIL_SIGNALS,
  SPECIFIC_CODE_LABELS,
  VERIFICATION_MAIL_SIGNALS,
} from "./code-keywords.ts";
import { CODE_THRESHOLD, scoreCodes, type MailSignals, type ScoredCode } from "./code-score.ts";
import { STRONG_LINK_CONTEXT, WEAK_LINK_CONTEXT } from "./link-keywords.ts";
import { LINK_THRESHOLD, scoreLinks, type ScoredLink } from "./links.ts";
import { maskAddresses, prepareMail } from "./prepare.ts";
import type { RecognitionInput, Recognized } from "./types.ts";

function matchesFresh(pattern: RegExp, text: string): boolean {
  pattern.lastIndex = 0;
  const found = pattern.test(text);
  pattern.lastIndex = 0;
  return found;
}

function bestCode(codes: ScoredCode[]): ScoredCode | null {
  let best: ScoredCode | null = null;
  for (const code of codes) {
    if (code.score < CODE_THRESHOLD) continue;
    if (best === null || code.score > best.score) best = code;
  }
  return best;
}

function bestLink(links: ScoredLink[]): ScoredLink | null {
  let best: ScoredLink | null = null;
  for (const link of links) {
    if (link.score < LINK_THRESHOLD) continue;
    if (best === null || link.score > best.score) best = link;
  }
  return best;
}

export function recognizeByRules(input: RecognitionInput): Recognized | null {
  const mail = prepareMail(input);
  const body = [mail.text, mail.htmlText].filter((part) => part.length > 0);
  const everything = [mail.subject, ...body].join("\n");
  const signals: MailSignals = {
    subjectSpecific: matchesFresh(SPECIFIC_CODE_LABELS, mail.subject),
    specificAnywhere: matchesFresh(SPECIFIC_CODE_LABELS, everything),
    verificationPhrases: VERIFICATION_MAIL_SIGNALS.test(everything),
    lookalikeMail: LOOKALIKE_MAIL_SIGNALS.test(everything),
    promoMail: PROMO_MAIL_SIGNALS.test(everything),
  };
  const codes = [
    ...scoreCodes(maskAddresses(mail.subject), signals, true),
    ...body.flatMap((part) => scoreCodes(maskAddresses(part), signals, false)),
  ];
  const code = bestCode(codes);
  if (code !== null) return { kind: "code", value: code.value };

  const links = scoreLinks(mail.text, mail.anchors, mail.htmlText, {
    subjectStrong: STRONG_LINK_CONTEXT.test(mail.subject),
    subjectWeak: WEAK_LINK_CONTEXT.test(mail.subject),
    verificationPhrases: signals.verificationPhrases,
  });
  const link = bestLink(links);
  return link === null ? null : { kind: "link", value: link.value };
}
