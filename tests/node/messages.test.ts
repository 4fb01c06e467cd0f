import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { locales } from "../../packages/api/src/shared/locales.ts";
import { catalog, flatten, localeIndex, namespaceFiles } from "../support/message-catalog.ts";

const translations = locales.filter((l) => l !== "en");

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

/** The forms (categories or `=n`) each plural argument of a message offers. */
function pluralFormsPerArgument(message: string): string[][] {
  const all: string[][] = [];
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type === TYPE.plural) {
        all.push(Object.keys(element.options));
        for (const option of Object.values(element.options)) walk(option.value);
      } else if (element.type === TYPE.select) for (const option of Object.values(element.options)) walk(option.value);
      else if (element.type === TYPE.tag) walk(element.children);
    }
  };
  walk(parse(message));
  return all;
}

describe("web translations", () => {
  const en = catalog("en");

  it("have the same namespace files in every locale, each listed once in its locale's index", () => {
    for (const locale of translations) expect(namespaceFiles(locale), locale).toEqual(namespaceFiles("en"));
    for (const locale of locales) {
      const index = localeIndex(locale);
      const imported = [...index.matchAll(/^import (\w+) from "\.\/([\w-]+)\.json";$/gm)].map((m) => m[2] ?? "").sort();
      expect(imported, `${locale}/index.ts imports`).toEqual(namespaceFiles(locale));
    }
  });

  it.each(translations)("give %s exactly the keys of en", (locale) => {
    const other = catalog(locale);
    const missing = [...en.keys()].filter((k) => !other.has(k));
    const extra = [...other.keys()].filter((k) => !en.has(k));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it.each(translations)("give %s the ICU placeholders of en, plural forms its grammar has, and every message parses", (locale) => {
    const other = catalog(locale);
    const rules = new Intl.PluralRules(locale);
    const categories = new Set<string>(rules.resolvedOptions().pluralCategories);
    // A form the language uses for counts a screen shows (below 1,000) must be written; French "many" (a million) need not.
    const needed = new Set(Array.from({ length: 1000 }, (_, n) => rules.select(n)));
    const mismatched: string[] = [];
    for (const [key, english] of en) {
      const translated = other.get(key);
      if (translated === undefined) continue;
      const want = placeholders(english);
      const got = placeholders(translated);
      if (JSON.stringify(want) !== JSON.stringify(got)) mismatched.push(`${key}: en ${want.join(",") || "(none)"} / ${locale} ${got.join(",") || "(none)"}`);
      for (const forms of pluralFormsPerArgument(translated)) {
        const unknown = forms.filter((form) => !form.startsWith("=") && !categories.has(form));
        const missing = [...needed].filter((form) => !forms.includes(form));
        if (unknown.length > 0 || missing.length > 0) mismatched.push(`${key}: ${locale} plural forms ${forms.join(",")} (not in ${locale}: ${unknown.join(",") || "-"}; missing: ${missing.join(",") || "-"})`);
      }
    }
    expect(mismatched).toEqual([]);
  });

  it.each(translations)("leave no %s message an untouched copy of the English one", (locale) => {
    const other = catalog(locale);
    // Words that stay English in every language: the product, protocols, and formats.
    const same = [...en].filter(([key, english]) => other.get(key) === english && /[a-z]{4,}/i.test(english.replace(/\{[^}]*\}|<[^>]*>|Mailroom|Telegram|Webhooks?|Resend|OAuth|GitHub|API|URL|HTTPS?|JSON|MCP|D1|R2|KV|SPF|DKIM|DMARC|HMAC|SHA-256|Bearer|Markdown|HTML|ISO|UTC|CLI|Cloudflare/g, "")));
    expect(same.map(([key]) => key).length, same.map(([key]) => key).join(", ")).toBeLessThanOrEqual(Math.ceil(en.size * 0.03));
  });

  it("catch a missing key and a changed placeholder (the checks above are not vacuous)", () => {
    expect(placeholders("Hello {name}, <b>{count, plural, one {# mail} other {# mails}}</b>")).toEqual(["<b>", "count", "name"]);
    expect(placeholders("你好 {name}，{count} 封")).not.toEqual(placeholders("Hello {name}, {total} mails"));
    expect(placeholders("{kind, select, code {Code} other {Link}}")).not.toEqual(placeholders("{kind, select, code {验证码} link {链接} other {}}"));
    expect(flatten({ a: { b: "x" } }, "ns")).toEqual(new Map([["ns.a.b", "x"]]));
  });
});
