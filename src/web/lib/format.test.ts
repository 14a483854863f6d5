import { describe, expect, it } from 'vitest';
import { actorText, formatNigerianPhone, formatPhone } from './format';

describe('formatPhone', () => {
  it('shows a stored mobile as staff write it, nothing for no number', () => {
    expect(formatPhone('+2348030000010')).toBe('0803 000 0010');
    expect(formatNigerianPhone('+2348030000010')).toBe('0803 000 0010');
    expect(formatPhone(null)).toBe('');
  });

  it('leaves a number that is not Nigerian as given', () => {
    expect(formatPhone('+447700900123')).toBe('+447700900123');
  });
});

describe('actorText', () => {
  it('names the officer; a system actor by its username; nobody as null', () => {
    expect(actorText({ actorName: 'Preye Agadah', actorUsername: 'officer_da' })).toBe(
      'Preye Agadah',
    );
    expect(actorText({ actorName: null, actorUsername: 'seed' })).toBe('seed');
    expect(actorText({ actorName: null, actorUsername: null })).toBeNull();
  });
});
