/**
 * The signed payload a certificate's QR code carries (ADR 0013), read by the server that signs it
 * and by the verify page that checks it in the browser without asking the server. Zod-free and
 * free of Node APIs: TextEncoder, btoa and atob exist in both.
 *
 * Written `<payload>.<signature>`: the payload is the certificate's facts as compact JSON in
 * base64url; the signature is Ed25519 over the payload's base64url text (its ASCII bytes), in
 * base64url. Signing the text as sent means nothing has to be canonicalised to check it.
 */

export const TCC_PAYLOAD_VERSION = 1;

export type TccPayload = {
  /** Format version. */
  v: typeof TCC_PAYLOAD_VERSION;
  /** The signing key's id (GET /api/v1/public/keys). */
  k: string;
  /** Certificate number. */
  n: string;
  /** The holder's BTIN. */
  b: string;
  /** The holder's name as printed. */
  m: string;
  /** Issued on, YYYY-MM-DD. */
  i: string;
  /** Expires on, YYYY-MM-DD. */
  e: string;
  /** The years covered with the tax paid in each, in kobo: [[2023, 12000000], …]. */
  y: [number, number][];
  /** True for an exemption certificate (no tax due). */
  x?: true;
};

export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64Url(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error('Not base64url');
  const padded = text.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((text.length + 3) % 4);
  const binary = atob(padded);
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** The payload's base64url text: what is signed. */
export function encodeTccPayload(payload: TccPayload): string {
  return toBase64Url(new TextEncoder().encode(JSON.stringify(payload)));
}

export type SplitSignedPayload = {
  payload: TccPayload;
  /** The bytes the signature covers (the payload's base64url text, ASCII). */
  signedBytes: Uint8Array;
  signature: Uint8Array;
};

function isPayload(value: unknown): value is TccPayload {
  const p = value as Partial<TccPayload> | null;
  return (
    typeof p === 'object' &&
    p !== null &&
    p.v === TCC_PAYLOAD_VERSION &&
    typeof p.k === 'string' &&
    typeof p.n === 'string' &&
    typeof p.b === 'string' &&
    typeof p.m === 'string' &&
    typeof p.i === 'string' &&
    typeof p.e === 'string' &&
    Array.isArray(p.y) &&
    p.y.every(
      (row) =>
        Array.isArray(row) &&
        row.length === 2 &&
        Number.isInteger(row[0]) &&
        Number.isInteger(row[1]),
    )
  );
}

/**
 * Reads `<payload>.<signature>`; null when it is not one (garbled, cut short, another format).
 * Checking the signature is the caller's: this only says what it claims.
 */
export function splitSignedTccPayload(signed: string): SplitSignedPayload | null {
  const parts = signed.trim().split('.');
  if (parts.length !== 2 || !parts[0] || !parts[1]) return null;
  try {
    const json = new TextDecoder('utf-8', { fatal: true }).decode(fromBase64Url(parts[0]));
    const payload: unknown = JSON.parse(json);
    if (!isPayload(payload)) return null;
    const signature = fromBase64Url(parts[1]);
    if (signature.length !== 64) return null;
    return { payload, signedBytes: new TextEncoder().encode(parts[0]), signature };
  } catch {
    return null;
  }
}
