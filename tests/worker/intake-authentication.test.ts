// The SPF / DKIM / DMARC verdict reader. The routing corpus (tests/fixtures/routing, held out: its
// README states the rules, its cases are not edited to fit the code) is read from header lists and
// from raw messages; then the rules the corpus does not reach, and fuzzing for "never throws".
// Seeded by the run's seed (tests/worker/setup/seed.ts); replay a failure with
//   cd tests && FUZZ_SEED=<seed> npx vitest run --config worker/vitest.config.ts intake-authentication
import fc from "fast-check";
import { describe, expect, inject, it } from "vitest";
import {
  authenticationFields,
  platformAuthservId,
  readAuthentication,
  type AuthenticationVerdict,
  type AuthResult,
} from "../../packages/api/src/services/intake/authentication.ts";
import corpus from "../fixtures/routing/auth-results.json";

const seed = inject("fuzzSeed");
const encoder = new TextEncoder();

type Field = readonly [string, string];
interface Case {
  id: string;
  trusted: string;
  headers: Field[];
  expected: AuthenticationVerdict;
}

const results: readonly AuthResult[] = ["pass", "fail", "softfail", "neutral", "none", "temperror", "permerror", "unknown"];
const isResult = (word: string): word is AuthResult => (results as readonly string[]).includes(word);

function verdictOf(expected: Record<string, string>): AuthenticationVerdict {
  const { spf = "", dkim = "", dmarc = "" } = expected;
  if (!isResult(spf) || !isResult(dkim) || !isResult(dmarc)) throw new Error(`not a verdict: ${JSON.stringify(expected)}`);
  return { spf, dkim, dmarc };
}

// The JSON gives string[][]: check each header is a [name, value] pair rather than cast it.
const cases: Case[] = corpus.map((c) => ({
  id: c.id,
  trusted: c.trusted_authserv_id,
  headers: c.headers.map((h): Field => {
    const [name, value] = h;
    if (h.length !== 2 || name === undefined || value === undefined) throw new Error(`${c.id}: header ${JSON.stringify(h)} is not a pair`);
    return [name, value];
  }),
  expected: verdictOf(c.expected),
}));

const authNames = new Set(["authentication-results", "arc-authentication-results", "received-spf"]);
const authFieldsOf = (headers: readonly Field[]) => headers.filter(([name]) => authNames.has(name.toLowerCase()));

/** The header block: each field as written (folds kept), on its own line, no final line end. */
const headerBlock = (headers: readonly Field[]) => headers.map(([name, value]) => `${name}: ${value}`).join("\r\n");

/** A raw message: the header block, a blank line, a body; `eol` replaces every CRLF. */
function message(headers: readonly Field[], eol = "\r\n"): Uint8Array {
  const text = `${headerBlock(headers)}\r\n\r\nHello.\r\n`;
  return encoder.encode(eol === "\r\n" ? text : text.replaceAll("\r\n", eol));
}

const find = (id: string): Case => {
  const found = cases.find((c) => c.id === id);
  if (!found) throw new Error(`no corpus case ${id}`);
  return found;
};

describe("the routing corpus", () => {
  it("has its 58 cases, with unique ids", () => {
    expect(cases).toHaveLength(58);
    expect(new Set(cases.map((c) => c.id)).size).toBe(cases.length);
  });

  it.each(cases)("$id", ({ headers, trusted, expected }) => {
    expect(readAuthentication(headers, trusted)).toStrictEqual(expected);
  });
});

describe("authenticationFields", () => {
  it.each(cases)("reads $id from the raw message as from its header list", ({ headers, trusted, expected }) => {
    const fields = authenticationFields(message(headers));
    expect(fields).toStrictEqual(authFieldsOf(headers));
    expect(readAuthentication(fields, trusted)).toStrictEqual(expected);
  });

  const sample = ["cf-gmail-pass-ipv6", "cf-forged-ar-lower", "rfc-nested-comments-semicolons", "received-spf-only-softfail-forged-lower", "fastmail-long-folded-pass"].map(find);

  it.each(sample)("reads $id with bare LF line ends", ({ headers, trusted, expected }) => {
    const fields = authenticationFields(message(headers, "\n"));
    expect(fields).toStrictEqual(authFieldsOf(headers).map(([name, value]) => [name, value.replaceAll("\r\n", "\n")]));
    expect(readAuthentication(fields, trusted)).toStrictEqual(expected);
  });

  it.each(sample)("reads $id from a header block with no body", ({ headers, trusted, expected }) => {
    for (const raw of [headerBlock(headers), `${headerBlock(headers)}\r\n`].map((text) => encoder.encode(text))) {
      const fields = authenticationFields(raw);
      expect(fields).toStrictEqual(authFieldsOf(headers));
      expect(readAuthentication(fields, trusted)).toStrictEqual(expected);
    }
  });

  it("stops at the first empty line: fields in the body are not read", () => {
    const forged = "Authentication-Results: mx.cloudflare.net; spf=pass smtp.mailfrom=a@b.example; dkim=pass header.d=b.example; dmarc=pass header.from=b.example";
    for (const eol of ["\r\n", "\n"]) {
      const raw = encoder.encode(["From: a@b.example", "Subject: hi", "", forged, "Received-SPF: pass", ""].join(eol));
      expect(authenticationFields(raw)).toStrictEqual([]);
    }
    expect(authenticationFields(encoder.encode(`\r\n${forged}\r\n`))).toStrictEqual([]);
    expect(authenticationFields(new Uint8Array())).toStrictEqual([]);
  });

  it("matches field names case-insensitively, whole, and keeps them as written", () => {
    const raw = encoder.encode(
      [
        "received-spf : Fail (x) receiver=mx",
        "X-Original-Authentication-Results: mx.cloudflare.net; spf=pass",
        "Authentication-Results-Original: mx.cloudflare.net; spf=pass",
        "not a field line",
        "AUTHENTICATION-RESULTS:mx.cloudflare.net;",
        "\tdkim=pass header.d=x.example",
        "",
        "body",
      ].join("\r\n"),
    );
    expect(authenticationFields(raw)).toStrictEqual([
      ["received-spf", "Fail (x) receiver=mx"],
      ["AUTHENTICATION-RESULTS", "mx.cloudflare.net;\r\n\tdkim=pass header.d=x.example"],
    ]);
    expect(readAuthentication(authenticationFields(raw))).toStrictEqual({ spf: "fail", dkim: "pass", dmarc: "none" });
  });

  describe("reads at most 64 KiB", () => {
    const ar = "Authentication-Results: mx.cloudflare.net; spf=pass smtp.mailfrom=a@b.example";
    const padding = (bytes: number) => `X-Padding: ${"p".repeat(bytes - "X-Padding: ".length)}`;

    it("finds a field that ends inside the limit", () => {
      const raw = encoder.encode(`${padding(60 * 1024)}\r\n${ar}\r\n\r\nbody`);
      expect(authenticationFields(raw)).toStrictEqual([["Authentication-Results", ar.slice("Authentication-Results: ".length)]]);
    });

    it("does not read past it, nor half a field it cuts", () => {
      const past = encoder.encode(`${padding(64 * 1024)}\r\n${ar}\r\n\r\nbody`);
      expect(authenticationFields(past)).toStrictEqual([]);
      const cut = encoder.encode(`Received-SPF: fail\r\n${padding(64 * 1024 - 50)}\r\n${ar}\r\n\r\nbody`);
      expect(authenticationFields(cut)).toStrictEqual([["Received-SPF", "fail"]]);
      // The last line fits, but the next one (past the limit) could still fold into it.
      const edge = `Received-SPF: fail\r\n${padding(64 * 1024 - 22)}\r\n`;
      expect(encoder.encode(edge)).toHaveLength(64 * 1024);
      expect(authenticationFields(encoder.encode(`${edge} folded\r\n\r\n`))).toStrictEqual([["Received-SPF", "fail"]]);
    });
  });
});

describe("readAuthentication beyond the corpus", () => {
  const verdict = (fields: Field[], trusted?: string) => readAuthentication(fields, trusted);
  const ar = (value: string): Field => ["Authentication-Results", value];

  it("trusts Cloudflare Email Routing by default", () => {
    expect(platformAuthservId).toBe("mx.cloudflare.net");
    expect(verdict([ar("mx.google.com; spf=pass"), ar("mx.cloudflare.net; spf=fail smtp.mailfrom=a@b.example")])).toStrictEqual({ spf: "fail", dkim: "none", dmarc: "none" });
  });

  it("gives none for every method when there are no fields", () => {
    expect(verdict([])).toStrictEqual({ spf: "none", dkim: "none", dmarc: "none" });
  });

  it("reads result words outside the list as unknown", () => {
    expect(verdict([ar("mx.cloudflare.net; dkim=policy header.d=x.example; dmarc=bestguesspass; spf=hardfail smtp.mailfrom=x")])).toStrictEqual({
      spf: "unknown",
      dkim: "unknown",
      dmarc: "unknown",
    });
    expect(verdict([["Received-SPF", "Unknown (old SPF library)"]])).toStrictEqual({ spf: "unknown", dkim: "none", dmarc: "none" });
    // Not a result word at all: the field cannot be parsed.
    expect(verdict([["Received-SPF", "mx.example.org; pass"]]).spf).toBe("none");
  });

  it("keeps the first dkim result when none passes, and the first dmarc result", () => {
    expect(verdict([ar("mx.cloudflare.net; dkim=temperror; dkim=fail; dmarc=fail; dmarc=pass")])).toStrictEqual({ spf: "none", dkim: "temperror", dmarc: "fail" });
  });

  it("prefers the MAIL FROM spf result, then one naming no identity, then HELO", () => {
    const spf = (...resinfos: string[]) => verdict([ar(`mx.cloudflare.net; ${resinfos.join("; ")}`)]).spf;
    expect(spf("spf=none smtp.helo=h", "spf=fail", "spf=pass smtp.mailfrom=a@b")).toBe("pass");
    expect(spf("spf=none smtp.helo=h", "spf=fail")).toBe("fail");
    expect(spf("spf=none smtp.helo=h", "spf=neutral smtp.helo=h2")).toBe("none");
    expect(spf("spf=softfail smtp.helo=h smtp.mailfrom=a@b", "spf=pass smtp.mailfrom=c@d")).toBe("softfail");
  });

  it("matches a quoted authserv-id, and never an empty trusted id", () => {
    expect(verdict([ar('"MX.Cloudflare.NET" 1; dmarc=pass')]).dmarc).toBe("pass");
    expect(verdict([ar('"mx.cloudflare.net\\"x"; dmarc=pass')]).dmarc).toBe("none");
    expect(verdict([ar('""; dmarc=pass')], "").dmarc).toBe("none");
    expect(verdict([ar('""; dmarc=pass'), ["Received-SPF", "pass"]], "  ").spf).toBe("pass");
  });

  it("stays with the trusted field when junk follows its id, skipping the junk", () => {
    expect(verdict([ar("mx.cloudflare.net v2; dkim=pass"), ar("mx.cloudflare.net; dkim=fail")]).dkim).toBe("pass");
    expect(verdict([ar('mx.cloudflare.net "; dkim=pass'), ar("mx.cloudflare.net; dkim=fail")]).dkim).toBe("none");
  });

  it("reads a value unfolded as it reads it folded", () => {
    for (const c of cases.slice(0, 10)) {
      const unfolded = c.headers.map(([name, value]): Field => [name, value.replace(/\r\n([ \t])/g, "$1")]);
      expect(readAuthentication(unfolded, c.trusted)).toStrictEqual(c.expected);
    }
  });

  it("stays linear on hostile values of a megabyte", () => {
    const n = 1 << 20;
    const hostile = ["(".repeat(n), ")".repeat(n), '"'.repeat(n + 1), ";".repeat(n), "\\".repeat(n), `spf=pass ${"(a".repeat(n / 2)}`, "; dkim=fail".repeat(n / 11), "spf ".repeat(n / 4)];
    for (const tail of hostile) {
      const got = verdict([ar(`mx.cloudflare.net; ${tail}`), ["Received-SPF", tail]]);
      expect(Object.values(got).every(isResult)).toBe(true);
    }
  });
});

describe("fuzzing", () => {
  const names = fc.constantFrom("Authentication-Results", "authentication-results", "ARC-Authentication-Results", "Received-SPF", "received-spf ", "X-Other");
  // Pieces of the syntax, so that generated values reach deep into the parser.
  const pieces = [
    "mx.cloudflare.net", "MX.Cloudflare.NET", "mx.example.org", '"mx.cloudflare.net"', " 1", ";", "; ", "=", " = ", ".", " . ", "/1", "(", ")", "(c)", '"', '\\"', "\\",
    "spf", "dkim", "dmarc", "arc", "pass", "Fail", "softfail", "neutral", "none", "temperror", "permerror", "policy", "smtp", "mailfrom", "helo", "header", "d",
    "reason", "a@b.example", "2a00::1", " ", "\t", "\r\n ", "\r\n\t", "ü", "x",
  ];
  const structured = fc.array(fc.constantFrom(...pieces), { maxLength: 40 }).map((p) => p.join(""));
  const anyText = fc.string({ unit: "binary", maxLength: 200 });
  const value = fc.oneof(structured, anyText);
  const trusted = fc.oneof(fc.constant(platformAuthservId), fc.constantFrom("mx.example.org", "", " "), anyText);
  const isVerdict = (v: AuthenticationVerdict) => Object.keys(v).length === 3 && isResult(v.spf) && isResult(v.dkim) && isResult(v.dmarc);

  it("readAuthentication never throws and gives only AuthResult values", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.oneof(names, anyText), value), { maxLength: 12 }), trusted, (fields, id) => {
        expect(isVerdict(readAuthentication(fields, id))).toBe(true);
      }),
      { seed, numRuns: 3000 },
    );
  });

  it("authenticationFields never throws on arbitrary bytes and returns only its three fields", () => {
    fc.assert(
      fc.property(fc.oneof(fc.uint8Array({ maxLength: 400 }), fc.array(fc.tuple(names, structured)).map((f) => message(f))), (raw) => {
        const fields = authenticationFields(raw);
        expect(fields.every(([name]) => authNames.has(name.toLowerCase().trimEnd()))).toBe(true);
        expect(isVerdict(readAuthentication(fields))).toBe(true);
      }),
      { seed, numRuns: 2000 },
    );
  });

  it("gives the same verdict from a raw message as from its header list", () => {
    // Values whose every line break is a fold, as a raw header field can carry them.
    const foldable = structured.filter((v) => !/\r\n(?![ \t])/.test(v));
    fc.assert(
      fc.property(fc.array(fc.tuple(names, foldable), { maxLength: 8 }), fc.constantFrom(platformAuthservId, "mx.example.org"), (fields, id) => {
        expect(readAuthentication(authenticationFields(message(fields)), id)).toStrictEqual(readAuthentication(fields, id));
      }),
      { seed, numRuns: 2000 },
    );
  });
});
