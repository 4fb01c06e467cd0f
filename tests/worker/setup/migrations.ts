import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";

// Every test file gets its own storage; give it the schema the migrations describe.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
