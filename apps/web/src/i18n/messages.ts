import type { Messages } from "next-intl";
import type { Locale } from "./locales";

// Server-only: each locale's messages are imported when a page of that locale is rendered, so
// the browser gets only what a page passes to its client provider.
const catalogs: Record<Locale, () => Promise<{ default: Messages }>> = {
  en: () => import("../../messages/en"),
  "zh-CN": () => import("../../messages/zh-CN"),
  "zh-TW": () => import("../../messages/zh-TW"),
  ja: () => import("../../messages/ja"),
  ko: () => import("../../messages/ko"),
  es: () => import("../../messages/es"),
  fr: () => import("../../messages/fr"),
  de: () => import("../../messages/de"),
  "pt-BR": () => import("../../messages/pt-BR"),
  ru: () => import("../../messages/ru"),
};

export async function loadMessages(locale: Locale): Promise<Messages> {
  return (await catalogs[locale]()).default;
}

export type Namespace = keyof Messages;

/** The namespaces every client component may use (shared words and error texts). */
export const baseNamespaces = ["common", "errors"] as const satisfies Namespace[];

export function pickNamespaces(messages: Messages, namespaces: readonly Namespace[]): Partial<Messages> {
  return Object.fromEntries(namespaces.map((ns) => [ns, messages[ns]]));
}
