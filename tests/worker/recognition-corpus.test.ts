// The recognition bars of issue 15, measured inside workerd (where intake runs) on mail built
// in its real charset and transfer encoding and parsed by intake's parser. Only the tuning
// split's misses are printed: the held-out split is judged by its score alone.
import { beforeAll, describe, expect, it } from "vitest";
import { recognizeByRules } from "../../packages/api/src/services/recognition/index.ts";
import { corpus, SPLITS, type Split } from "../fixtures/recognition/corpus.ts";
import { isExact, prepareCorpus, report, score, type Outcome, type PreparedMail } from "../fixtures/recognition/measure.ts";

// Issue 26's held-out sets were each measured once, untouched, then their misses read and fixed
// as classes, so they guard those classes now: "held-out-2" at 93.5% (274/293), "held-out-3" at
// 95.0% (249/262, look-alike false positives 7/92), "held-out-4" at 96.9% (254/262, 6/92),
// "held-out-5" at 94.7% (248/262, 9/107; 261/262 now: one class is left, a code asked for on a paperless-bill sign-up),
// "held-out-6" at 98.1% (257/262, 3/99), "held-out-7" at 97.3% (253/260, 5/104),
// "held-out-8" at 97.3% (253/260, 6/104), "held-out-9" at 97.3% (253/260, 4/104),
// "held-out-10" at 96.5% (247/256, 6/102), "held-out-11" at 96.1% (246/256, 6/102),
// "held-out-12" at 97.7% (250/256, 4/102), "held-out-13" at 97.3% (249/256, 3/102),
// "held-out-14" at 98.0% (251/256, 3/102), "held-out-15" at 94.9% (243/256, 4/102),
// "held-out-16" at 99.6% (255/256, 1/102).
const BARS: Record<Split, number> = { tuning: 1, "held-out": 0.99, "held-out-2": 0.99, "held-out-3": 0.99, "held-out-4": 0.99, "held-out-5": 0.99, "held-out-6": 0.99, "held-out-7": 0.99, "held-out-8": 0.99, "held-out-9": 0.99, "held-out-10": 0.99, "held-out-11": 0.99, "held-out-12": 0.99, "held-out-13": 0.99, "held-out-14": 0.99, "held-out-15": 0.99, "held-out-16": 0.99 };
const MIN_MESSAGES: Record<Split, number> = { tuning: 250, "held-out": 150, "held-out-2": 250, "held-out-3": 250, "held-out-4": 250, "held-out-5": 250, "held-out-6": 250, "held-out-7": 250, "held-out-8": 250, "held-out-9": 250, "held-out-10": 250, "held-out-11": 250, "held-out-12": 250, "held-out-13": 250, "held-out-14": 250, "held-out-15": 250, "held-out-16": 250 };
const REQUIRED_LANGUAGES = ["en", "zh-Hans", "zh-Hant", "ja", "ko", "ru", "es", "pt", "de", "fr", "it", "tr"];
// The second held-out set was written to a list of layouts (issue 26) rather than to a share of
// look-alikes: a quarter of it has no code or link.
const MIN_LOOKALIKE_SHARE: Record<Split, number> = { tuning: 0.35, "held-out": 0.35, "held-out-2": 0.25, "held-out-3": 0.3, "held-out-4": 0.3, "held-out-5": 0.35, "held-out-6": 0.35, "held-out-7": 0.35, "held-out-8": 0.35, "held-out-9": 0.35, "held-out-10": 0.35, "held-out-11": 0.35, "held-out-12": 0.35, "held-out-13": 0.35, "held-out-14": 0.35, "held-out-15": 0.35, "held-out-16": 0.35 };
/** Look-alike mails that get a code or link, at most (issue 26 asks 1%). */
const MAX_LOOKALIKE_FALSE_POSITIVES: Record<Exclude<Split, "tuning">, number> = { "held-out": 0.02, "held-out-2": 0.01, "held-out-3": 0.01, "held-out-4": 0.01, "held-out-5": 0.01, "held-out-6": 0.01, "held-out-7": 0.01, "held-out-8": 0.01, "held-out-9": 0.01, "held-out-10": 0.01, "held-out-11": 0.01, "held-out-12": 0.01, "held-out-13": 0.01, "held-out-14": 0.01, "held-out-15": 0.01, "held-out-16": 0.01 };
const HELD_OUT_SPLITS = SPLITS.filter((split) => split !== "tuning");

let prepared: PreparedMail[] = [];
let outcomes: Outcome[] = [];

beforeAll(async () => {
  prepared = await prepareCorpus(corpus);
  outcomes = prepared.map(({ mail, input }) => {
    const got = recognizeByRules(input);
    return { mail, got, exact: isExact(mail, got) };
  });
  console.log(
    [
      "recognition corpus (exact = kind and value as CONTRACT §8 defines them):",
      ...SPLITS.flatMap((split) => report(split, outcomes)),
    ].join("\n"),
  );
});

describe("the recognition corpus", () => {
  it.each(SPLITS)("%s split: enough messages, languages and look-alikes", (split) => {
    const mails = corpus.filter((m) => m.split === split);
    expect(mails.length).toBeGreaterThanOrEqual(MIN_MESSAGES[split]);
    expect([...new Set(mails.map((m) => m.language))]).toEqual(expect.arrayContaining(REQUIRED_LANGUAGES));
    expect(mails.filter((m) => m.expect.kind === "none").length / mails.length).toBeGreaterThanOrEqual(MIN_LOOKALIKE_SHARE[split]);
  });

  it("has unique ids and no message in both splits", () => {
    expect(new Set(corpus.map((m) => m.id)).size).toBe(corpus.length);
  });

  it("decodes every charset and transfer encoding back to the source text in workerd", () => {
    const garbled = prepared
      .filter(({ mail, parsedText, parsedHtml }) => {
        const same = (parsed: string | null, source: string | undefined): boolean =>
          source === undefined ? parsed === null : (parsed ?? "").replace(/\r\n/g, "\n").trim() === source.trim();
        return !same(parsedText, mail.text) || !same(parsedHtml, mail.html);
      })
      .map(({ mail }) => `${mail.id} (${mail.charset}, ${mail.transferEncoding})`);
    expect(garbled).toEqual([]);
  });
});

describe("recognizeByRules over the corpus", () => {
  it("is exact on every tuning message", () => {
    const tuning = outcomes.filter((o) => o.mail.split === "tuning");
    const misses = tuning
      .filter((o) => !o.exact)
      .map((o) => `${o.mail.id}: expected ${JSON.stringify(o.mail.expect)}, got ${JSON.stringify(o.got)}`);
    if (misses.length > 0) console.log(`tuning misses:\n${misses.join("\n")}`);
    expect(score(tuning).exact / tuning.length).toBeGreaterThanOrEqual(BARS.tuning);
  });

  it.each(HELD_OUT_SPLITS)("is exact on enough of the %s messages, with few look-alike false positives", (split) => {
    const heldOut = score(outcomes.filter((o) => o.mail.split === split));
    expect(heldOut.exact / heldOut.messages).toBeGreaterThanOrEqual(BARS[split]);
    expect(heldOut.lookalikeFalsePositives / heldOut.lookalikes).toBeLessThanOrEqual(MAX_LOOKALIKE_FALSE_POSITIVES[split]);
  });
});
