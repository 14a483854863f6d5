import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signerFromSeed } from '../../../../server/modules/tcc/certificate/signing';
import type { PublicKeyList } from '../../../../shared/tcc/views';
import {
  checkTccSignature,
  loadTccKeys,
  payloadFromHash,
  readKeptKeys,
  TCC_KEYS_STORAGE_KEY,
  type TccPublicKey,
} from './tccSignature';

// The server's signer (node:crypto) signs; the browser's code (WebCrypto) checks: the same
// bytes must pass both ways (ADR 0013).
const signer = signerFromSeed(randomBytes(32));
const keyOf = (s = signer): TccPublicKey => ({
  keyId: s.keyId,
  algorithm: 'Ed25519',
  publicKey: s.publicKey,
  current: true,
  since: '2026-01-01T00:00:00.000Z',
});
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

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
  };
}

describe('checkTccSignature (WebCrypto Ed25519)', () => {
  it('a payload the server signed is genuine, with its facts', async () => {
    const check = await checkTccSignature(signer.sign(facts), [keyOf()], facts.n);
    expect(check).toEqual({
      result: 'genuine',
      payload: { v: 1, k: signer.keyId, ...facts },
    });
    // The page's number may come typed in another case.
    expect(
      (await checkTccSignature(signer.sign(facts), [keyOf()], facts.n.toLowerCase())).result,
    ).toBe('genuine');
  });

  it('an altered payload, an altered signature or a forger’s own key: not genuine', async () => {
    const [payload, signature] = signer.sign(facts).split('.') as [string, string];
    const alteredFacts = Buffer.from(
      JSON.stringify({ v: 1, k: signer.keyId, ...facts, y: [[2023, 99_000_000]] }),
    ).toString('base64url');
    expect(await checkTccSignature(`${alteredFacts}.${signature}`, [keyOf()], facts.n)).toEqual(
      expect.objectContaining({ result: 'not_genuine', reason: 'bad_signature' }),
    );
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    expect((await checkTccSignature(`${payload}.${flipped}`, [keyOf()], facts.n)).result).toBe(
      'not_genuine',
    );
    const forger = signerFromSeed(randomBytes(32));
    const forged = JSON.parse(
      Buffer.from(forger.sign(facts).split('.')[0] as string, 'base64url').toString(),
    );
    forged.k = signer.keyId;
    const relabelled = `${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${forger.sign(facts).split('.')[1]}`;
    expect((await checkTccSignature(relabelled, [keyOf()], facts.n)).result).toBe('not_genuine');
  });

  it('garbage is unreadable; an unknown key says so; another number’s payload is not this one', async () => {
    expect(await checkTccSignature('not a payload', [keyOf()], facts.n)).toEqual({
      result: 'not_genuine',
      reason: 'unreadable',
      payload: null,
    });
    const other = signerFromSeed(randomBytes(32));
    expect((await checkTccSignature(other.sign(facts), [keyOf()], facts.n)).result).toBe(
      'unknown_key',
    );
    expect(await checkTccSignature(signer.sign(facts), [keyOf()], 'BIRS/TCC/2026/000043')).toEqual(
      expect.objectContaining({ result: 'not_genuine', reason: 'other_number' }),
    );
    // An old key still listed checks what it signed (rotation).
    expect((await checkTccSignature(other.sign(facts), [keyOf(), keyOf(other)], null)).result).toBe(
      'genuine',
    );
  });

  it('a browser without WebCrypto is told so, not told the paper is forged', async () => {
    expect((await checkTccSignature(signer.sign(facts), [keyOf()], facts.n, null)).result).toBe(
      'unsupported',
    );
    const noEd25519 = {
      importKey: () =>
        Promise.reject(Object.assign(new Error('no'), { name: 'NotSupportedError' })),
    } as unknown as SubtleCrypto;
    expect(
      (await checkTccSignature(signer.sign(facts), [keyOf()], facts.n, noEd25519)).result,
    ).toBe('unsupported');
  });
});

describe('loadTccKeys: fetched and kept, the kept ones offline', () => {
  const list: PublicKeyList = { keys: [keyOf()] };

  it('online: fetches, keeps, and merges with keys kept before', async () => {
    const old = keyOf(signerFromSeed(randomBytes(32)));
    const storage = memoryStorage({ [TCC_KEYS_STORAGE_KEY]: JSON.stringify([old]) });
    const loaded = await loadTccKeys(() => Promise.resolve(list), storage);
    expect(loaded.offline).toBe(false);
    expect(loaded.keys.map((k) => k.keyId).sort()).toEqual([old.keyId, signer.keyId].sort());
    expect(
      readKeptKeys(storage)
        .map((k) => k.keyId)
        .sort(),
    ).toEqual([old.keyId, signer.keyId].sort());
  });

  it('offline: the kept keys still check a genuine paper; none kept → none', async () => {
    const storage = memoryStorage();
    await loadTccKeys(() => Promise.resolve(list), storage);
    const offline = await loadTccKeys(
      () => Promise.reject(new TypeError('Failed to fetch')),
      storage,
    );
    expect(offline).toEqual({ keys: [keyOf()], offline: true });
    expect((await checkTccSignature(signer.sign(facts), offline.keys, facts.n)).result).toBe(
      'genuine',
    );
    const fresh = await loadTccKeys(
      () => Promise.reject(new TypeError('offline')),
      memoryStorage(),
    );
    expect(fresh).toEqual({ keys: [], offline: true });
    expect(readKeptKeys(memoryStorage({ [TCC_KEYS_STORAGE_KEY]: '{garbled' }))).toEqual([]);
  });
});

describe('payloadFromHash', () => {
  it('reads the fragment, percent-decoded; none when empty', () => {
    expect(payloadFromHash('#abc.def')).toBe('abc.def');
    expect(payloadFromHash('abc%2Edef')).toBe('abc.def');
    expect(payloadFromHash('#')).toBeNull();
    expect(payloadFromHash('')).toBeNull();
  });
});
