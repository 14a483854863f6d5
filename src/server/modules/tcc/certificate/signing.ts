import {
  createHash,
  createPrivateKey,
  createPublicKey,
  type KeyObject,
  sign,
  verify,
} from 'node:crypto';
import { asc, sql } from 'drizzle-orm';
import {
  encodeTccPayload,
  fromBase64Url,
  splitSignedTccPayload,
  type TccPayload,
  toBase64Url,
} from '../../../../shared/tcc/payload';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { tccSigningKeys } from '../../../db/schema';
import { resolveKey } from '../../../secrets';

/**
 * Signs certificates' QR payloads with Ed25519 (ADR 0013). The private key is TCC_SIGNING_KEY
 * (a 32-byte seed; generated into DATA_DIR outside production). Its public half is recorded in
 * tcc_signing_keys the first time it signs, so after a rotation the old keys stay listed at
 * GET /api/v1/public/keys for the certificates they signed.
 */

/** PKCS#8 DER of an Ed25519 private key is this prefix followed by the 32-byte seed (RFC 8410). */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
/** SPKI DER of an Ed25519 public key is this prefix followed by the 32-byte key (RFC 8410). */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

export type TccSigner = {
  keyId: string;
  /** The raw public key, base64url. */
  publicKey: string;
  /** `<payload>.<signature>` for these facts, the key id filled in. */
  sign(payload: Omit<TccPayload, 'k' | 'v'>): string;
};

/** A key's id: the first 8 bytes of SHA-256 of its raw public key, base64url (11 characters). */
export function keyIdOf(rawPublicKey: Buffer): string {
  return createHash('sha256').update(rawPublicKey).digest().subarray(0, 8).toString('base64url');
}

export function signerFromSeed(seed: Buffer): TccSigner {
  if (seed.length !== 32) throw new Error('An Ed25519 seed is 32 bytes');
  const privateKey = createPrivateKey({
    key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]),
    format: 'der',
    type: 'pkcs8',
  });
  const raw = createPublicKey(privateKey).export({ format: 'der', type: 'spki' }).subarray(12);
  const keyId = keyIdOf(raw);
  return {
    keyId,
    publicKey: raw.toString('base64url'),
    sign(facts) {
      const text = encodeTccPayload({ v: 1, k: keyId, ...facts });
      const signature = sign(null, Buffer.from(text, 'ascii'), privateKey);
      return `${text}.${toBase64Url(signature)}`;
    },
  };
}

const signers = new WeakMap<object, TccSigner>();

/** The signer of this deployment, from TCC_SIGNING_KEY or DATA_DIR/tcc-signing.key (read once). */
export function signerFromConfig(
  config: Pick<Config, 'tccSigningKey' | 'tccSigningKeyFile'>,
): TccSigner {
  let signer = signers.get(config);
  if (!signer) {
    signer = signerFromSeed(
      resolveKey(config.tccSigningKey, config.tccSigningKeyFile, 'TCC_SIGNING_KEY'),
    );
    signers.set(config, signer);
  }
  return signer;
}

/** Records the signer's public key, once (in the caller's transaction, before it signs). */
export async function recordSigningKey(db: Db, signer: TccSigner): Promise<void> {
  await db
    .insert(tccSigningKeys)
    .values({ keyId: signer.keyId, publicKey: signer.publicKey })
    .onConflictDoNothing();
}

/** Every key that ever signed, oldest first; `current` marks the signer's own. */
export async function listSigningKeys(db: Db, signer: TccSigner) {
  const rows = await db
    .select()
    .from(tccSigningKeys)
    .orderBy(asc(tccSigningKeys.firstUsedAt), asc(sql`${tccSigningKeys.keyId}`));
  const keys = rows.map((row) => ({
    keyId: row.keyId,
    algorithm: 'Ed25519' as const,
    publicKey: row.publicKey,
    current: row.keyId === signer.keyId,
    since: row.firstUsedAt.toISOString(),
  }));
  if (!keys.some((k) => k.current)) {
    // Not used yet: list it anyway, so a verifier can fetch it before the first certificate.
    keys.push({
      keyId: signer.keyId,
      algorithm: 'Ed25519',
      publicKey: signer.publicKey,
      current: true,
      since: new Date(0).toISOString(),
    });
  }
  return keys;
}

/**
 * Checks `<payload>.<signature>` against raw public keys by id: the payload it proves, or null
 * when it is garbled, signed by an unknown key, or altered by even one byte.
 */
export function verifySignedPayload(
  signed: string,
  publicKeys: ReadonlyMap<string, string>,
): TccPayload | null {
  const split = splitSignedTccPayload(signed);
  if (!split) return null;
  const raw = publicKeys.get(split.payload.k);
  if (!raw) return null;
  let key: KeyObject;
  try {
    key = createPublicKey({
      key: Buffer.concat([ED25519_SPKI_PREFIX, Buffer.from(fromBase64Url(raw))]),
      format: 'der',
      type: 'spki',
    });
  } catch {
    return null;
  }
  return verify(null, split.signedBytes, key, split.signature) ? split.payload : null;
}
