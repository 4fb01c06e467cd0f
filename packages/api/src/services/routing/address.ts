// Plus-addressing and sender matching: pure functions over lower-case addresses.

/** Plus tags longer than this are cut (a tag is a label, not a message). */
const maxTagChars = 64;

/**
 * The mailbox address an envelope address names and its plus tag: `box+shop@domain` is
 * `box@domain` with the tag "shop" (everything after the first `+`). Mailbox names never hold a
 * `+`, so an address with one always names the part before it.
 */
export function splitPlusAddress(address: string): { base: string; tag: string | null; localPart: string; domain: string } {
  const at = address.lastIndexOf("@");
  const local = at === -1 ? address : address.slice(0, at);
  const domain = at === -1 ? "" : address.slice(at + 1);
  const plus = local.indexOf("+");
  if (plus <= 0) return { base: address, tag: null, localPart: local, domain };
  const localPart = local.slice(0, plus);
  const tag = Array.from(local.slice(plus + 1)).slice(0, maxTagChars).join("");
  return { base: `${localPart}@${domain}`, tag: tag === "" ? null : tag, localPart, domain };
}

const addressPattern = /[^\s<>"(),;:@]+@[^\s<>"(),;:@]+/g;
const maxSenders = 4;

/** The addresses in a From header or an envelope sender, lower case (at most a few). */
export function sendersIn(...values: (string | null)[]): string[] {
  const found = new Set<string>();
  for (const value of values) {
    if (!value) continue;
    for (const match of value.toLowerCase().matchAll(addressPattern)) {
      found.add(match[0].replace(/\.$/, ""));
      if (found.size >= maxSenders) return [...found];
    }
  }
  return [...found];
}

/**
 * Every block pattern that would match these senders: each address itself, its domain, and
 * `*.` with the domain and each parent domain (`*.example.com` covers example.com and below).
 */
export function blockPatternsFor(senders: readonly string[]): string[] {
  const patterns = new Set<string>();
  for (const sender of senders) {
    patterns.add(sender);
    const domain = sender.slice(sender.lastIndexOf("@") + 1);
    patterns.add(domain);
    const labels = domain.split(".");
    for (let i = 0; i < labels.length - 1; i++) patterns.add(`*.${labels.slice(i).join(".")}`);
  }
  return [...patterns];
}
