const kib = 1024;
const mib = 1024 * kib;

/**
 * How much of a message intake holds and stores. D1 refuses a row over ~2 MB, so the stored
 * bodies and headers together stay well under that; the platform delivers mail up to 25 MiB,
 * and intake keeps that much of the raw message in memory, no more.
 */
export interface IntakeLimits {
  maxRawBytes: number;
  /** How much of the header block the parser reads (see header-block.ts). */
  maxHeaderBlockBytes: number;
  maxTextBytes: number;
  maxHtmlBytes: number;
  maxHeadersJsonBytes: number;
  maxHeaderValueChars: number;
  maxSubjectChars: number;
  maxAddressChars: number;
  maxMessageIdChars: number;
  maxFilenameChars: number;
  maxAttachments: number;
  /** How much of each body recognition reads: codes and links sit near the top of a mail. */
  maxRecognitionChars: number;
}

export const defaultIntakeLimits: IntakeLimits = {
  maxRawBytes: 26 * mib,
  maxHeaderBlockBytes: 64 * kib,
  maxTextBytes: 450 * kib,
  maxHtmlBytes: 1100 * kib,
  maxHeadersJsonBytes: 64 * kib,
  maxHeaderValueChars: 2000,
  maxSubjectChars: 998,
  maxAddressChars: 320,
  maxMessageIdChars: 500,
  maxFilenameChars: 255,
  maxAttachments: 100,
  maxRecognitionChars: 50_000,
};

const encoder = new TextEncoder();

/**
 * Cuts a string to at most `maxBytes` of UTF-8 without splitting a character. Returns the
 * string unchanged (and `truncated: false`) when it fits.
 */
export function truncateUtf8(value: string, maxBytes: number): { value: string; truncated: boolean } {
  // Each UTF-16 unit encodes to at most 3 bytes, so short strings fit without encoding.
  if (value.length * 3 <= maxBytes) return { value, truncated: false };
  const buffer = new Uint8Array(maxBytes);
  const { read } = encoder.encodeInto(value, buffer);
  return read >= value.length ? { value, truncated: false } : { value: value.slice(0, read), truncated: true };
}

/** Cuts a string to at most `maxChars` UTF-16 units without splitting a surrogate pair. */
export function truncateChars(value: string, maxChars: number): string {
  if (value.length <= maxChars) return value;
  const last = value.charCodeAt(maxChars - 1);
  const end = last >= 0xd800 && last <= 0xdbff ? maxChars - 1 : maxChars;
  return value.slice(0, end);
}

/** "10 MiB", "512 KiB", "300 bytes": how limits are named in notices. */
export function formatBytes(bytes: number): string {
  if (bytes >= mib && bytes % mib === 0) return `${bytes / mib} MiB`;
  if (bytes >= mib) return `${(bytes / mib).toFixed(1)} MiB`;
  if (bytes >= kib && bytes % kib === 0) return `${bytes / kib} KiB`;
  if (bytes >= kib) return `${(bytes / kib).toFixed(1)} KiB`;
  return `${bytes} bytes`;
}
