// Guards the AI answer against hallucination: a value counts only if the message contains it.
import type { PreparedMail } from "./prepare.ts";

const SEPARATORS = /[\s\-–]/g;

export function codeOccurs(mail: PreparedMail, code: string): boolean {
  const wanted = code.replace(SEPARATORS, "");
  if (wanted.length === 0) return false;
  return [mail.subject, mail.text, mail.htmlText].some((part) => part.replace(SEPARATORS, "").includes(wanted));
}

export function linkOccurs(mail: PreparedMail, url: string): boolean {
  return mail.anchors.some((anchor) => anchor.href === url) || mail.text.includes(url) || mail.htmlText.includes(url);
}
