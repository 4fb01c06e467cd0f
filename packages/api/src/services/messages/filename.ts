// Names of files from strangers, as shown and as offered for download. Bidirectional controls
// would make "invoice\u202Efdp.exe" read as "invoiceexe.pdf"; a dot-only name ("..") means a
// directory to a file system; separators and control characters mean nothing good in a name.

// eslint-disable-next-line no-control-regex -- control characters are what is removed
const UNSAFE = /[\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
const SEPARATORS = /[\\/]/g;

/** `name` without bidirectional or control characters, separators made "_"; `fallback` when nothing but dots and spaces is left. */
export function safeFilename(name: string, fallback: string): string {
  const cleaned = name.replace(UNSAFE, "").replace(SEPARATORS, "_").trim();
  return /^[.\s]*$/.test(cleaned) ? fallback : cleaned;
}
