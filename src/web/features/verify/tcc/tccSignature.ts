import {
  fromBase64Url,
  splitSignedTccPayload,
  type TccPayload,
} from '../../../../shared/tcc/payload';
import type { PublicKeyList } from '../../../../shared/tcc/views';

/**
 * The offline half of a certificate check (ADR 0013): the signed payload a certificate's QR code
 * carries after `#`, checked in the browser with WebCrypto Ed25519 against the service's public
 * keys — fetched once, then kept in localStorage so a checker far from a network can still tell
 * a genuine paper from a forged or altered one. Revocation needs the online answer.
 */

export type TccPublicKey = PublicKeyList['keys'][number];

export type SignatureCheck =
  /** Signed by one of the service's keys, and for the certificate number on the page. */
  | { result: 'genuine'; payload: TccPayload }
  /**
   * `unreadable`: not a signed payload at all (cut short, garbled); `bad_signature`: altered, or
   * signed by someone else; `other_number`: genuine, but another certificate's.
   */
  | {
      result: 'not_genuine';
      reason: 'unreadable' | 'bad_signature' | 'other_number';
      payload: TccPayload | null;
    }
  /** Signed by a key this browser does not know (new since the keys were kept, and offline). */
  | { result: 'unknown_key'; payload: TccPayload }
  /** This browser cannot check Ed25519 signatures (older than ADR 0013's minimum). */
  | { result: 'unsupported'; payload: TccPayload };

/** Same number, whatever the case or the spaces (as the server's check reads it). */
const sameNumber = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

/**
 * Checks `<payload>.<signature>` against `keys`. `expectedNumber`: the certificate number of the
 * page, so a genuine payload copied onto another certificate's URL does not pass for it.
 */
export async function checkTccSignature(
  signed: string,
  keys: readonly TccPublicKey[],
  expectedNumber: string | null,
  subtle: SubtleCrypto | null = globalThis.crypto?.subtle ?? null,
): Promise<SignatureCheck> {
  const split = splitSignedTccPayload(signed);
  if (!split) return { result: 'not_genuine', reason: 'unreadable', payload: null };
  const { payload } = split;
  const key = keys.find((k) => k.keyId === payload.k);
  if (!key) return { result: 'unknown_key', payload };
  if (!subtle) return { result: 'unsupported', payload };
  let publicKey: CryptoKey;
  try {
    publicKey = await subtle.importKey(
      'raw',
      toArrayBuffer(fromBase64Url(key.publicKey)),
      { name: 'Ed25519' },
      false,
      ['verify'],
    );
  } catch (error) {
    // NotSupportedError: no Ed25519 in this browser. Anything else: a key we cannot read.
    if (error instanceof Error && error.name === 'NotSupportedError') {
      return { result: 'unsupported', payload };
    }
    return { result: 'not_genuine', reason: 'bad_signature', payload };
  }
  const valid = await subtle.verify(
    { name: 'Ed25519' },
    publicKey,
    toArrayBuffer(split.signature),
    toArrayBuffer(split.signedBytes),
  );
  if (!valid) return { result: 'not_genuine', reason: 'bad_signature', payload };
  if (expectedNumber && !sameNumber(payload.n, expectedNumber)) {
    return { result: 'not_genuine', reason: 'other_number', payload };
  }
  return { result: 'genuine', payload };
}

/** A copy into a plain ArrayBuffer: what WebCrypto takes in every browser. */
function toArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  const copy = new ArrayBuffer(bytes.byteLength);
  new Uint8Array(copy).set(bytes);
  return copy;
}

export const TCC_KEYS_STORAGE_KEY = 'revdesk.tcc.publicKeys';

type KeyStorage = Pick<Storage, 'getItem' | 'setItem'>;

function isKeyList(value: unknown): value is TccPublicKey[] {
  return (
    Array.isArray(value) &&
    value.every(
      (k) =>
        typeof k === 'object' &&
        k !== null &&
        typeof k.keyId === 'string' &&
        typeof k.publicKey === 'string' &&
        k.algorithm === 'Ed25519',
    )
  );
}

/** The keys kept from an earlier visit; none when there are none or they are garbled. */
export function readKeptKeys(storage: KeyStorage | null): TccPublicKey[] {
  try {
    const kept: unknown = JSON.parse(storage?.getItem(TCC_KEYS_STORAGE_KEY) ?? 'null');
    return isKeyList(kept) ? kept : [];
  } catch {
    return [];
  }
}

export type LoadedKeys = {
  keys: TccPublicKey[];
  /** True when the service could not be reached: the keys are the ones kept (maybe none). */
  offline: boolean;
};

/**
 * The service's keys: fetched and kept when the service answers, the kept ones otherwise. Kept
 * keys are merged with the fetched ones, so a key seen once is never forgotten by this browser.
 */
export async function loadTccKeys(
  fetchKeys: () => Promise<PublicKeyList>,
  storage: KeyStorage | null,
): Promise<LoadedKeys> {
  const kept = readKeptKeys(storage);
  let fetched: PublicKeyList;
  try {
    fetched = await fetchKeys();
  } catch {
    return { keys: kept, offline: true };
  }
  const byId = new Map(kept.map((k) => [k.keyId, k]));
  for (const key of fetched.keys) byId.set(key.keyId, key);
  const keys = [...byId.values()];
  try {
    storage?.setItem(TCC_KEYS_STORAGE_KEY, JSON.stringify(keys));
  } catch {
    // Storage full or refused (private mode): the check still works this time.
  }
  return { keys, offline: false };
}

/** The signed payload from a URL fragment (`#<payload>.<signature>`), or null when there is none. */
export function payloadFromHash(hash: string): string | null {
  const text = hash.replace(/^#/, '').trim();
  if (!text) return null;
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
