import type { BotT } from "./texts/index.ts";

/** Telegram's limit on one message's text. */
const maxMessageChars = 4096;

/** Escapes text for Telegram's HTML parse mode (and for attribute values). */
function escapeHtml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** Shortens user-supplied text to `max` characters (by code point) before it is escaped. */
function clip(value: string, max: number): string {
  const chars = Array.from(value.replace(/\s+/g, " ").trim());
  return chars.length <= max ? chars.join("") : `${chars.slice(0, max - 1).join("")}…`;
}

/** `clip` then `escapeHtml`: how every user-supplied string enters a message. */
export function userText(value: string, max: number): string {
  return escapeHtml(clip(value, max));
}

/**
 * Joins lines into one message within Telegram's limit. Lines are never cut (a cut could split
 * an HTML tag); lines that do not fit are dropped and a final line says so. The limit applies to
 * the HTML source, which is never shorter than the text Telegram counts.
 */
export function fitMessage(lines: readonly string[]): string {
  const more = "…";
  const kept: string[] = [];
  let length = 0;
  for (const [index, line] of lines.entries()) {
    const added = (kept.length ? 1 : 0) + line.length;
    const reserve = index < lines.length - 1 ? more.length + 1 : 0;
    if (length + added + reserve > maxMessageChars) {
      kept.push(more);
      break;
    }
    kept.push(line);
    length += added;
  }
  return kept.join("\n");
}

/** A sender as people read it, escaped: `Name <address>`, the address alone, or the name alone. */
export function senderText(t: BotT, name: string | null, address: string | null, max = 200): string {
  if (name && address) return userText(`${name} <${address}>`, max);
  const one = name ?? address;
  return one ? userText(one, max) : t("unknownSender");
}

/** A subject line: the subject escaped, or "(no subject)" in the chat's language. */
export function subjectLine(t: BotT, subject: string | null, max = 300): string {
  return t("subject", { subject: subject ? userText(subject, max) : t("noSubject") });
}

/** A recognition result as one message line: the code as `<code>`, a link as a link. */
export function recognitionLine(t: BotT, kind: string, value: string | null): string | null {
  if (!value) return null;
  if (kind === "code") return t("code", { code: `<code>${userText(value, 100)}</code>` });
  if (kind === "link") {
    // A long link is shown cut but never linked cut: a shortened href would lead somewhere else.
    const shown = userText(value, 200);
    return t("link", { link: /^https?:\/\//i.test(value) && value.length <= 2000 ? `<a href="${escapeHtml(value)}">${shown}</a>` : shown });
  }
  return null;
}
