import { defineConfig } from "vitest/config";

// Tests of what runs in Node: the operator CLIs, the config doctor, the deployment workflow.
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ["**/*.test.ts"],
    environment: "node",
  },
});
