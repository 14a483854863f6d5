import { describe, expect, it } from 'vitest';
import { loggableUrl } from './requestLog';

describe('loggableUrl', () => {
  it('keeps the path and harmless query parameters as sent', () => {
    expect(loggableUrl('/api/v1/tcc', '/api/v1/tcc')).toBe('/api/v1/tcc');
    expect(loggableUrl('/api/v1/taxpayers?page=2&q=Alaibe%20Timi&sort=name', undefined)).toBe(
      '/api/v1/taxpayers?page=2&q=Alaibe%20Timi&sort=name',
    );
    expect(loggableUrl('/api/v1/taxpayers?', undefined)).toBe('/api/v1/taxpayers');
  });

  it('replaces the values of secret-looking query parameters', () => {
    expect(
      loggableUrl(
        '/x?token=abc&page=1&apiKey=k&api_key=k2&access_token=t&password=p&signature=s&hash=h&sig=z',
        undefined,
      ),
    ).toBe(
      '/x?token=[redacted]&page=1&apiKey=[redacted]&api_key=[redacted]&access_token=[redacted]&password=[redacted]&signature=[redacted]&hash=[redacted]&sig=[redacted]',
    );
    // The name is matched as decoded, so an encoded name hides nothing.
    expect(loggableUrl('/x?%74oken=abc', undefined)).toBe('/x?%74oken=[redacted]');
    expect(loggableUrl('/x?%E0%A4%A=1', undefined)).toBe('/x?%E0%A4%A=1');
  });

  it('logs the simulators (whose paths carry the MDA hash) by route pattern only', () => {
    const url = '/_sim/remita/remita/ecomm/2547916/270007785316/ab12cd34/status.reg';
    expect(loggableUrl(url, '/_sim/remita/remita/ecomm/:merchantId/:rrr/*')).toBe(
      '/_sim/remita/remita/ecomm/:merchantId/:rrr/*',
    );
    expect(loggableUrl(url, undefined)).toBe('/_sim/…');
  });

  it('cuts a very long URL', () => {
    const logged = loggableUrl(`/api/v1/${'a'.repeat(5_000)}`, undefined);
    expect(logged).toHaveLength(1_001);
    expect(logged.endsWith('…')).toBe(true);
  });
});
