/**
 * Where a user webhook may be sent (CONTRACT §9): https only, no credentials in the URL, and no
 * loopback, private, link-local, shared (CGNAT), unique-local, multicast, unspecified or
 * broadcast address, in any IPv4 spelling, as IPv6, or as IPv4 inside IPv6. Local names
 * (`localhost`, `*.local`, `*.internal`, ...) are refused too. `allowPrivate`
 * (WEBHOOK_ALLOW_PRIVATE_TARGETS, local development and tests) lifts the address rules and
 * admits http. Names are not resolved (a Worker cannot), so a public name that resolves to a
 * private address is not caught here.
 */
export type TargetCheck = { ok: true; url: URL } | { ok: false; reason: string };

const localSuffixes = ["localhost", "local", "internal", "localdomain", "home.arpa", "lan"];

type Range = readonly [base: number, prefixLength: number];

// IPv4 blocks that are not globally reachable (IANA special-purpose registry), as (base, prefix).
const blockedV4: readonly Range[] = [
  [ip4(0, 0, 0, 0), 8], // "this network", unspecified
  [ip4(10, 0, 0, 0), 8], // private
  [ip4(100, 64, 0, 0), 10], // shared address space (CGNAT)
  [ip4(127, 0, 0, 0), 8], // loopback
  [ip4(169, 254, 0, 0), 16], // link-local (cloud metadata lives here)
  [ip4(172, 16, 0, 0), 12], // private
  [ip4(192, 0, 0, 0), 24], // IETF protocol assignments
  [ip4(192, 0, 2, 0), 24], // documentation
  [ip4(192, 88, 99, 0), 24], // 6to4 relay anycast
  [ip4(192, 168, 0, 0), 16], // private
  [ip4(198, 18, 0, 0), 15], // benchmarking
  [ip4(198, 51, 100, 0), 24], // documentation
  [ip4(203, 0, 113, 0), 24], // documentation
  [ip4(224, 0, 0, 0), 4], // multicast
  [ip4(240, 0, 0, 0), 4], // reserved, and 255.255.255.255 broadcast
];

function ip4(a: number, b: number, c: number, d: number): number {
  return ((a << 24) | (b << 16) | (c << 8) | d) >>> 0;
}

function inRange(address: number, [base, prefix]: Range): boolean {
  if (prefix === 0) return true;
  const mask = (0xffffffff << (32 - prefix)) >>> 0;
  return ((address & mask) >>> 0) === ((base & mask) >>> 0);
}

function v4Blocked(address: number): boolean {
  return blockedV4.some((range) => inRange(address, range));
}

/** One IPv4 part in the inet_aton spellings: decimal, octal (leading 0) or hex (0x). */
function v4Part(part: string): number | null {
  if (/^0x[0-9a-f]*$/i.test(part)) return part.length === 2 ? 0 : parseInt(part.slice(2), 16);
  if (/^0[0-7]+$/.test(part)) return parseInt(part.slice(1), 8);
  if (/^(0|[1-9][0-9]*)$/.test(part)) return Number(part);
  return null;
}

/**
 * A host name read as an IPv4 address the way the WHATWG URL parser and inet_aton do
 * (`127.1`, `2130706433`, `0x7f.0.0.1`, `0177.0.0.1`), or null when it is not one. URL
 * parsing already turns these into dotted quads; this does not rely on it.
 */
function parseV4(host: string): number | null {
  const parts = host.split(".");
  if (parts.length > 1 && parts[parts.length - 1] === "") parts.pop();
  if (parts.length === 0 || parts.length > 4) return null;
  const numbers = parts.map(v4Part);
  if (numbers.some((n) => n === null)) return null;
  const values = numbers as number[];
  const last = values[values.length - 1] ?? 0;
  const head = values.slice(0, -1);
  if (head.some((n) => n > 255) || last >= 256 ** (5 - values.length)) return null;
  let address = 0;
  head.forEach((n, i) => {
    address += n * 256 ** (3 - i);
  });
  return address + last;
}

/** The eight 16-bit groups of an IPv6 literal (brackets removed), or null. */
function parseV6(literal: string): number[] | null {
  let text = literal.toLowerCase();
  const zone = text.indexOf("%");
  if (zone !== -1) text = text.slice(0, zone);
  // A trailing dotted quad (::ffff:127.0.0.1) becomes two groups.
  const quad = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (quad?.[1] && quad[2]) {
    const v4 = parseV4(quad[2]);
    if (v4 === null) return null;
    text = `${quad[1]}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const groups = (part: string | undefined) => (part ? part.split(":") : []);
  const head = groups(halves[0]);
  const tail = groups(halves[1]);
  const missing = 8 - head.length - tail.length;
  if ((halves.length === 1 && missing !== 0) || (halves.length === 2 && missing < 1)) return null;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  if (all.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return null;
  return all.map((g) => parseInt(g, 16));
}

function v6Blocked(g: number[]): boolean {
  const [a = 0, b = 0] = g;
  const embeddedV4 = (((g[6] ?? 0) << 16) | (g[7] ?? 0)) >>> 0;
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 8)) return true; // unspecified ::
  if (zeros(0, 7) && g[7] === 1) return true; // loopback ::1
  // IPv4-mapped (::ffff:a.b.c.d) and IPv4-compatible (::a.b.c.d): a public host never needs them.
  if (zeros(0, 5) && (g[5] === 0xffff || g[5] === 0)) return true;
  if (zeros(0, 4) && g[4] === 0xffff && g[5] === 0) return true; // IPv4-translated ::ffff:0:a.b.c.d
  if (a === 0x64 && b === 0xff9b && zeros(2, 6)) return v4Blocked(embeddedV4); // NAT64
  if (a === 0x2002) return v4Blocked((((g[1] ?? 0) << 16) | (g[2] ?? 0)) >>> 0); // 6to4
  if ((a & 0xfe00) === 0xfc00) return true; // unique local fc00::/7
  if ((a & 0xffc0) === 0xfe80) return true; // link-local fe80::/10
  if ((a & 0xffc0) === 0xfec0) return true; // site-local fec0::/10 (deprecated)
  if ((a & 0xff00) === 0xff00) return true; // multicast ff00::/8
  if (a === 0x2001 && b === 0x0db8) return true; // documentation
  if (a === 0x0100 && zeros(1, 4)) return true; // discard-only 100::/64
  return false;
}

/** Checks a webhook URL; the parsed URL when it may be used. */
export function checkTarget(raw: string, allowPrivate: boolean): TargetCheck {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: "is not a valid URL" };
  }
  if (url.protocol !== "https:" && !(allowPrivate && url.protocol === "http:")) {
    return { ok: false, reason: allowPrivate ? "must be an http or https URL" : "must be an https URL" };
  }
  if (url.username !== "" || url.password !== "") return { ok: false, reason: "must not contain a user name or password" };
  if (allowPrivate) return { ok: true, url };

  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  if (host === "") return { ok: false, reason: "has no host" };
  if (host.startsWith("[")) {
    const groups = parseV6(host.slice(1, -1));
    if (!groups || v6Blocked(groups)) return { ok: false, reason: "must not point at a loopback, private or reserved address" };
    return { ok: true, url };
  }
  const v4 = parseV4(host);
  if (v4 !== null) {
    return v4Blocked(v4) ? { ok: false, reason: "must not point at a loopback, private or reserved address" } : { ok: true, url };
  }
  // A last label of digits that is not an address is refused rather than guessed at.
  if (/(^|\.)(0x[0-9a-f]*|[0-9]+)$/i.test(host)) return { ok: false, reason: "has a host that is neither a name nor an address" };
  if (!host.includes(".") || localSuffixes.some((suffix) => host === suffix || host.endsWith(`.${suffix}`))) {
    return { ok: false, reason: "must not point at a local host name" };
  }
  return { ok: true, url };
}
