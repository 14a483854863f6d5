import { describe, expect, it } from 'vitest';
import { formatNigerianPhone, normaliseNigerianPhone } from './phone';

describe('normaliseNigerianPhone', () => {
  it.each([
    '08031234567',
    '8031234567',
    '+2348031234567',
    '2348031234567',
    '0803 123 4567',
    '+234 (0) 803-123-4567',
  ])('%s is +2348031234567', (input) => {
    expect(normaliseNigerianPhone(input)).toBe('+2348031234567');
  });

  it('keeps fixed lines', () => {
    expect(normaliseNigerianPhone('01-2345678')).toBe('+23412345678');
    expect(normaliseNigerianPhone('089 123456')).toBe('+23489123456');
  });

  it.each(['', 'abc', '+447700900123', '0603123456', '080312345', '080312345678', '12'])(
    '%s is not a Nigerian number',
    (input) => {
      expect(normaliseNigerianPhone(input)).toBeNull();
    },
  );

  it('formats for people', () => {
    expect(formatNigerianPhone('+2348031234567')).toBe('0803 123 4567');
    expect(formatNigerianPhone('+23412345678')).toBe('012345678');
  });

  it.each([
    ['+2348030000010', '0803 000 0010'],
    ['+2347012345678', '0701 234 5678'],
    ['+2349112345678', '0911 234 5678'],
    // Stored before E.164, or as a payer typed it to Remita: one form all the same.
    ['08031234567', '0803 123 4567'],
    ['2348031234567', '0803 123 4567'],
    [' 0803-123-4567 ', '0803 123 4567'],
    ['0803 123 4567', '0803 123 4567'],
  ])('shows the mobile %s as %s', (stored, shown) => {
    expect(formatNigerianPhone(stored)).toBe(shown);
  });

  it.each(['+447700900123', '', 'not a number', '080312345', '+2348031234'])(
    'shows %j, not a Nigerian number, as given',
    (stored) => {
      expect(formatNigerianPhone(stored)).toBe(stored);
    },
  );
});
