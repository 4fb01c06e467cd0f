import { defineConfig } from "vitest/config";

// `npm run screenshots`: the README's pictures, taken from the real dev stack the browser tests
// start (same global setup). A docs tool, so not part of `npm test` (its file is no `*.test.ts`).
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ["screenshots.ts"],
    environment: "node",
    globalSetup: ["./setup.ts"],
    testTimeout: 600_000,
    hookTimeout: 180_000,
  },
});
