// Micro benchmark of rule-based recognition over the labelled corpus:
// `node packages/cli/src/bench/recognition.ts [iterations]`.
import { performance } from "node:perf_hooks";
import { recognizeByRules } from "../../../api/src/mail/recognition/index.ts";
import { corpus } from "../../../../tests/fixtures/recognition/corpus.ts";
import { nodeProcess as process } from "../lib/node-process.ts";
import { percentile } from "./percentile.ts";

const WARMUP_ROUNDS = 20;
const DEFAULT_ROUNDS = 200;

function rounds(): number {
  const value = Number.parseInt(process.argv[2] ?? "", 10);
  return Number.isInteger(value) && value > 0 ? value : DEFAULT_ROUNDS;
}

function main(): void {
  const total = rounds();
  for (let round = 0; round < WARMUP_ROUNDS; round++) for (const message of corpus) recognizeByRules(message);

  const samples: number[] = [];
  let sink = 0;
  for (let round = 0; round < total; round++) {
    for (const message of corpus) {
      const started = performance.now();
      const result = recognizeByRules(message);
      samples.push((performance.now() - started) * 1_000);
      if (result !== null) sink += 1;
    }
  }
  samples.sort((a, b) => a - b);
  const mean = samples.reduce((sum, us) => sum + us, 0) / samples.length;
  const bytes = corpus.reduce((sum, m) => sum + (m.subject?.length ?? 0) + (m.text?.length ?? 0) + (m.html?.length ?? 0), 0);
  console.log(`recognizeByRules: ${corpus.length} messages (${Math.round(bytes / corpus.length)} chars on average) x ${total} rounds`);
  console.log(`  mean ${mean.toFixed(1)} µs   p50 ${percentile(samples, 50).toFixed(1)} µs   p95 ${percentile(samples, 95).toFixed(1)} µs   max ${percentile(samples, 100).toFixed(1)} µs`);
  console.log(`  ${Math.round(1_000_000 / mean)} messages/second (${sink / total} recognized per round)`);
}

main();
