// A software WebAuthn authenticator for worker tests: it answers registration and sign-in options
// the way a browser and a platform authenticator do (ES256 key, "none" attestation, CBOR and
// authenticator data as the spec lays them out), so the ceremonies run end to end without a browser.

const encoder = new TextEncoder();
const utf8 = (text: string): Uint8Array<ArrayBuffer> => new Uint8Array(encoder.encode(text));

function base64url(bytes: Uint8Array): string {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

// The CBOR subset attestation objects and COSE keys use: small maps, ints, text and byte strings.
type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;

function cborHead(major: number, length: number): Uint8Array<ArrayBuffer> {
  if (length < 24) return new Uint8Array([(major << 5) | length]);
  if (length < 256) return new Uint8Array([(major << 5) | 24, length]);
  return new Uint8Array([(major << 5) | 25, length >> 8, length & 0xff]);
}

function cbor(value: Cbor): Uint8Array<ArrayBuffer> {
  if (typeof value === "number") return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  if (typeof value === "string") {
    const bytes = utf8(value);
    return concat(cborHead(3, bytes.length), bytes);
  }
  if (value instanceof Uint8Array) return concat(cborHead(2, value.length), value);
  return concat(cborHead(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)]));
}

async function sha256(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
}

/** WebCrypto's raw r||s signature as the DER sequence WebAuthn carries. */
function derSignature(raw: Uint8Array): Uint8Array<ArrayBuffer> {
  const integer = (part: Uint8Array): Uint8Array<ArrayBuffer> => {
    let start = 0;
    while (start < part.length - 1 && part[start] === 0) start++;
    const trimmed = part.slice(start);
    const body = (trimmed[0] ?? 0) & 0x80 ? concat(new Uint8Array([0]), trimmed) : trimmed;
    return concat(new Uint8Array([0x02, body.length]), body);
  };
  const body = concat(integer(raw.slice(0, 32)), integer(raw.slice(32)));
  return concat(new Uint8Array([0x30, body.length]), body);
}

interface Credential {
  id: Uint8Array<ArrayBuffer>;
  keys: CryptoKeyPair;
  userHandle: string;
  counter: number;
}

export interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}

export interface RequestOptions {
  challenge: string;
  rpId?: string;
}

/** One authenticator holding any number of credentials, like a phone's passkey store. */
export class SoftAuthenticator {
  readonly credentials: Credential[] = [];
  private readonly origin: string;

  constructor(origin: string) {
    this.origin = origin;
  }

  private clientData(type: string, challenge: string, origin = this.origin): Uint8Array<ArrayBuffer> {
    return utf8(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** `navigator.credentials.create()` for these options; the new credential is kept for sign-ins. */
  async create(options: CreationOptions, tweak: { origin?: string; challenge?: string } = {}) {
    const keys = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"])) as CryptoKeyPair;
    const jwk = (await crypto.subtle.exportKey("jwk", keys.publicKey)) as JsonWebKey;
    const coordinate = (text: string | undefined) => Uint8Array.from(atob((text ?? "").replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
    const coseKey = new Map<Cbor, Cbor>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, coordinate(jwk.x)],
      [-3, coordinate(jwk.y)],
    ]);
    const id = crypto.getRandomValues(new Uint8Array(16));
    const rpIdHash = await sha256(utf8(options.rp.id ?? new URL(this.origin).hostname));
    // Flags: user present, user verified, attested credential data follows.
    const authData = concat(rpIdHash, new Uint8Array([0x45, 0, 0, 0, 0]), new Uint8Array(16), new Uint8Array([0, id.length]), id, cbor(coseKey));
    const attestationObject = cbor(new Map<Cbor, Cbor>([["fmt", "none"], ["attStmt", new Map()], ["authData", authData]]));
    const credential = { id, keys, userHandle: options.user.id, counter: 0 };
    this.credentials.push(credential);
    return {
      id: base64url(id),
      rawId: base64url(id),
      type: "public-key" as const,
      response: {
        clientDataJSON: base64url(this.clientData("webauthn.create", tweak.challenge ?? options.challenge, tweak.origin)),
        attestationObject: base64url(attestationObject),
        transports: ["internal"],
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform" as const,
    };
  }

  /** `navigator.credentials.get()` with one of the kept credentials (the last one unless told). */
  async get(options: RequestOptions, pick: { credential?: Credential; userHandle?: string; origin?: string } = {}) {
    const credential = pick.credential ?? this.credentials.at(-1);
    if (!credential) throw new Error("no credential to sign in with");
    credential.counter += 1;
    const rpIdHash = await sha256(utf8(options.rpId ?? new URL(this.origin).hostname));
    const counter = new Uint8Array(4);
    new DataView(counter.buffer).setUint32(0, credential.counter);
    const authData = concat(rpIdHash, new Uint8Array([0x05]), counter);
    const clientDataJSON = this.clientData("webauthn.get", options.challenge, pick.origin);
    const signed = concat(authData, await sha256(clientDataJSON));
    const signature = new Uint8Array(await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, credential.keys.privateKey, signed));
    return {
      id: base64url(credential.id),
      rawId: base64url(credential.id),
      type: "public-key" as const,
      response: {
        clientDataJSON: base64url(clientDataJSON),
        authenticatorData: base64url(authData),
        signature: base64url(derSignature(signature)),
        userHandle: pick.userHandle ?? credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform" as const,
    };
  }
}
