import { describe, expect, it } from "vitest";
import { checkTarget } from "../../packages/api/src/services/webhooks/target.ts";

// [url, allowed without WEBHOOK_ALLOW_PRIVATE_TARGETS]. Runs inside workerd, so the URL parser
// is the one the worker uses.
const table: [string, boolean][] = [
  ["https://hooks.example.com/mailroom", true],
  ["https://example.com:8443/path?q=1", true],
  ["https://93.184.216.34/hook", true],
  ["https://[2606:4700:4700::1111]/hook", true],
  ["https://xn--bcher-kva.example/hook", true],
  ["https://8.8.8.8./hook", true],
  ["http://hooks.example.com/mailroom", false],
  ["ftp://example.com/file", false],
  ["javascript:alert(1)", false],
  ["not a url", false],
  ["https://user:pass@example.com/hook", false],
  ["https://user@example.com/hook", false],
  ["https://localhost/hook", false],
  ["https://LOCALHOST./hook", false],
  ["https://api.localhost/hook", false],
  ["https://printer.local/hook", false],
  ["https://metadata.google.internal/computeMetadata", false],
  ["https://intranet/hook", false],
  ["https://127.0.0.1/hook", false],
  ["https://127.8.9.10/hook", false],
  ["https://10.1.2.3/hook", false],
  ["https://172.16.0.1/hook", false],
  ["https://172.31.255.255/hook", false],
  ["https://192.168.1.1/hook", false],
  ["https://169.254.169.254/latest/meta-data", false],
  ["https://100.64.0.1/hook", false],
  ["https://100.127.255.254/hook", false],
  ["https://0.0.0.0/hook", false],
  ["https://255.255.255.255/hook", false],
  ["https://224.0.0.1/hook", false],
  ["https://239.255.255.250/hook", false],
  ["https://2130706433/hook", false], // 127.0.0.1 in decimal
  ["https://0x7f000001/hook", false], // hex
  ["https://0177.0.0.1/hook", false], // octal
  ["https://0x7f.1/hook", false], // short form, hex
  ["https://127.1/hook", false], // short form
  ["https://3232235777/hook", false], // 192.168.1.1 in decimal
  ["https://0xa9.0xfe.0xa9.0xfe/hook", false], // 169.254.169.254 in hex parts
  ["https://[::1]/hook", false],
  ["https://[::]/hook", false],
  ["https://[::ffff:127.0.0.1]/hook", false], // IPv4-mapped loopback
  ["https://[::ffff:7f00:1]/hook", false],
  ["https://[::ffff:10.0.0.1]/hook", false],
  ["https://[::ffff:8.8.8.8]/hook", false], // mapped forms are refused whatever they hold
  ["https://[fc00::1]/hook", false], // unique local
  ["https://[fd12:3456:789a::1]/hook", false],
  ["https://[fe80::1]/hook", false], // link-local
  ["https://[ff02::1]/hook", false], // multicast
  ["https://[64:ff9b::a00:1]/hook", false], // NAT64 of 10.0.0.1
  ["https://[2002:c0a8:101::1]/hook", false], // 6to4 of 192.168.1.1
  ["https://100.63.255.255/hook", true], // just below CGNAT
  ["https://172.32.0.1/hook", true], // just above 172.16/12
];

describe("webhook target guard (SSRF)", () => {
  it.each(table)("%s → allowed: %s", (url, allowed) => {
    const result = checkTarget(url, false);
    expect(result.ok, result.ok ? "allowed" : result.reason).toBe(allowed);
  });

  it("holds at least 30 cases, allowed and refused", () => {
    expect(table.length).toBeGreaterThanOrEqual(30);
    expect(table.filter(([, ok]) => ok).length).toBeGreaterThan(5);
  });

  it("relies on its own IPv4 parsing, whatever the URL parser normalises", () => {
    // What workerd's WHATWG parser makes of the legacy spellings (the guard reads both forms).
    expect(new URL("https://0x7f.1/").hostname).toBe("127.0.0.1");
    expect(new URL("https://2130706433/").hostname).toBe("127.0.0.1");
    expect(new URL("https://0177.0.0.1/").hostname).toBe("127.0.0.1");
    expect(new URL("https://[::ffff:127.0.0.1]/").hostname).toBe("[::ffff:7f00:1]");
  });

  it("lets loopback and http through with WEBHOOK_ALLOW_PRIVATE_TARGETS, but never credentials or other schemes", () => {
    for (const url of ["http://127.0.0.1:8788/hook", "https://localhost/hook", "http://[::1]:9000/", "http://10.0.0.1/"]) {
      expect(checkTarget(url, true).ok, url).toBe(true);
    }
    for (const url of ["http://u:p@127.0.0.1/", "ftp://127.0.0.1/", "file:///etc/passwd"]) {
      expect(checkTarget(url, true).ok, url).toBe(false);
    }
  });

  it("says why a URL is refused", () => {
    expect(checkTarget("http://example.com/", false)).toEqual({ ok: false, reason: "must be an https URL" });
    expect(checkTarget("https://10.0.0.1/", false)).toEqual({ ok: false, reason: "must not point at a loopback, private or reserved address" });
    expect(checkTarget("https://a:b@example.com/", false)).toEqual({ ok: false, reason: "must not contain a user name or password" });
  });
});
