import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** The seed of every property and fuzz test in this run (`inject("fuzzSeed")`). */
    fuzzSeed: number;
  }
}

/**
 * One seed per run for the property and fuzz tests, printed so a failure can be replayed:
 * `FUZZ_SEED=<seed> npx vitest run --config worker/vitest.config.ts <file>` (from tests/).
 */
export default function setup(project: TestProject) {
  // The platform's types declare `process` as `any`; this file runs in Node.
  const fromEnv = (process as NodeJS.Process).env.FUZZ_SEED;
  const seed = fromEnv ? Number(fromEnv) : Math.floor(Math.random() * 2_147_483_647);
  if (!Number.isSafeInteger(seed)) throw new Error(`FUZZ_SEED must be an integer, not ${fromEnv ?? ""}`);
  console.log(`property and fuzz tests: seed ${seed} (replay: FUZZ_SEED=${seed})`);
  project.provide("fuzzSeed", seed);
}
