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

/** A sender as people read it: `Name <address>`, the address alone, or the name alone. */
export function formatSender(name: string | null, address: string | null): string {
  if (name && address) return `${name} <${address}>`;
  return name ?? address ?? "unknown sender";
}

/** A recognition result as one message line: the code as `<code>`, a link as a link. */
export function recognitionLine(kind: string, value: string | null): string | null {
  if (!value) return null;
  if (kind === "code") return `Code: <code>${userText(value, 100)}</code>`;
  if (kind === "link") {
    // A long link is shown cut but never linked cut: a shortened href would lead somewhere else.
    return /^https?:\/\//i.test(value) && value.length <= 2000
      ? `Link: <a href="${escapeHtml(value)}">${userText(value, 200)}</a>`
      : `Link: ${userText(value, 200)}`;
  }
  return null;
}
