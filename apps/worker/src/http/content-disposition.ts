/**
 * `attachment; filename="…"; filename*=UTF-8''…` (RFC 6266): an ASCII fallback with quotes,
 * backslashes and control characters removed, and the exact name percent-encoded.
 */
export function attachmentDisposition(filename: string): string {
  const cleaned = filename.replace(/[\\/\r\n\t\0]/g, "_").trim() || "download";
  // eslint-disable-next-line no-control-regex -- control characters are what is replaced
  const ascii = cleaned.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_").replace(/[\x00-\x1f]/g, "_");
  const encoded = encodeURIComponent(cleaned).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
