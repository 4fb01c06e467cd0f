import { defineConfig } from "vitest/config";

// Tests of what runs in Node: the operator CLIs, the config doctor, the deployment workflow.
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ["**/*.test.ts"],
    environment: "node",
    // These tests spawn the real CLIs (node, wrangler, workerd); on 2 busy cores one spawn can take
    // several seconds, so the default 5 s would fail a correct run.
    testTimeout: 30_000,
  },
});
