import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ["**/*.test.ts"],
    environment: "node",
    globalSetup: ["./setup.ts"],
    // Pages compile on first visit under `next dev`; the first test of each page waits for it.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
