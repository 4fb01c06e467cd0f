// The one scoring model for codes. A candidate scores by its best label (how strongly the
// label names a code, times how close it is), plus a bonus when the label sits right against
// it or the candidate stands alone on its line (HTML emphasis ends up there), plus whole-mail
// evidence (a code named in the Subject, "do not share" wording). It loses points when a label
// of something else (order, amount, booking, meeting) is closer than its own label, when it
// looks like a year, and when the whole mail reads like a booking, invite or promotion.
import { findCodeCandidates, type CodeCandidate } from "./code-candidates.ts";
import type { PhraseKind, PhraseMatch } from "./lexicon.ts";

export interface MailSignals {
  /** The Subject names a code outright. */
  subjectNamesCode: boolean;
  /** The Subject talks about verification or a code. */
  subjectVerifies: boolean;
  /** The Subject says "code" ("Tu código para entrar en Mi Celeste"), naming which kind or not. */
  subjectSaysCode: boolean;
  /** "Do not share", "expires in 10 minutes", "if this wasn't you". */
  verificationCue: boolean;
  /** "Do not share", "expires in 10 minutes": what is said of a code ("if this wasn't you" closes card alerts too). */
  codeCue: boolean;
  /** Bookings, meeting invites, promotions, gift cards: their codes are not ours. */
  lookalikeMail: boolean;
  /** The Subject itself is about a booking, an invite, a promotion or a gift card. */
  subjectLookalike: boolean;
}

export interface ScoredCode {
  value: string;
  score: number;
  position: number;
}

export const CODE_THRESHOLD = 6;

const LABEL_WEIGHT: Partial<Record<PhraseKind, number>> = { codeLabel: 6, codeWord: 4, verificationWord: 2 };
const NEWLINE_COST = 30;
const MAX_LABEL_DISTANCE = 200;
const MAX_LABEL_LENGTH = 60;
const NEGATIVE_BEFORE = 60;
const NEGATIVE_AFTER = 20;
const DIRECT_BONUS = 3;
const STANDALONE_BONUS = 2;
const SUBJECT_NAMES_CODE_BONUS = 2;
const SUBJECT_VERIFIES_BONUS = 1;
const CUE_BONUS = 1;
const NEGATIVE_PENALTY = 9;
const YEAR_PENALTY = 4;
const LOOKALIKE_PENALTY = 6;

// Label, then the code: "code: 482913", "code is 482913", "验证码为：482913", "コードは 482913",
// "一次性交易密碼(OTP)為 417 926" (the label's own bracket closes first).
const DIRECT_AFTER_LABEL =
  /^[\s:：=\-–—>（(【[「"'“«„‘)）】\]」]*(?:is|was|are|ist|lautet|est|es|é|è|è:|to|jest|là|是|为|為|は|が|는|은|:|：)?[\s:：\-–—>)）】\]」"'”»“«„‘’]*$/iu;
// The code, then its label: "482913 is your verification code", "48213（登录验证码）".
const DIRECT_BEFORE_LABEL = /^[\s,，（(【[]*(?:is|ist|est|es|é|è|是|为|為|は)?\s*(?:your|the|ihr|dein|votre|tu|seu|o seu|il tuo|您的|你的|您|你)?\s*$/iu;
// With the sender's name between: "482913 is your Acme code", "482913 ist dein GitHub-Code"
// (one or two capitalised words; the brand is written as it is, so this one minds case).
const BRANDED_BEFORE_LABEL = /^[\s,]*(?:is|ist|est|es|é|è) (?:your|Your|ihr|Ihr|dein|Dein|votre|tu|seu|o seu|il tuo) (?:[A-Z0-9][\w.&'’]*[\s-]){1,2}$/u;

// The label is the key of a "key: value" line: "Código de activación de la cuenta: k2w8fh"
// (words only between them: no digits, no sentence end, though a dot may join a name: "на Ворк.юа:";
// the value may open with a quote: «k2w8fh»).
const KEY_VALUE_GAP = /^(?:[^\n\d.!?。！？]|\.(?=\p{L})){0,60}[:：]\s*[«"'“„「【[(]?\s*$/u;

interface Gap {
  text: string;
  cost: number;
  labelFirst: boolean;
}

function gapCost(text: string, labelFirst: boolean): number {
  let breaks = 0;
  for (let i = 0; i < text.length; i++) if (text[i] === "\n") breaks++;
  // A label ending its line with the code opening the next non-blank one ("Your code:\n\n482913")
  // is as close as the same line: only the rest of the label's line counts. Lines of text between
  // them count in full (a sign-in notice's heading is not the label of an event id far below it).
  if (labelFirst && breaks > 0 && text.slice(text.indexOf("\n")).trim() === "") return text.indexOf("\n") + 10;
  return text.length + NEWLINE_COST * breaks;
}

function gapBetween(segment: string, label: { start: number; end: number }, code: CodeCandidate): Gap | null {
  if (label.end <= code.start) {
    const text = segment.slice(label.end, code.start);
    return { text, cost: gapCost(text, true), labelFirst: true };
  }
  if (code.end <= label.start) {
    const text = segment.slice(code.end, label.start);
    return { text, cost: gapCost(text, false), labelFirst: false };
  }
  return null;
}

function proximity(cost: number): number {
  if (cost <= 30) return 1;
  if (cost <= 80) return 0.8;
  return 0.5;
}

interface LabelFit {
  score: number;
  cost: number;
  direct: boolean;
  /** The weight of the label's kind (a code label outright, a word for "code", a verification word). */
  weight: number;
  /** The label stands before the code ("code: 482913"), not after it ("482913 is your code"). */
  labelFirst: boolean;
}

/** Labels starting within `radius` characters of the code; `labels` is sorted by start. */
function labelsNear(labels: readonly PhraseMatch[], code: CodeCandidate, radius: number): PhraseMatch[] {
  let low = 0;
  let high = labels.length;
  const from = code.start - radius - MAX_LABEL_LENGTH;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((labels[mid]?.start ?? 0) < from) low = mid + 1;
    else high = mid;
  }
  const near: PhraseMatch[] = [];
  for (let i = low; i < labels.length; i++) {
    const label = labels[i];
    if (label === undefined || label.start > code.end + radius) break;
    near.push(label);
  }
  return near;
}

// A verification verb right before a word for "code" names it as a code label would: "inserisci il
// codice", "введіть код". Only articles and spaces may stand between. A verb the tables also list
// as a word for code (English "enter") does not count: "enter code SPRING25 at checkout" is a promotion.
const VERB_TO_CODE_WORD = /^\s{1,2}(?:the|your|this|a|den|die|diesen|le|la|ce|votre|el|este|su|tu|o|esse|seu|il|questo|de|je|uw|deze|ten|tento|bu)?\s{0,2}$/iu;

function verbBefore(segment: string, labels: readonly PhraseMatch[], label: PhraseMatch): boolean {
  const index = labels.indexOf(label);
  const before = labels[index - 1];
  return before !== undefined && before.kind === "verificationWord" && before.end <= label.start && VERB_TO_CODE_WORD.test(segment.slice(before.end, label.start));
}

function labelWeight(segment: string, labels: readonly PhraseMatch[], label: PhraseMatch): number | undefined {
  if (label.kind === "codeWord" && verbBefore(segment, labels, label)) return LABEL_WEIGHT.codeLabel;
  return LABEL_WEIGHT[label.kind];
}

const INSTRUCTION_REST = 30;
const INTRODUCTION_REST = 160;
const ASKING_REST = 300;

/**
 * The label's line asks for the code and the code stands alone after it, across blank lines only:
 * "次のワンタイムパスワード（OTP）を入力してください。\n\n702518", "아래 인증번호 6자리를 입력해 주세요.\n\n275064",
 * or a longer line that introduces it with a colon ("Bitte geben Sie den folgenden Bestätigungscode
 * … ein, um Ihre E-Mail-Adresse zu bestätigen:\n906 152"). Nothing labelled as something else may
 * stand between them on a short line, nor right before the colon of a long one ("Kundennummer:").
 */
function instructionAbove(segment: string, labels: readonly PhraseMatch[], label: PhraseMatch, code: CodeCandidate, gap: string, asks: boolean): boolean {
  const lineEnd = gap.indexOf("\n");
  if (lineEnd === -1 || gap.slice(lineEnd).trim() !== "" || !aloneOnLine(segment, code)) return false;
  const others = labels.filter((other) => other.kind === "notCodeLabel" && other.start >= label.end && other.end <= code.start);
  if (lineEnd <= INSTRUCTION_REST) return others.length === 0;
  const rest = gap.slice(0, lineEnd).trimEnd();
  // A line that asks for the code in so many words may go on ("Digite o código abaixo no app para
  // entrar na sua conta."); only a label ending it names what follows instead.
  if (asks && rest.length <= ASKING_REST) return !others.some((other) => /^[:：]?$/.test(segment.slice(other.end, label.end + rest.length).trim()));
  if (rest.length > INTRODUCTION_REST || !/[:：]$/.test(rest)) return false;
  const colon = label.end + rest.length - 1;
  return !others.some((other) => segment.slice(other.end, colon).trim() === "");
}

function bestPositive(segment: string, labels: readonly PhraseMatch[], code: CodeCandidate): LabelFit | null {
  let best: LabelFit | null = null;
  for (const label of labelsNear(labels, code, MAX_LABEL_DISTANCE)) {
    const weight = labelWeight(segment, labels, label);
    if (weight === undefined) continue;
    const gap = gapBetween(segment, label, code);
    if (gap === null || gap.cost > MAX_LABEL_DISTANCE) continue;
    const direct =
      weight >= 4 &&
      (gap.labelFirst
        ? DIRECT_AFTER_LABEL.test(gap.text) || KEY_VALUE_GAP.test(gap.text) || instructionAbove(segment, labels, label, code, gap.text, weight === LABEL_WEIGHT.codeLabel)
        : DIRECT_BEFORE_LABEL.test(gap.text) || BRANDED_BEFORE_LABEL.test(gap.text));
    const score = weight * proximity(gap.cost) + (direct ? DIRECT_BONUS : 0);
    // A label on a later line than its code ("44871902\n\nYour verification code follows…") is direct,
    // but a label of something else right above the code ("Customer number:") is closer.
    const cost = direct && (gap.labelFirst || !gap.text.includes("\n")) ? 0 : gap.cost;
    if (best === null || score > best.score) best = { score, cost, direct, weight, labelFirst: gap.labelFirst };
  }
  return best;
}

function nearestNegative(segment: string, labels: readonly PhraseMatch[], code: CodeCandidate): number | null {
  let nearest: number | null = null;
  for (const label of labelsNear(labels, code, NEGATIVE_BEFORE)) {
    if (label.kind !== "notCodeLabel") continue;
    const gap = gapBetween(segment, label, code);
    if (gap === null) continue;
    const lines = gap.text.split("\n").length - 1;
    // A label that ends its line names the value opening the next one, as a table's cells end up
    // ("ID del evento\n\n55A1-F03C", "Kundennummer:\n\n44871902"), however many blank lines the layout left between.
    const labelAbove = gap.labelFirst && /^[:：]?\s*$/.test(gap.text) && lines <= 2;
    const fits = gap.labelFirst ? gap.text.length <= NEGATIVE_BEFORE && (lines <= 1 || labelAbove) : gap.text.length <= NEGATIVE_AFTER && lines === 0;
    if (fits && (nearest === null || gap.cost < nearest)) nearest = gap.cost;
  }
  return nearest;
}

const IGNORABLE = new Set([" ", "\t", ":", "：", ".", "。", ",", "，", "!", "！", "*", '"', "'", "“", "”", "‘", "’", "«", "»", "„", "「", "」", "【", "】", "[", "]", "(", ")", "（", "）", "■", "\u3000"]);

/** True when only punctuation shares the code's line(s). */
function aloneOnLine(segment: string, code: CodeCandidate): boolean {
  let before = code.start - 1;
  while (before >= 0 && IGNORABLE.has(segment[before] ?? "")) before--;
  let after = code.end;
  while (after < segment.length && IGNORABLE.has(segment[after] ?? "")) after++;
  return (before < 0 || segment[before] === "\n") && (after >= segment.length || segment[after] === "\n");
}

export function scoreCodes(segment: string, phrases: readonly PhraseMatch[], signals: MailSignals, isSubject: boolean): ScoredCode[] {
  const scored: ScoredCode[] = [];
  for (const code of findCodeCandidates(segment)) {
    const positive = bestPositive(segment, phrases, code);
    if (positive === null) continue;
    const alone = !isSubject && aloneOnLine(segment, code);
    if (code.needsLabelOrLine && !positive.direct && !alone) continue;
    let score = positive.score;
    const negative = nearestNegative(segment, phrases, code);
    if (negative !== null && negative < positive.cost) score -= NEGATIVE_PENALTY;
    if (code.looksLikeYear && !positive.direct) score -= YEAR_PENALTY;
    // Only a label that names a verification code outright vouches for a code shaped like a promotion's.
    if (code.looksLikePromotion && positive.weight !== LABEL_WEIGHT.codeLabel) score -= LOOKALIKE_PENALTY;
    if (alone) score += STANDALONE_BONUS;
    if (signals.subjectNamesCode) score += SUBJECT_NAMES_CODE_BONUS;
    else if (signals.subjectVerifies) score += SUBJECT_VERIFIES_BONUS;
    if (signals.verificationCue) score += CUE_BONUS;
    // A code labelled right before it and alone on its line, in a mail whose Subject names a code
    // (or that says how long the code lasts, under a Subject about something else than a booking or
    // a gift card), is the mail's point even when a flight or a gift card is mentioned around it
    // (an airline's sign-in code, a game account's deletion code);
    // one a verification label names outright in the body, in such a mail, loses only half (a
    // transfer to sign with an invoice number nearby). In the Subject, a code that its label follows
    // right away ("829405 es tu código de acceso"; a promotion writes "Kod: BAHAR20") loses half in a
    // mail with verification wording whose Subject is not itself about a booking or a gift card;
    // otherwise it is the booking's reference.
    const subjectVouches = signals.subjectNamesCode && !signals.subjectLookalike;
    const cue = positive.weight === LABEL_WEIGHT.codeLabel ? signals.verificationCue : signals.codeCue;
    const mailAsks = subjectVouches || (cue && !signals.subjectLookalike);
    const unmistakable = mailAsks && positive.direct && alone;
    const named = isSubject
      ? positive.direct && !positive.labelFirst && signals.verificationCue && !signals.subjectLookalike
      : positive.direct && (positive.weight === LABEL_WEIGHT.codeLabel || signals.subjectSaysCode) && mailAsks;
    if (signals.lookalikeMail && !unmistakable) score -= named ? LOOKALIKE_PENALTY / 2 : LOOKALIKE_PENALTY;
    scored.push({ value: code.value, score, position: code.start });
  }
  return scored;
}
