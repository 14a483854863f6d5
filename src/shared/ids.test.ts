import { describe, expect, it } from 'vitest';
import { isUuid } from './ids';

describe('isUuid', () => {
  it('accepts the 8-4-4-4-12 hex form in either case, version bits or not', () => {
    expect(isUuid('0b7c5a0e-3f1d-4c2b-9a8e-1d2c3b4a5f60')).toBe(true);
    expect(isUuid('0B7C5A0E-3F1D-4C2B-9A8E-1D2C3B4A5F60')).toBe(true);
    expect(isUuid('00000000-0000-0000-0000-000000000001')).toBe(true);
  });

  it('refuses what a uuid column would not take, or what is an MDA code or username', () => {
    for (const text of [
      '',
      'admin',
      'MDA-001',
      '0b7c5a0e3f1d4c2b9a8e1d2c3b4a5f60',
      '0b7c5a0e-3f1d-4c2b-9a8e-1d2c3b4a5f6',
      '0b7c5a0e-3f1d-4c2b-9a8e-1d2c3b4a5f60 ',
      '0b7c5a0e-3f1d-4c2b-9a8e-1d2c3b4a5f6g',
      '{0b7c5a0e-3f1d-4c2b-9a8e-1d2c3b4a5f60}',
    ]) {
      expect(isUuid(text), text).toBe(false);
    }
  });
});
