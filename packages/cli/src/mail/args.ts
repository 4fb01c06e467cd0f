import { z } from "zod";
import { parseCommandLine, UsageError } from "../lib/cli.ts";
import { nodeProcess as process } from "../lib/node-process.ts";

// `npm run dev` serves the worker here (MAILROOM_WORKER_PORT moves it).
const localWorker = `http://127.0.0.1:${process.env.MAILROOM_WORKER_PORT ?? "8787"}`;

export const usage = `Usage: npm run mail -- --to box@domain --from a@b.example|"Name <a@b.example>" (--file message.eml | --subject S --text T [--html H]) [--url ${localWorker}]

Sends one message to the local worker's email() handler through wrangler's email endpoint.
Without --file, a proper message (Date, Message-ID, MIME) is built from --subject/--text/--html.`;

const addressPattern = /^[^\s@<>]+@[^\s@<>]+$/;
const address = z.string().trim().regex(addressPattern, { error: "must be an e-mail address like box@example.com" });

/** A sender as mail programs write it: `a@b.example` or `Name <a@b.example>`. */
const sender = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const named = /^(.*?)\s*<([^<>]+)>$/.exec(value);
    const found = named ? { name: (named[1] ?? "").replace(/^"(.*)"$/, "$1").trim(), address: (named[2] ?? "").trim() } : { name: "", address: value };
    if (!addressPattern.test(found.address)) {
      ctx.addIssue({ code: "custom", message: 'must be an e-mail address like a@b.example, or "Name <a@b.example>"' });
      return z.NEVER;
    }
    return found;
  });

const argsSchema = z
  .object({
    to: address,
    from: sender,
    url: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).default(localWorker),
    file: z.string().min(1).optional(),
    subject: z.string().optional(),
    text: z.string().optional(),
    html: z.string().optional(),
  })
  .superRefine((a, ctx) => {
    if (a.file !== undefined && (a.subject !== undefined || a.text !== undefined || a.html !== undefined)) {
      ctx.addIssue({ code: "custom", path: ["file"], message: "cannot be combined with --subject, --text or --html" });
    }
    if (a.file === undefined && (a.subject === undefined || a.text === undefined)) {
      ctx.addIssue({ code: "custom", path: ["subject"], message: "--subject and --text are required without --file" });
    }
  });

export type MailArgs = z.output<typeof argsSchema>;

/** Parses and checks the command line; `null` means help was asked for. */
export function parseMailArgs(argv: string[]): MailArgs | null {
  const { values } = parseCommandLine(
    {
      args: argv,
      options: {
        to: { type: "string" },
        from: { type: "string" },
        url: { type: "string" },
        file: { type: "string" },
        subject: { type: "string" },
        text: { type: "string" },
        html: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    },
    usage,
  );
  if (values.help === true) return null;
  const parsed = argsSchema.safeParse(values);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => (i.path.length > 0 ? `--${i.path.join(".")} ${i.message}` : i.message));
    throw new UsageError(`${problems.join("\n")}\n\n${usage}`);
  }
  return parsed.data;
}
