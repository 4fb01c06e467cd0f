import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { repoRoot } from "../../packages/cli/src/lib/wrangler.ts";

interface Step {
  id?: string;
  name?: string;
  if?: string;
  run?: string;
  uses?: string;
  env?: Record<string, string>;
}
interface Job {
  if?: string;
  uses?: string;
  with?: Record<string, unknown>;
  secrets?: unknown;
  environment?: string;
  steps?: Step[];
}
interface Workflow {
  on: Record<string, unknown>;
  jobs: Record<string, Job>;
}

const dir = join(repoRoot, ".github/workflows");
const text = (file: string) => readFileSync(join(dir, file), "utf8");
const load = (file: string) => parse(text(file)) as Workflow;
const specSecrets = [
  "PLATFORM_API_TOKEN",
  "PLATFORM_ACCOUNT_ID",
  "PLATFORM_PAGES_PROJECT_NAME",
  "PLATFORM_D1_DATABASE_ID",
  "PLATFORM_KV_NAMESPACE_ID",
  "PLATFORM_KV_PREVIEW_NAMESPACE_ID",
  "VITE_API_BASE_URL",
];
const reusable = "./.github/workflows/deploy-environment.yml";

function procedure(): Step[] {
  const jobs = Object.values(load("deploy-environment.yml").jobs);
  expect(jobs).toHaveLength(1);
  return jobs[0]?.steps ?? [];
}

/** The ids of the steps that run, given the `migrate` input (the only condition in the procedure). */
function runningSteps(migrate: boolean): string[] {
  return procedure()
    .filter((s) => s.if === undefined || (s.if === "${{ inputs.migrate }}" ? migrate : false))
    .map((s) => s.id ?? s.name ?? "");
}

function before(steps: Step[], first: string, second: string) {
  const a = steps.findIndex((s) => s.id === first);
  const b = steps.findIndex((s) => s.id === second);
  expect(a, first).toBeGreaterThanOrEqual(0);
  expect(b, second).toBeGreaterThanOrEqual(0);
  expect(a, `${first} before ${second}`).toBeLessThan(b);
}

describe("workflow files", () => {
  it("are valid YAML with jobs", () => {
    const files = readdirSync(dir).filter((f) => f.endsWith(".yml"));
    expect(files.sort()).toEqual(["deploy-environment.yml", "deploy.yml", "rollback.yml"]);
    for (const file of files) expect(Object.keys(load(file).jobs).length, file).toBeGreaterThan(0);
  });

  it("use only the source spec's secret names, and all of them", () => {
    const used = new Set<string>();
    for (const file of readdirSync(dir)) {
      for (const match of text(file).matchAll(/secrets\.([A-Za-z_][A-Za-z0-9_]*)/g)) if (match[1]) used.add(match[1]);
    }
    expect([...used].filter((name) => !specSecrets.includes(name))).toEqual([]);
    expect([...used].sort()).toEqual([...specSecrets].sort());
  });

  it("takes the health URL from the environment variable HEALTH_URL", () => {
    const health = procedure().find((s) => s.id === "health");
    expect(health?.env?.HEALTH_URL).toBe("${{ vars.HEALTH_URL }}");
  });
});

describe("deploy.yml", () => {
  const workflow = load("deploy.yml");

  it("deploys staging on pushes to main and production on v* tags or by hand", () => {
    const push = workflow.on.push as { branches: string[]; tags: string[] };
    expect(push.branches).toEqual(["main"]);
    expect(push.tags).toEqual(["v*"]);
    expect(workflow.on).toHaveProperty("workflow_dispatch");
    expect(workflow.jobs.staging?.if).toContain("github.ref == 'refs/heads/main'");
    expect(workflow.jobs.production?.if).toContain("startsWith(github.ref, 'refs/tags/v')");
    expect(workflow.jobs.production?.if).toContain("workflow_dispatch");
    expect(workflow.jobs.staging?.if).not.toContain("refs/tags");
  });

  it("runs the full procedure, migrations included, for both staging and production", () => {
    for (const env of ["staging", "production"]) {
      const job = workflow.jobs[env];
      expect(job?.uses, env).toBe(reusable);
      expect(job?.with, env).toEqual({ environment: env, ref: "${{ github.sha }}", migrate: true });
      expect(job?.secrets, env).toBe("inherit");
    }
  });
});

describe("the deployment procedure", () => {
  const steps = procedure();
  const run = (id: string) => steps.find((s) => s.id === id)?.run ?? "";

  it("runs in the named GitHub environment", () => {
    const job = Object.values(load("deploy-environment.yml").jobs)[0];
    expect(job?.environment).toBe("${{ inputs.environment }}");
  });

  it("lists the steps in the required order, health check last", () => {
    before(steps, "test", "inject-ids");
    before(steps, "test", "deploy-worker");
    before(steps, "inject-ids", "doctor");
    before(steps, "inject-ids", "migrate");
    before(steps, "doctor", "migrate");
    before(steps, "migrate", "deploy-worker");
    before(steps, "deploy-worker", "build-web");
    before(steps, "build-web", "deploy-pages");
    before(steps, "deploy-worker", "deploy-pages");
    expect(steps.at(-1)?.id).toBe("health");
    expect(runningSteps(true).slice(2)).toEqual(["test", "inject-ids", "doctor", "migrate", "deploy-worker", "build-web", "deploy-pages", "health"]);
  });

  it("runs the required commands", () => {
    expect(run("test")).toBe("npm ci && npm test");
    expect(run("inject-ids")).toContain("> wrangler.deploy.toml");
    expect(run("doctor")).toContain('npm run doctor -- --env "$DEPLOY_ENV" --config wrangler.deploy.toml');
    expect(run("doctor")).not.toContain("--allow-placeholders");
    expect(run("migrate")).toContain('wrangler d1 migrations apply DB --remote --env "$DEPLOY_ENV"');
    expect(run("deploy-worker")).toContain('wrangler deploy --env "$DEPLOY_ENV" --config wrangler.deploy.toml');
    expect(run("build-web")).toContain("npm run build:web");
    expect(run("deploy-pages")).toContain('wrangler pages deploy apps/web/.vercel/output/static --project-name "$PAGES_PROJECT"');
    expect(run("health")).toContain("health.ok !== true || health.environment !== env");
  });

  it("only gives platform credentials to the steps that call the platform", () => {
    for (const step of steps) {
      const credentials = JSON.stringify(step.env ?? {}).includes("PLATFORM_API_TOKEN");
      expect(credentials, step.id).toBe(["migrate", "deploy-worker", "deploy-pages"].includes(step.id ?? ""));
    }
  });
});

describe("rollback", () => {
  const workflow = load("rollback.yml");

  it("redeploys a given ref through the same procedure without migrations", () => {
    const jobs = Object.values(workflow.jobs);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]?.uses).toBe(reusable);
    expect(jobs[0]?.with).toEqual({ environment: "${{ inputs.environment }}", ref: "${{ inputs.ref }}", migrate: false });
    const inputs = (workflow.on.workflow_dispatch as { inputs: Record<string, { required?: boolean }> }).inputs;
    expect(inputs.ref?.required).toBe(true);
  });

  it("runs no migration and deletes nothing", () => {
    const steps = runningSteps(false);
    expect(steps).not.toContain("migrate");
    expect(steps.slice(2)).toEqual(["test", "inject-ids", "doctor", "deploy-worker", "build-web", "deploy-pages", "health"]);
    const migrationSteps = procedure().filter((s) => (s.run ?? "").includes("migrations"));
    expect(migrationSteps.map((s) => [s.id, s.if])).toEqual([["migrate", "${{ inputs.migrate }}"]]);
    const all = readdirSync(dir).map(text).join("\n");
    expect(all).not.toMatch(/d1 execute|\bdelete\b|wrangler (kv|r2) .*(delete|rm)/i);
  });
});
