// Recognition over the labelled corpus, as intake sees it: each message is built as raw MIME in
// its charset and transfer encoding, parsed by intake's parser, then read by the rules.
// Prints per split and per language: messages, exact %, code and link precision/recall,
// look-alike false positives; then the time of recognizeByRules alone per message.
// `node packages/cli/src/bench/recognition.ts [rounds]`.
import { performance } from "node:perf_hooks";
import { recognizeByRules } from "../../../api/src/services/recognition/index.ts";
import { corpus, SPLITS } from "../../../../tests/fixtures/recognition/corpus.ts";
import { isExact, prepareCorpus, report } from "../../../../tests/fixtures/recognition/measure.ts";
import { nodeProcess as process } from "../lib/node-process.ts";
import { percentile } from "./percentile.ts";

const WARMUP_ROUNDS = 20;
const DEFAULT_ROUNDS = 100;

function rounds(): number {
  const value = Number.parseInt(process.argv[2] ?? "", 10);
  return Number.isInteger(value) && value > 0 ? value : DEFAULT_ROUNDS;
}

function timing(label: string, samples: number[]): string {
  samples.sort((a, b) => a - b);
  const mean = samples.reduce((sum, us) => sum + us, 0) / samples.length;
  return `${label.padEnd(10)} mean ${mean.toFixed(1)} µs   p50 ${percentile(samples, 50).toFixed(1)} µs   p95 ${percentile(samples, 95).toFixed(1)} µs   max ${percentile(samples, 100).toFixed(1)} µs`;
}

async function main(): Promise<void> {
  const prepared = await prepareCorpus(corpus);
  const outcomes = prepared.map(({ mail, input }) => {
    const got = recognizeByRules(input);
    return { mail, got, exact: isExact(mail, got) };
  });
  console.log("recognition accuracy (exact = kind and value as CONTRACT §8 defines them)");
  for (const line of SPLITS.flatMap((split) => report(split, outcomes))) console.log(line);

  const total = rounds();
  for (let round = 0; round < WARMUP_ROUNDS; round++) for (const { input } of prepared) recognizeByRules(input);
  const all: number[] = [];
  const bySplit: Record<string, number[]> = Object.fromEntries(SPLITS.map((split) => [split, []]));
  for (let round = 0; round < total; round++) {
    for (const { mail, input } of prepared) {
      const started = performance.now();
      recognizeByRules(input);
      const us = (performance.now() - started) * 1_000;
      all.push(us);
      bySplit[mail.split]?.push(us);
    }
  }
  const chars = prepared.reduce((sum, { input }) => sum + (input.subject?.length ?? 0) + (input.text?.length ?? 0) + (input.html?.length ?? 0), 0);
  console.log(`recognizeByRules time per message: ${prepared.length} messages (${Math.round(chars / prepared.length)} chars on average) x ${total} rounds`);
  console.log(timing("all", all));
  for (const [split, samples] of Object.entries(bySplit)) console.log(timing(split, samples));
}

await main();
