import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";

// The web app's translations: English defines the keys, Simplified Chinese must match them.
const messagesDir = path.resolve(import.meta.dirname, "../../apps/web/messages");
const locales = ["en", "zh-CN"] as const;

type Tree = { [key: string]: string | Tree };

function namespaceFiles(locale: string): string[] {
  return readdirSync(path.join(messagesDir, locale))
    .filter((f) => f.endsWith(".json"))
    .map((f) => f.slice(0, -".json".length))
    .sort();
}

function readNamespace(locale: string, namespace: string): Tree {
  return JSON.parse(readFileSync(path.join(messagesDir, locale, `${namespace}.json`), "utf8")) as Tree;
}

/** Every message as `namespace.key.path` → text; anything but nested objects of strings is an error. */
function flatten(tree: Tree, prefix: string, into = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const id = `${prefix}.${key}`;
    if (typeof value === "string") into.set(id, value);
    else if (typeof value === "object" && !Array.isArray(value)) flatten(value, id, into);
    else throw new Error(`${id} is neither a message nor a group of messages`);
  }
  return into;
}

function catalog(locale: string): Map<string, string> {
  const all = new Map<string, string>();
  for (const namespace of namespaceFiles(locale)) flatten(readNamespace(locale, namespace), namespace, all);
  return all;
}

/**
 * What a message needs from the code: its arguments (with their number/date/select formats) and
 * rich-text tags. Plural is grammar, not an argument kind (Chinese has no plural forms), so a
 * plural argument counts as a plain one.
 */
function placeholders(message: string): string[] {
  const found = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      switch (element.type) {
        case TYPE.argument:
          found.add(element.value);
          break;
        case TYPE.number:
          found.add(`${element.value}:number`);
          break;
        case TYPE.date:
        case TYPE.time:
          found.add(`${element.value}:datetime`);
          break;
        case TYPE.plural:
          found.add(element.value);
          for (const option of Object.values(element.options)) walk(option.value);
          break;
        case TYPE.select:
          found.add(`${element.value}:select(${Object.keys(element.options).sort().join("|")})`);
          for (const option of Object.values(element.options)) walk(option.value);
          break;
        case TYPE.tag:
          found.add(`<${element.value}>`);
          walk(element.children);
          break;
        default:
          break;
      }
    }
  };
  walk(parse(message));
  return [...found].sort();
}

describe("web translations", () => {
  const en = catalog("en");
  const zh = catalog("zh-CN");

  it("have the same namespace files in every locale, each listed once in its locale's index", () => {
    expect(namespaceFiles("zh-CN")).toEqual(namespaceFiles("en"));
    for (const locale of locales) {
      const index = readFileSync(path.join(messagesDir, locale, "index.ts"), "utf8");
      const imported = [...index.matchAll(/^import (\w+) from "\.\/([\w-]+)\.json";$/gm)].map((m) => m[2] ?? "").sort();
      expect(imported, `${locale}/index.ts imports`).toEqual(namespaceFiles(locale));
    }
  });

  it("give zh-CN exactly the keys of en", () => {
    const missing = [...en.keys()].filter((k) => !zh.has(k));
    const extra = [...zh.keys()].filter((k) => !en.has(k));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it("use the same ICU placeholders in both languages, and every message parses", () => {
    const mismatched: string[] = [];
    for (const [key, english] of en) {
      const chinese = zh.get(key);
      if (chinese === undefined) continue;
      const want = placeholders(english);
      const got = placeholders(chinese);
      if (JSON.stringify(want) !== JSON.stringify(got)) mismatched.push(`${key}: en ${want.join(",") || "(none)"} / zh-CN ${got.join(",") || "(none)"}`);
    }
    expect(mismatched).toEqual([]);
  });

  it("catch a missing key and a changed placeholder (the checks above are not vacuous)", () => {
    expect(placeholders("Hello {name}, <b>{count, plural, one {# mail} other {# mails}}</b>")).toEqual(["<b>", "count", "name"]);
    expect(placeholders("你好 {name}，{count} 封")).not.toEqual(placeholders("Hello {name}, {total} mails"));
    expect(placeholders("{kind, select, code {Code} other {Link}}")).not.toEqual(placeholders("{kind, select, code {验证码} link {链接} other {}}"));
    expect(flatten({ a: { b: "x" } }, "ns")).toEqual(new Map([["ns.a.b", "x"]]));
  });
});
