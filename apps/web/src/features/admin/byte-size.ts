import type { useFormatter } from "next-intl";

type Formatter = ReturnType<typeof useFormatter>;

const units = [
  { unit: "gigabyte", size: 1e9 },
  { unit: "megabyte", size: 1e6 },
  { unit: "kilobyte", size: 1e3 },
] as const;

/**
 * Bytes in the reader's language, in decimal units as the platform states its limits
 * ("500 MB" for the free plan's database): "123.4 MB", "1.2 GB", "512 bytes".
 */
export function formatByteSize(format: Formatter, bytes: number): string {
  const fit = units.find((u) => bytes >= u.size);
  // Short English for bytes is "byte" whatever the count; the long form says "0 bytes".
  if (!fit) return format.number(bytes, { style: "unit", unit: "byte", unitDisplay: "long" });
  return format.number(bytes / fit.size, { style: "unit", unit: fit.unit, unitDisplay: "short", maximumFractionDigits: 1 });
}
