import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret, resolveSecretsKey, SecretDecryptionError } from './secrets';

const key = randomBytes(32);
const mdaId = '0b9f3c1e-5d2a-4c1b-9a77-2f1e6d8c4b10';
const otherMdaId = '7c2d8e4f-1a3b-4d5e-8f90-a1b2c3d4e5f6';

describe('encryptSecret / decryptSecret', () => {
  it('round-trips, in the v1.<iv>.<tag>.<ciphertext> form, with a fresh IV each time', () => {
    const sealed = encryptSecret(key, '1946', mdaId);
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('1946');
    expect(decryptSecret(key, sealed, mdaId)).toBe('1946');
    expect(encryptSecret(key, '1946', mdaId)).not.toBe(sealed);
  });

  it('keeps text beyond ASCII and the empty string', () => {
    for (const plain of ['', 'Ọ̀nà-key ₦ 🔑', 'x'.repeat(500)]) {
      expect(decryptSecret(key, encryptSecret(key, plain, mdaId), mdaId)).toBe(plain);
    }
  });

  it('refuses another key', () => {
    const sealed = encryptSecret(key, 'QzAwMDAyNzEyNTl8MTEwNjE4NjF8OWZk', mdaId);
    expect(() => decryptSecret(randomBytes(32), sealed, mdaId)).toThrow(SecretDecryptionError);
  });

  it('refuses a ciphertext moved to another MDA (additional authenticated data)', () => {
    const sealed = encryptSecret(key, '1946', mdaId);
    expect(() => decryptSecret(key, sealed, otherMdaId)).toThrow(SecretDecryptionError);
  });

  it('refuses any altered part', () => {
    const sealed = encryptSecret(key, 'a Remita API key', mdaId);
    const parts = sealed.split('.');
    for (const index of [1, 2, 3]) {
      const altered = [...parts];
      const bytes = Buffer.from(altered[index] as string, 'base64url');
      bytes[0] = (bytes[0] as number) ^ 1;
      altered[index] = bytes.toString('base64url');
      expect(() => decryptSecret(key, altered.join('.'), mdaId)).toThrow(SecretDecryptionError);
    }
    for (const broken of ['', 'v2.a.b.c', parts.slice(0, 3).join('.'), `${sealed}.extra`]) {
      expect(() => decryptSecret(key, broken, mdaId)).toThrow(SecretDecryptionError);
    }
  });

  it('never puts the secret in its error message', () => {
    const sealed = encryptSecret(key, 'do-not-log-me', mdaId);
    expect(() => decryptSecret(randomBytes(32), sealed, mdaId)).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('do-not-log-me') }),
    );
  });

  it('refuses a key that is not 32 bytes', () => {
    expect(() => encryptSecret(randomBytes(16), 'x', mdaId)).toThrow(/32 bytes/);
  });
});

describe('resolveSecretsKey', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'revdesk-secrets-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('uses SECRETS_KEY when it is given, and writes no file', () => {
    const file = path.join(dir, 'unused', 'secrets.key');
    expect(resolveSecretsKey({ secretsKey: key, secretsKeyFile: file })).toBe(key);
    expect(() => statSync(file)).toThrow();
  });

  it('generates a key file once, readable by its owner only, and reuses it', () => {
    const file = path.join(dir, 'data', 'secrets.key');
    const first = resolveSecretsKey({ secretsKey: null, secretsKeyFile: file });
    expect(first).toHaveLength(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(resolveSecretsKey({ secretsKey: null, secretsKeyFile: file }).equals(first)).toBe(true);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.toString('base64'));
  });

  it('refuses a key file that holds no key', () => {
    const file = path.join(dir, 'broken.key');
    writeFileSync(file, 'not a key\n');
    expect(() => resolveSecretsKey({ secretsKey: null, secretsKeyFile: file })).toThrow(
      /does not hold a 32-byte key/,
    );
  });
});
