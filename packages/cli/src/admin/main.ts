import { AppError, systemClock } from "@mailroom/api/cli";
import { isEnvironment } from "../doctor/types.ts";
import { parseCommandLine, runMain, UsageError } from "../lib/cli.ts";
import { openDatabase, type DatabaseTarget } from "../lib/database.ts";
import { nodeProcess as process } from "../lib/node-process.ts";
import { readPassword } from "../lib/password-prompt.ts";
import { createAdmin, createInvite, setRole, type AdminContext } from "./commands.ts";

const passwordVariable = "MAILROOM_ADMIN_PASSWORD";

const usage = `Usage: npm run admin -- <command> [options] [--env local|staging|production] [--config wrangler.deploy.toml]

Commands:
  create-admin --email E [--name N]                create an administrator (a fresh install has none);
                                                   the password is asked for, or read from ${passwordVariable}
                                                   or from the first line of stdin, never from the command line
  create-invite [--count N] [--max-uses N] [--expires-days N] [--role user|admin] [--json]
                                                   print new invite codes, one per line
  set-role --email E --role admin|user             change a user's role

Local by default (wrangler's local D1, or --persist-to DIR / MAILROOM_STATE_DIR); local migrations
are applied first. Remote environments use wrangler's remote bindings and need CLOUDFLARE_API_TOKEN.`;

async function run(command: string, ctx: AdminContext, values: Record<string, string | boolean | undefined>): Promise<string> {
  const text = (name: string) => (typeof values[name] === "string" ? values[name] : undefined);
  switch (command) {
    case "create-admin":
      return createAdmin(ctx, { email: text("email"), name: text("name"), password: await readPassword(passwordVariable) });
    case "create-invite": {
      const codes = await createInvite(ctx, { count: text("count"), maxUses: text("max-uses"), expiresDays: text("expires-days"), role: text("role") });
      return values.json === true ? JSON.stringify(codes) : codes.join("\n");
    }
    case "set-role":
      return setRole(ctx, { email: text("email"), role: text("role") });
    default:
      throw new UsageError(`Unknown command "${command}".\n\n${usage}`);
  }
}

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
  if (!["create-admin", "create-invite", "set-role"].includes(command)) throw new UsageError(`Unknown command "${command}".\n\n${usage}`);
  if (!isEnvironment(values.env)) throw new UsageError("--env must be local, staging or production");
  const target: DatabaseTarget = { env: values.env, config: values.config, persistTo: values["persist-to"] };
  const database = await openDatabase(target);
  try {
    console.log(await run(command, { db: database.db, clock: systemClock }, values));
    return 0;
  } catch (error) {
    // A refusal of what was asked (a taken e-mail, an unknown user) is the caller's to fix.
    if (error instanceof AppError && error.status < 500) throw new UsageError(error.message);
    throw error;
  } finally {
    await database.close();
  }
}

runMain(() => main(process.argv.slice(2)));
