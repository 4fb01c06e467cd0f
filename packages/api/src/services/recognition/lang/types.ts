// One language's words for recognition. Every list holds lower-case phrases:
// - a space matches any run of spaces or hyphens, or none ("sign in" = "sign-in" = "signin");
// - a trailing "*" lets the last word go on ("verif*" = "verify", "verification", …);
// - a phrase that starts or ends with a letter of a spaced script (Latin, Cyrillic, Greek)
//   matches only as whole words; CJK and Hangul phrases match anywhere (no spaces, and Korean
//   particles attach to the noun: "인증번호를").
// The tables are data: the scoring model (code-score.ts, links.ts) decides what they weigh.

export interface LanguageTable {
  language: string;
  /** Names a one-time code outright: "verification code", "TAN", "验证码", "код подтверждения". */
  codeLabels: readonly string[];
  /** Says "code" or "PIN" without saying which kind: "code", "código", "コード"; also labels that as
   * often name a card purchase's approval number as a code to type ("authorization code", "承認番号"). */
  codeWords: readonly string[];
  /** Verification actions that make a nearby number plausible: "verify", "sign in", "2FA". */
  verificationWords: readonly string[];
  /** Labels of numbers that are not codes: order, tracking, booking, meeting ID, amount, phone, promo code. */
  notCodeLabels: readonly string[];
  /** Whole-mail phrases of verification mails: "do not share", "expires in", "if you didn't request". */
  verificationCues: readonly string[];
  /** Whole-mail phrases of look-alike mails: bookings, meeting invites, promotions, gift cards. */
  lookalikeCues: readonly string[];
  /** Link text, or words just before a URL, that ask the reader to open it to verify. */
  linkActions: readonly string[];
  /** Sign-in wording on a link: a link to open, but weaker evidence than a verify action. */
  linkSignIn: readonly string[];
  /** Link text, or words just before a link, that make it one not to open: unsubscribe, help, shop. */
  linkAvoid: readonly string[];
  /** "If this wasn't you": a verification mail's wording, and what makes the link after it a
   * "secure your account" link rather than the one to open. */
  notMe: readonly string[];
  /** Words in a URL that mark a verification link ("verify", "bestaetigen"), matched anywhere in it. */
  urlActions: readonly string[];
}
