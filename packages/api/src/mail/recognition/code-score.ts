// Scores code candidates by the labels around them. The closest label decides: a number
// next to "order" is an order number even if "verification" appears further away.
import { findCodeCandidates, type CodeCandidate } from "./code-candidates.ts";
import { findLabels, type LabelMatch } from "./labels.ts";

export interface MailSignals {
  /** The subject names a code or verification outright. */
  subjectSpecific: boolean;
  /** Some segment names a verification code outright ("verification code", "验证码"). */
  specificAnywhere: boolean;
  /** "Do not share", "expires in 10 minutes", "如非本人操作". */
  verificationPhrases: boolean;
  /** Meeting invites and statements: numbers labelled "passcode" or "code" that are not ours. */
  lookalikeMail: boolean;
  /** Coupons: "use code SAVE20". */
  promoMail: boolean;
}

export interface ScoredCode {
  value: string;
  score: number;
  position: number;
}

export const CODE_THRESHOLD = 6;
const NEWLINE_COST = 30;
const MAX_LABEL_DISTANCE = 200;
const MAX_LABEL_LENGTH = 60;
const NEGATIVE_BEFORE = 60;
const NEGATIVE_AFTER = 20;
const DIRECT_BONUS = 3;
const NEGATIVE_PENALTY = 9;
const YEAR_PENALTY = 4;
const STANDALONE_BONUS = 2;
const SUBJECT_BONUS = 2;
const PHRASE_BONUS = 1;
const LOOKALIKE_PENALTY = 6;
const PROMO_PENALTY = 5;

// Label, then the code: "code: 482913", "code is 482913", "验证码为：482913", "コードは 482913".
const DIRECT_AFTER_LABEL = /^[\s:：=\-–—>（(]*(?:is|was|ist|lautet|est|es|sont|是|为|為|は|:|：)?[\s:：\-–—>)）]*$/iu;
// The code, then its label: "482913 is your verification code".
const DIRECT_BEFORE_LABEL = /^[\s,，]*(?:is|ist|est|es|是|为|為|は)?\s*(?:your|the|ihr|dein|votre|tu|您的|你的|您|你)?\s*$/iu;

interface Gap {
  text: string;
  cost: number;
  labelFirst: boolean;
}

function gapCost(text: string, labelFirst: boolean): number {
  const breaks = text.match(/\n+/g) ?? [];
  // A label ending its line with the code opening the next one ("Your code:\n\n482913")
  // is as close as the same line: only the rest of the label's line counts.
  if (labelFirst && breaks.length === 1 && /\n\s*$/.test(text)) return text.indexOf("\n") + 10;
  return text.length + NEWLINE_COST * breaks.length;
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
}

/** Labels starting within `radius` characters of the code; `labels` is sorted by start. */
function labelsNear(labels: LabelMatch[], code: CodeCandidate, radius: number): LabelMatch[] {
  let low = 0;
  let high = labels.length;
  const from = code.start - radius - MAX_LABEL_LENGTH;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((labels[mid]?.start ?? 0) < from) low = mid + 1;
    else high = mid;
  }
  const near: LabelMatch[] = [];
  for (let i = low; i < labels.length; i++) {
    const label = labels[i];
    if (label === undefined || label.start > code.end + radius) break;
    near.push(label);
  }
  return near;
}

function bestPositive(segment: string, labels: LabelMatch[], code: CodeCandidate): LabelFit | null {
  let best: LabelFit | null = null;
  for (const label of labelsNear(labels, code, MAX_LABEL_DISTANCE)) {
    const gap = gapBetween(segment, label, code);
    if (gap === null || gap.cost > MAX_LABEL_DISTANCE) continue;
    const direct = (gap.labelFirst ? DIRECT_AFTER_LABEL : DIRECT_BEFORE_LABEL).test(gap.text);
    const score = label.weight * proximity(gap.cost) + (direct ? DIRECT_BONUS : 0);
    if (best === null || score > best.score) best = { score, cost: direct ? 0 : gap.cost, direct };
  }
  return best;
}

function nearestNegative(segment: string, labels: LabelMatch[], code: CodeCandidate): number | null {
  let nearest: number | null = null;
  for (const label of labelsNear(labels, code, NEGATIVE_BEFORE)) {
    const gap = gapBetween(segment, label, code);
    if (gap === null) continue;
    const lines = gap.text.split("\n").length - 1;
    const fits = gap.labelFirst ? gap.text.length <= NEGATIVE_BEFORE && lines <= 1 : gap.text.length <= NEGATIVE_AFTER && lines === 0;
    if (fits && (nearest === null || gap.cost < nearest)) nearest = gap.cost;
  }
  return nearest;
}

const IGNORABLE = new Set([" ", "\t", ":", "：", ".", "。", ",", "，", "!", "！", "*", '"', "'", "“", "”", "「", "」", "【", "】", "[", "]"]);

/** True when only punctuation shares the code's line(s). */
function aloneOnLine(segment: string, code: CodeCandidate): boolean {
  let before = code.start - 1;
  while (before >= 0 && IGNORABLE.has(segment[before] ?? "")) before--;
  let after = code.end;
  while (after < segment.length && IGNORABLE.has(segment[after] ?? "")) after++;
  return (before < 0 || segment[before] === "\n") && (after >= segment.length || segment[after] === "\n");
}

export function scoreCodes(segment: string, signals: MailSignals, isSubject: boolean): ScoredCode[] {
  const labels = findLabels(segment);
  const scored: ScoredCode[] = [];
  for (const code of findCodeCandidates(segment)) {
    const positive = bestPositive(segment, labels.positive, code);
    if (positive === null) continue;
    if (code.needsDirectLabel && !positive.direct) continue;
    let score = positive.score;
    const negative = nearestNegative(segment, labels.negative, code);
    if (negative !== null && negative < positive.cost) score -= NEGATIVE_PENALTY;
    if (code.looksLikeYear && !positive.direct) score -= YEAR_PENALTY;
    if (!isSubject && aloneOnLine(segment, code)) score += STANDALONE_BONUS;
    if (signals.subjectSpecific) score += SUBJECT_BONUS;
    if (signals.verificationPhrases) score += PHRASE_BONUS;
    if (signals.lookalikeMail) score -= LOOKALIKE_PENALTY;
    if (signals.promoMail && !signals.specificAnywhere) score -= PROMO_PENALTY;
    scored.push({ value: code.value, score, position: code.start });
  }
  return scored;
}
