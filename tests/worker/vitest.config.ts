import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

const root = path.resolve(import.meta.dirname, "../..");

export default defineConfig({
  plugins: [
    cloudflareTest(async () => ({
      main: path.join(root, "apps/worker/src/index.ts"),
      wrangler: { configPath: path.join(root, "wrangler.toml") },
      miniflare: {
        bindings: { TEST_MIGRATIONS: await readD1Migrations(path.join(root, "migrations")) },
      },
    })),
  ],
  test: {
    root: import.meta.dirname,
    include: ["**/*.test.ts"],
    setupFiles: ["./setup/migrations.ts"],
    globalSetup: ["./setup/fakes.ts", "./setup/seed.ts"],
  },
});
