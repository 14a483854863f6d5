import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  authorizationHeader,
  invoiceHash,
  koboToNaira,
  nairaToKobo,
  parseAuthorizationHeader,
  remitaPayerPhone,
  remitaTimeToIso,
  statusHash,
  statusPath,
  toRemitaTime,
  unwrapJsonp,
} from './protocol';

const sha512 = (text: string) => createHash('sha512').update(text).digest('hex');

describe('Remita hashes and header', () => {
  it('hashes a status call as sha512(rrr + apiKey + merchantId)', () => {
    const hash = statusHash('280012345678', '1946', '2547916');
    expect(hash).toBe(sha512('28001234567819462547916'));
    expect(hash).toMatch(/^[0-9a-f]{128}$/);
    // The order matters: a hash of the same parts in another order is a different hash.
    expect(hash).not.toBe(sha512('25479161946280012345678'));
  });

  it('hashes an invoice as sha512(merchantId + serviceTypeId + orderId + amount + apiKey)', () => {
    expect(invoiceHash('2547916', '4430731', 'ORD-1', '5000.00', '1946')).toBe(
      sha512('25479164430731ORD-15000.001946'),
    );
  });

  it('builds the status path and the Authorization header, and reads the header back', () => {
    expect(statusPath('2547916', '280012345678', 'abc')).toBe(
      '/remita/exapp/api/v1/send/api/echannelsvc/2547916/280012345678/abc/status.reg',
    );
    const header = authorizationHeader('2547916', 'ab12');
    expect(header).toBe('remitaConsumerKey=2547916,remitaConsumerToken=ab12');
    expect(parseAuthorizationHeader(header)).toEqual({ merchantId: '2547916', hash: 'ab12' });
    expect(parseAuthorizationHeader('Bearer ab12')).toBeNull();
    expect(parseAuthorizationHeader(undefined)).toBeNull();
  });
});

describe('Remita amounts', () => {
  it('reads naira into whole kobo without float error', () => {
    expect(nairaToKobo(1234.5)).toBe(123_450);
    expect(nairaToKobo('5000.00')).toBe(500_000);
    expect(nairaToKobo(5000)).toBe(500_000);
    expect(nairaToKobo('1,234.56')).toBe(123_456);
    // 1234.56 * 100 is 123455.99999999999 in floating point.
    expect(nairaToKobo(1234.56)).toBe(123_456);
    expect(nairaToKobo(0.1 + 0.2)).toBeNull();
    expect(nairaToKobo(0.3)).toBe(30);
    expect(nairaToKobo('12.345')).toBeNull();
    expect(nairaToKobo('-5')).toBeNull();
    expect(nairaToKobo('five')).toBeNull();
    expect(nairaToKobo(null)).toBeNull();
  });

  it('writes whole naira without decimals, and two decimals only when there are kobo', () => {
    expect(koboToNaira(500_000)).toBe('5000');
    expect(koboToNaira(500_050)).toBe('5000.50');
    expect(koboToNaira(123_405)).toBe('1234.05');
    expect(koboToNaira(7)).toBe('0.07');
    expect(koboToNaira(0)).toBe('0');
    expect(() => koboToNaira(1.5)).toThrow(RangeError);
  });

  it('hashes an invoice over exactly the amount text sent, with and without kobo', () => {
    const whole = koboToNaira(500_000);
    expect(invoiceHash('2547916', '4430731', 'ORD-1', whole, '1946')).toBe(
      sha512('25479164430731ORD-150001946'),
    );
    const withKobo = koboToNaira(500_050);
    expect(invoiceHash('2547916', '4430731', 'ORD-1', withKobo, '1946')).toBe(
      sha512('25479164430731ORD-15000.501946'),
    );
  });
});

describe('Remita payer phone', () => {
  it('sends digits only, in the national form of the official samples', () => {
    expect(remitaPayerPhone('+2348031234567', null)).toBe('08031234567');
    expect(remitaPayerPhone('+23494801234', null)).toBe('094801234');
  });

  it("sends the service's contact number for a payer with none, else nothing", () => {
    expect(remitaPayerPhone(null, '+2349062067384')).toBe('09062067384');
    expect(remitaPayerPhone('', '+2349062067384')).toBe('09062067384');
    expect(remitaPayerPhone('+2348031234567', '+2349062067384')).toBe('08031234567');
    expect(remitaPayerPhone(null, null)).toBe('');
  });
});

describe('Remita times', () => {
  it('reads a time without a zone as Lagos time (UTC+01:00)', () => {
    expect(remitaTimeToIso('2026-11-20 14:03:11')).toBe('2026-11-20T13:03:11.000Z');
    expect(remitaTimeToIso('2026-01-01 00:30:00')).toBe('2025-12-31T23:30:00.000Z');
    expect(remitaTimeToIso('2026-11-20 02:03:11 PM')).toBe('2026-11-20T13:03:11.000Z');
    expect(remitaTimeToIso('2026-11-20 12:00:00 AM')).toBe('2026-11-19T23:00:00.000Z');
    expect(remitaTimeToIso('2026-11-20')).toBe('2026-11-19T23:00:00.000Z');
  });

  it('keeps a zone when Remita gives one, and refuses what is not a date', () => {
    expect(remitaTimeToIso('2026-11-20T14:03:11Z')).toBe('2026-11-20T14:03:11.000Z');
    expect(remitaTimeToIso('2026-11-20T14:03:11+01:00')).toBe('2026-11-20T13:03:11.000Z');
    expect(remitaTimeToIso('2026-02-31 10:00:00')).toBeNull();
    expect(remitaTimeToIso('2026-11-20 25:00:00')).toBeNull();
    expect(remitaTimeToIso('yesterday')).toBeNull();
    expect(remitaTimeToIso(undefined)).toBeNull();
  });

  it('writes a moment as Lagos wall-clock time, and reads it back', () => {
    const moment = new Date('2026-11-20T13:03:11.000Z');
    expect(toRemitaTime(moment)).toBe('2026-11-20 14:03:11');
    expect(remitaTimeToIso(toRemitaTime(moment))).toBe(moment.toISOString());
  });
});

describe('JSONP', () => {
  it('strips the jsonp ( … ) wrapper, and leaves plain JSON alone', () => {
    expect(unwrapJsonp('jsonp ({"statuscode":"025","RRR":"280012345678"})')).toBe(
      '{"statuscode":"025","RRR":"280012345678"}',
    );
    expect(unwrapJsonp('jsonp({"a":1});\n')).toBe('{"a":1}');
    expect(unwrapJsonp('{"a":1}')).toBe('{"a":1}');
  });
});
