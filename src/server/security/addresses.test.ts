import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { addressMatcher, isAddressOrCidr, parseTrustProxy } from './addresses';

describe('isAddressOrCidr', () => {
  it.each(['10.0.0.1', '10.0.0.0/8', '0.0.0.0/0', '2001:db8::1', '2001:db8::/32', '::1/128'])(
    '%s is one',
    (entry) => expect(isAddressOrCidr(entry)).toBe(true),
  );
  it.each([
    '',
    'remita.net',
    '10.0.0.0/33',
    '2001:db8::/129',
    '10.0.0.1/8/1',
    '10.0.0/8',
    '10.0.0.0/x',
  ])('%s is not', (entry) => expect(isAddressOrCidr(entry)).toBe(false));
});

describe('parseTrustProxy', () => {
  it('unset, empty, off or 0 trust nobody', () => {
    for (const text of [undefined, '', ' off ', '0']) expect(parseTrustProxy(text)).toBe(false);
  });
  it('a whole number is a hop count, up to 10', () => {
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('11')).toBeNull();
  });
  it('a list of addresses, CIDRs and the named private ranges', () => {
    expect(parseTrustProxy('10.0.0.1, 172.16.0.0/12,loopback')).toEqual([
      '10.0.0.1',
      '172.16.0.0/12',
      'loopback',
    ]);
  });
  it('refuses "true" and anything that is not an address', () => {
    expect(parseTrustProxy('true')).toBeNull();
    expect(parseTrustProxy('10.0.0.1, proxy.local')).toBeNull();
  });
});

describe('addressMatcher', () => {
  const matches = addressMatcher(['203.0.113.0/24', '198.51.100.7', '2001:db8::/32']);
  it('matches addresses inside the entries, IPv4 seen through IPv6 too', () => {
    expect(matches('203.0.113.200')).toBe(true);
    expect(matches('::ffff:203.0.113.9')).toBe(true);
    expect(matches('198.51.100.7')).toBe(true);
    expect(matches('2001:db8:1::5')).toBe(true);
  });
  it('and nothing else', () => {
    expect(matches('198.51.100.8')).toBe(false);
    expect(matches('203.0.114.1')).toBe(false);
    expect(matches('2001:db9::1')).toBe(false);
    expect(matches(null)).toBe(false);
    expect(matches('unknown')).toBe(false);
  });
});

describe('the settings in config.ts', () => {
  it('have their defaults', () => {
    const config = loadConfig({});
    expect(config.trustProxy).toBe(false);
    expect(config.remitaNotificationSources).toBeNull();
    expect(config.publicCheckRateLimitPerMinute).toBe(60);
    expect(config.remitaNotificationRateLimitPerMinute).toBe(600);
  });
  it('read lists and counts', () => {
    const config = loadConfig({
      TRUST_PROXY: '10.0.0.0/8',
      REMITA_NOTIFICATION_SOURCES: '203.0.113.7, 198.51.100.0/24',
      PUBLIC_CHECK_RATE_LIMIT_PER_MINUTE: '20',
    });
    expect(config.trustProxy).toEqual(['10.0.0.0/8']);
    expect(config.remitaNotificationSources).toEqual(['203.0.113.7', '198.51.100.0/24']);
    expect(config.publicCheckRateLimitPerMinute).toBe(20);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
  });
  it('refuse what is not an address, saying what is expected', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY is off, a number/);
    expect(() => loadConfig({ REMITA_NOTIFICATION_SOURCES: 'remita.net' })).toThrow(
      /REMITA_NOTIFICATION_SOURCES is `any` or a comma-separated list/,
    );
  });
});
