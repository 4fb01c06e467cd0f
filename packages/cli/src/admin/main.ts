import { isEnvironment } from "../doctor/types.ts";
import { parseCommandLine, runMain, UsageError } from "../lib/cli.ts";
import type { D1Target } from "../lib/d1.ts";
import { nodeProcess as process } from "../lib/node-process.ts";
import { createAdmin, createInvite, setRole } from "./commands.ts";

const usage = `Usage: npm run admin -- <command> [options] [--env local|staging|production] [--config wrangler.deploy.toml]

Commands:
  create-admin --email E --password P [--name N]   create an administrator (a fresh install has none)
  create-invite [--count N] [--max-uses N] [--expires-days N] [--role user|admin] [--json]
                                                   print new invite codes, one per line
  set-role --email E --role admin|user             change a user's role

Local by default (wrangler's local D1, or --persist-to DIR / MAILROOM_STATE_DIR).`;

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandLine(
    {
      args: argv,
      allowPositionals: true,
      options: {
        env: { type: "string", default: "local" },
        config: { type: "string" },
        "persist-to": { type: "string" },
        email: { type: "string" },
        password: { type: "string" },
        name: { type: "string" },
        role: { type: "string" },
        count: { type: "string" },
        "max-uses": { type: "string" },
        "expires-days": { type: "string" },
        json: { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
    },
    usage,
  );
  const [command] = positionals;
  if (values.help || !command) {
    console.log(usage);
    return values.help ? 0 : 2;
  }
  if (!isEnvironment(values.env)) throw new UsageError("--env must be local, staging or production");
  const target: D1Target = {
    env: values.env,
    config: values.config,
    persistTo: values["persist-to"],
  };
  switch (command) {
    case "create-admin":
      console.log(await createAdmin(target, values));
      return 0;
    case "create-invite": {
      const codes = await createInvite(target, { count: values.count, maxUses: values["max-uses"], expiresDays: values["expires-days"], role: values.role });
      console.log(values.json ? JSON.stringify(codes) : codes.join("\n"));
      return 0;
    }
    case "set-role":
      console.log(setRole(target, values));
      return 0;
    default:
      throw new UsageError(`Unknown command "${command}".\n\n${usage}`);
  }
}

runMain(() => main(process.argv.slice(2)));
