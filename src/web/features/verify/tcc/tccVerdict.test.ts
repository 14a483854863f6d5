import { describe, expect, it } from 'vitest';
import type { TccPayload } from '../../../../shared/tcc/payload';
import type { PublicTccView } from '../../../../shared/tcc/views';
import { ApiError } from '../../../lib/api/api';
import { verdictByCode, verdictByNumber } from './tccVerdict';

const payload: TccPayload = {
  v: 1,
  k: 'key',
  n: 'BIRS/TCC/2026/000042',
  b: '1000000017',
  m: 'Amaka Okafor',
  i: '2026-06-01',
  e: '2099-12-31',
  y: [[2025, 100]],
};
const view = (status: PublicTccView['status']): PublicTccView => ({
  status,
  number: payload.n,
  maskedName: 'A**** O*****',
  issuedOn: '2026-06-01',
  expiresOn: '2099-12-31',
  years: [2025],
});
const done = (data: PublicTccView) => ({ state: 'done' as const, data });
const genuine = { result: 'genuine' as const, payload };
const altered = { result: 'not_genuine' as const, reason: 'bad_signature' as const, payload };
const offline = new ApiError({ status: 0, code: 'NETWORK_FAILURE', message: 'offline' });

describe('verdictByCode: one verdict from the record and the signature (ADR 0032)', () => {
  it('valid only with a valid record and a genuine signature, or no QR code at all', () => {
    const base = { signed: 'x.y', keysOffline: false };
    expect(verdictByCode({ ...base, online: done(view('valid')), signature: genuine }).tone).toBe(
      'valid',
    );
    expect(
      verdictByCode({
        online: done(view('valid')),
        signed: null,
        signature: null,
        keysOffline: false,
      }).tone,
    ).toBe('valid');
  });

  it('an altered, truncated or foreign QR code on a valid record: invalid, never valid', () => {
    const base = { online: done(view('valid')), signed: 'x.y', keysOffline: false };
    for (const signature of [
      altered,
      { result: 'not_genuine' as const, reason: 'unreadable' as const, payload: null },
      { result: 'not_genuine' as const, reason: 'other_number' as const, payload },
      { result: 'unknown_key' as const, payload },
    ]) {
      const verdict = verdictByCode({ ...base, signature });
      expect(verdict.tone, signature.result).toBe('invalid');
      expect(verdict.title).toMatch(/^Do not accept/);
    }
  });

  it('revoked, expired, unknown: invalid even with a genuine signature', () => {
    for (const status of ['revoked', 'expired', 'unknown'] as const) {
      const verdict = verdictByCode({
        online: done(view(status)),
        signed: 'x.y',
        signature: genuine,
        keysOffline: false,
      });
      expect(verdict.tone, status).toBe('invalid');
    }
  });

  it('still checking: pending; offline or an old browser: not confirmed', () => {
    expect(
      verdictByCode({
        online: { state: 'pending' },
        signed: null,
        signature: null,
        keysOffline: false,
      }).tone,
    ).toBe('pending');
    expect(
      verdictByCode({
        online: done(view('valid')),
        signed: 'x.y',
        signature: null,
        keysOffline: false,
      }).tone,
    ).toBe('pending');
    const noService = verdictByCode({
      online: { state: 'failed', error: offline },
      signed: 'x.y',
      signature: genuine,
      keysOffline: true,
    });
    expect(noService.tone).toBe('unsure');
    expect(noService.title).toMatch(/revocation not checked/);
    expect(
      verdictByCode({
        online: done(view('valid')),
        signed: 'x.y',
        signature: { result: 'unsupported', payload },
        keysOffline: false,
      }).tone,
    ).toBe('unsure');
  });
});

describe('verdictByNumber: an old certificate matched by its signed expiry date', () => {
  it('valid only when the signature is genuine and the number matches', () => {
    const base = { signature: genuine, keysOffline: false };
    expect(verdictByNumber({ ...base, match: { state: 'done', data: { match: true } } }).tone).toBe(
      'valid',
    );
    expect(
      verdictByNumber({ ...base, match: { state: 'done', data: { match: false } } }).tone,
    ).toBe('invalid');
    expect(verdictByNumber({ signature: altered, keysOffline: false, match: null }).tone).toBe(
      'invalid',
    );
    expect(verdictByNumber({ ...base, match: { state: 'failed', error: offline } }).tone).toBe(
      'unsure',
    );
  });
});
