import { describe, expect, it } from 'vitest';
import {
  encodeTccPayload,
  fromBase64Url,
  splitSignedTccPayload,
  type TccPayload,
  toBase64Url,
} from './payload';

const payload: TccPayload = {
  v: 1,
  k: 'abc',
  n: 'BIRS/TCC/2026/000001',
  b: '1000000017',
  m: 'Ọlá Adéyẹmí',
  i: '2026-06-01',
  e: '2026-12-31',
  y: [
    [2023, 1_000_000],
    [2024, 0],
    [2025, 2_500_000],
  ],
};

describe('the signed TCC payload (ADR 0013)', () => {
  it('round-trips base64url, accents included', () => {
    const bytes = new Uint8Array([0, 1, 250, 251, 252, 253, 254, 255]);
    expect(fromBase64Url(toBase64Url(bytes))).toEqual(bytes);
    const signed = `${encodeTccPayload(payload)}.${toBase64Url(new Uint8Array(64).fill(7))}`;
    const split = splitSignedTccPayload(signed);
    expect(split?.payload).toEqual(payload);
    expect(split?.signature).toHaveLength(64);
    expect(new TextDecoder().decode(split?.signedBytes)).toBe(encodeTccPayload(payload));
  });

  it('refuses what is not a signed payload', () => {
    const sig = toBase64Url(new Uint8Array(64));
    for (const text of [
      '',
      'abc',
      `${encodeTccPayload(payload)}.`,
      `${encodeTccPayload(payload)}.${toBase64Url(new Uint8Array(10))}`,
      `${toBase64Url(new TextEncoder().encode('{"v":2}'))}.${sig}`,
      `not base64!.${sig}`,
      `${encodeTccPayload(payload)}.${sig}.extra`,
    ]) {
      expect(splitSignedTccPayload(text), text).toBeNull();
    }
  });
});
