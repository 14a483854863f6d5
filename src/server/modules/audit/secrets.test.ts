import { describe, expect, it } from 'vitest';
import { describeVerification } from './chain';
import { withoutSecrets } from './service';

describe('withoutSecrets: what never reaches the audit trail', () => {
  it.each([
    'password',
    'temporaryPassword',
    'passwordHash',
    'sessionToken',
    'clientSecret',
    'apiKey',
    'api_key',
    'remitaApiKey',
    'remitaApiKeyEncrypted',
    'credentials',
  ])('drops %s', (key) => {
    expect(withoutSecrets({ [key]: 'sk-live-123', name: 'Ministry of Health' })).toEqual({
      name: 'Ministry of Health',
    });
  });

  it('drops secrets at any depth and in arrays, keeps everything else', () => {
    const mda = {
      code: 'MOH',
      remita: { merchantId: '2547916', apiKey: 'k1', serviceTypeIds: ['4430731'] },
      heads: [{ code: '12010001', remitaApiKeyEncrypted: 'v1:abc' }],
      at: '2026-11-22T10:00:00.000Z',
      count: 3,
      isActive: true,
      note: null,
    };
    expect(withoutSecrets(mda)).toEqual({
      code: 'MOH',
      remita: { merchantId: '2547916', serviceTypeIds: ['4430731'] },
      heads: [{ code: '12010001' }],
      at: '2026-11-22T10:00:00.000Z',
      count: 3,
      isActive: true,
      note: null,
    });
  });

  it('drops a change-list entry whose field is a secret', () => {
    const changes = [
      { field: 'name', before: 'Health', after: 'Ministry of Health' },
      { field: 'apiKey', before: 'old-key', after: 'new-key' },
    ];
    expect(withoutSecrets({ changes })).toEqual({ changes: [changes[0]] });
  });

  it('keeps plain values as they are', () => {
    expect(withoutSecrets('text')).toBe('text');
    expect(withoutSecrets(null)).toBeNull();
    expect(withoutSecrets([1, 'two'])).toEqual([1, 'two']);
  });
});

describe('describeVerification', () => {
  it('says intact with the count and head, or where the chain breaks and why', () => {
    expect(describeVerification({ intact: true, checked: 12, headHash: 'ab12' })).toBe(
      'chain intact: 12 rows, head ab12',
    );
    expect(
      describeVerification({
        intact: false,
        checked: 5,
        firstBadId: 42,
        reason: 'the row was altered',
        headHash: null,
      }),
    ).toBe('chain broken at audit row 42: the row was altered');
    expect(
      describeVerification({ intact: false, checked: 5, reason: 'rows deleted', headHash: null }),
    ).toBe('chain broken at the end of the chain: rows deleted');
  });
});
