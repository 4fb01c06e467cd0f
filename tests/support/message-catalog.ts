import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

// The web app's translations as flat maps, for the tests that compare languages.
const messagesDir = path.resolve(import.meta.dirname, "../../apps/web/messages");

type Tree = { [key: string]: string | Tree };

export function namespaceFiles(locale: string): string[] {
  return readdirSync(path.join(messagesDir, locale))
    .filter((f) => f.endsWith(".json"))
    .map((f) => f.slice(0, -".json".length))
    .sort();
}

export function localeIndex(locale: string): string {
  return readFileSync(path.join(messagesDir, locale, "index.ts"), "utf8");
}

/** Every message as `namespace.key.path` → text; anything but nested objects of strings is an error. */
export function flatten(tree: Tree, prefix: string, into = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const id = `${prefix}.${key}`;
    if (typeof value === "string") into.set(id, value);
    else if (typeof value === "object" && !Array.isArray(value)) flatten(value, id, into);
    else throw new Error(`${id} is neither a message nor a group of messages`);
  }
  return into;
}

/** One language's messages, `namespace.key.path` → ICU text. */
export function catalog(locale: string): Map<string, string> {
  const all = new Map<string, string>();
  for (const namespace of namespaceFiles(locale)) flatten(JSON.parse(readFileSync(path.join(messagesDir, locale, `${namespace}.json`), "utf8")) as Tree, namespace, all);
  return all;
}
