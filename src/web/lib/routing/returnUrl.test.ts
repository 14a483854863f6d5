import { describe, expect, it } from 'vitest';
import { DEFAULT_SIGNED_IN_PATH, safeReturnUrl } from './returnUrl';

describe('where sign-in returns to', () => {
  it('returns to a path on this site, with its query', () => {
    expect(safeReturnUrl('/birs/taxs/pending-tcc-da-director?page=2')).toBe(
      '/birs/taxs/pending-tcc-da-director?page=2',
    );
  });

  it.each([
    undefined,
    '',
    'https://evil.example/',
    '//evil.example/phish',
    '/\\evil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
    '/auth/login',
    '/account/login?returnUrl=/birs',
  ])('goes to the dashboard instead of %j', (returnUrl) => {
    expect(safeReturnUrl(returnUrl)).toBe(DEFAULT_SIGNED_IN_PATH);
  });
});
