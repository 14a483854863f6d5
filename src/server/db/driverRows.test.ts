import { describe, expect, it } from 'vitest';
import { isoTimestamp } from './driverRows';

describe('isoTimestamp', () => {
  it('reads PostgreSQL’s UTC text as Date would, cutting the fraction to milliseconds', () => {
    const texts = [
      '2026-11-20 09:12:33.123456+00',
      '2026-11-20 09:12:33.1+00',
      '2026-11-20 09:12:33.12+00',
      '2026-11-20 09:12:33.999999+00',
      '2026-11-20 09:12:33+00',
      '2024-02-29 23:59:59.000001+00',
      '1970-01-01 00:00:00+00',
    ];
    for (const text of texts) expect(isoTimestamp(text)).toBe(new Date(text).toISOString());
    expect(isoTimestamp('2026-11-20 09:12:33.123456+00')).toBe('2026-11-20T09:12:33.123Z');
  });

  it('reads any other offset through Date', () => {
    expect(isoTimestamp('2026-11-20 10:12:33.5+01')).toBe('2026-11-20T09:12:33.500Z');
    expect(isoTimestamp('2026-11-20 14:42:33+05:30')).toBe('2026-11-20T09:12:33.000Z');
  });

  it('agrees with Date over a spread of instants', () => {
    for (let at = Date.UTC(2001, 0, 1); at < Date.UTC(2031, 0, 1); at += 86_399_937) {
      const iso = new Date(at).toISOString();
      const micros = String((at % 1000) * 1000 + 456).padStart(6, '0');
      const text = `${iso.slice(0, 10)} ${iso.slice(11, 19)}.${micros}+00`;
      expect(isoTimestamp(text)).toBe(iso);
    }
  });
});
