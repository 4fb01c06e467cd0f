import {
  GENERIC_CODE_LABELS,
  NEGATIVE_LABELS,
  NON_VERIFICATION_CODE_PREFIX,
  SPECIFIC_CODE_LABELS,
  WEAK_CODE_LABELS,
} from "./code-keywords.ts";

export interface LabelMatch {
  start: number;
  end: number;
  weight: number;
  specific: boolean;
}

export interface SegmentLabels {
  positive: LabelMatch[];
  negative: LabelMatch[];
}

const SPECIFIC_WEIGHT = 6;
const GENERIC_WEIGHT = 5;
const WEAK_WEIGHT = 2;

function matches(segment: string, pattern: RegExp): { start: number; end: number }[] {
  return Array.from(segment.matchAll(pattern), (m) => ({ start: m.index, end: m.index + m[0].length }));
}

/** "promo code", "zip code": the word before "code" says it is not a verification code. */
function hasForeignPrefix(segment: string, start: number, end: number): boolean {
  const text = segment.slice(start, end).toLowerCase();
  const at = text.lastIndexOf("code");
  if (at < 0) return false;
  return NON_VERIFICATION_CODE_PREFIX.test(segment.slice(Math.max(0, start - 30), start + at));
}

/** Marks which characters of a segment a set of spans covers, for overlap checks in linear time. */
class Coverage {
  readonly #covered: Uint8Array;

  constructor(length: number) {
    this.#covered = new Uint8Array(length);
  }

  add(span: { start: number; end: number }): void {
    this.#covered.fill(1, span.start, span.end);
  }

  overlaps(span: { start: number; end: number }): boolean {
    for (let i = span.start; i < span.end; i++) if (this.#covered[i] === 1) return true;
    return false;
  }
}

export function findLabels(segment: string): SegmentLabels {
  const positive: LabelMatch[] = [];
  const negative: LabelMatch[] = [];
  const negativeSpans = matches(segment, NEGATIVE_LABELS);
  const negativeCoverage = new Coverage(segment.length);
  for (const span of negativeSpans) negativeCoverage.add(span);
  const positiveCoverage = new Coverage(segment.length);
  const tiers: [RegExp, number, boolean][] = [
    [SPECIFIC_CODE_LABELS, SPECIFIC_WEIGHT, true],
    [GENERIC_CODE_LABELS, GENERIC_WEIGHT, false],
    [WEAK_CODE_LABELS, WEAK_WEIGHT, false],
  ];
  for (const [pattern, weight, specific] of tiers) {
    for (const span of matches(segment, pattern)) {
      // A weaker label inside a stronger one ("code" in "verification code") adds nothing,
      // and a weak one inside a negative label ("confirmation number") is that negative label.
      if (positiveCoverage.overlaps(span)) continue;
      if (weight === WEAK_WEIGHT && negativeCoverage.overlaps(span)) continue;
      if (hasForeignPrefix(segment, span.start, span.end)) {
        negative.push({ ...span, weight, specific: false });
      } else {
        positive.push({ ...span, weight, specific });
        positiveCoverage.add(span);
      }
    }
  }
  for (const span of negativeSpans) {
    if (!positiveCoverage.overlaps(span)) negative.push({ ...span, weight: 0, specific: false });
  }
  const byStart = (a: LabelMatch, b: LabelMatch): number => a.start - b.start;
  return { positive: positive.sort(byStart), negative: negative.sort(byStart) };
}
