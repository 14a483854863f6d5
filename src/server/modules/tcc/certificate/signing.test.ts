import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signerFromSeed, verifySignedPayload } from './signing';

const facts = {
  n: 'BIRS/TCC/2026/000042',
  b: '1000000017',
  m: 'Amaka Okafor',
  i: '2026-06-01',
  e: '2026-12-31',
  y: [
    [2023, 12_000_000],
    [2024, 13_500_000],
    [2025, 0],
  ] as [number, number][],
};

describe('signing a certificate payload with Ed25519 (ADR 0013)', () => {
  const signer = signerFromSeed(randomBytes(32));
  const keys = new Map([[signer.keyId, signer.publicKey]]);

  it('verifies what it signed, with the key named in it', () => {
    const signed = signer.sign(facts);
    expect(verifySignedPayload(signed, keys)).toMatchObject({ ...facts, k: signer.keyId, v: 1 });
    expect(signer.keyId).toMatch(/^[A-Za-z0-9_-]{11}$/);
  });

  it('refuses a payload changed by one byte, or its signature changed', () => {
    const signed = signer.sign(facts);
    const [payload, signature] = signed.split('.') as [string, string];
    for (let i = 0; i < payload.length; i += 7) {
      const flipped = payload[i] === 'A' ? 'B' : 'A';
      const altered = `${payload.slice(0, i)}${flipped}${payload.slice(i + 1)}.${signature}`;
      expect(verifySignedPayload(altered, keys), `byte ${i}`).toBeNull();
    }
    const badSig = `${payload}.${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    expect(verifySignedPayload(badSig, keys)).toBeNull();
  });

  it("refuses a payload signed by a key it does not list (a forger's own)", () => {
    const forger = signerFromSeed(randomBytes(32));
    const forged = forger.sign(facts);
    expect(verifySignedPayload(forged, keys)).toBeNull();
    // Even claiming the service's key id does not help: the signature does not match.
    const [payload] = forged.split('.');
    const claimed = JSON.parse(Buffer.from(payload as string, 'base64url').toString());
    claimed.k = signer.keyId;
    const relabelled = `${Buffer.from(JSON.stringify(claimed)).toString('base64url')}.${forged.split('.')[1]}`;
    expect(verifySignedPayload(relabelled, keys)).toBeNull();
  });

  it('derives the same key from the same seed (every instance signs alike)', () => {
    const seed = randomBytes(32);
    expect(signerFromSeed(seed).publicKey).toBe(signerFromSeed(Buffer.from(seed)).publicKey);
  });
});
