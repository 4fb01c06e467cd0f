import Bowser from "bowser";

/** "Firefox on Windows", "Chrome on Android", or null when the user agent says nothing usable. */
export function describeDevice(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name;
  const os = parsed.os.name;
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os ?? null;
}
