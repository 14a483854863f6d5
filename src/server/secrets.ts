import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Config, decodeSecretsKey } from './config';

/**
 * Secrets at rest (docs/decisions/0008-secrets-at-rest.md): AES-256-GCM under SECRETS_KEY.
 * A sealed secret reads `v1.<iv>.<tag>.<ciphertext>` (base64url). The caller binds it to its
 * owner with additional authenticated data (an MDA's id), so a ciphertext copied onto another
 * row does not open there.
 */

const VERSION = 'v1';
/** 96 bits: the IV length GCM is designed for (NIST SP 800-38D §5.2.1.1). */
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;

export class SecretDecryptionError extends Error {
  constructor() {
    // Never the ciphertext nor the plaintext: this message may reach a log.
    super(
      'A stored secret could not be decrypted: SECRETS_KEY is not the key it was sealed with, or the value was altered.',
    );
    this.name = 'SecretDecryptionError';
  }
}

function checkKey(key: Buffer): void {
  if (key.length !== KEY_BYTES) throw new Error(`The secrets key must be ${KEY_BYTES} bytes.`);
}

export function encryptSecret(key: Buffer, plain: string, aad: string): string {
  checkKey(key);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

export function decryptSecret(key: Buffer, sealed: string, aad: string): string {
  checkKey(key);
  const [version, iv, tag, ciphertext, ...rest] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || ciphertext === undefined || rest.length > 0) {
    throw new SecretDecryptionError();
  }
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), {
      authTagLength: TAG_BYTES,
    });
    decipher.setAAD(Buffer.from(aad, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const plain = Buffer.concat([
      decipher.update(Buffer.from(ciphertext, 'base64url')),
      decipher.final(),
    ]);
    return plain.toString('utf8');
  } catch {
    throw new SecretDecryptionError();
  }
}

/** Seals and opens secrets with one key; what services are given instead of the key itself. */
export type SecretBox = {
  seal(plain: string, aad: string): string;
  open(sealed: string, aad: string): string;
};

export function createSecretBox(key: Buffer): SecretBox {
  checkKey(key);
  return {
    seal: (plain, aad) => encryptSecret(key, plain, aad),
    open: (sealed, aad) => decryptSecret(key, sealed, aad),
  };
}

/**
 * SECRETS_KEY when it is set (production must set it: config.ts refuses to start otherwise).
 * Else the key in DATA_DIR/secrets.key, generated there on the first start with mode 0600 and
 * reused afterwards: demo data sealed on one start still opens on the next.
 */
export function resolveSecretsKey(config: Pick<Config, 'secretsKey' | 'secretsKeyFile'>): Buffer {
  return resolveKey(config.secretsKey, config.secretsKeyFile, 'SECRETS_KEY');
}

/**
 * A 32-byte key from configuration, or else from `file`, generated there once (mode 0600) and
 * reused afterwards. Production always configures its keys (config.ts).
 */
export function resolveKey(configured: Buffer | null, file: string, setting: string): Buffer {
  if (configured) return configured;
  try {
    return readKeyFile(file, setting);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    // 'wx' fails if another process wrote the file meanwhile; then its key is the one.
    writeFileSync(file, `${randomBytes(KEY_BYTES).toString('base64')}\n`, {
      mode: 0o600,
      flag: 'wx',
    });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return readKeyFile(file, setting);
}

function readKeyFile(file: string, setting: string): Buffer {
  const key = decodeSecretsKey(readFileSync(file, 'utf8'));
  if (!key) {
    throw new Error(
      `${file} does not hold a 32-byte key (base64 or hex). Restore it, or set ${setting}.`,
    );
  }
  return key;
}

export function secretBoxFromConfig(config: Pick<Config, 'secretsKey' | 'secretsKeyFile'>) {
  return createSecretBox(resolveSecretsKey(config));
}
