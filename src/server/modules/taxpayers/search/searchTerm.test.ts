import { describe, expect, it } from 'vitest';
import { makeBtin } from '../../../../shared/btin';
import { parseLookupTerm, parseSearchTerm } from './searchTerm';

describe('parseSearchTerm', () => {
  it('takes a valid BTIN as a BTIN (and, being ten digits, as a JTB TIN or phone too)', () => {
    const btin = makeBtin(123_456_789);
    const term = parseSearchTerm(` ${btin} `);
    expect(term?.exact.btin).toEqual([btin]);
    expect(term?.name).toBeNull();
  });

  it('takes 0803… as a phone and a possible NIN', () => {
    const term = parseSearchTerm('0803 123 4567');
    expect(term?.exact.phone).toEqual(['+2348031234567']);
    expect(term?.exact.nin).toEqual(['08031234567']);
    expect(term?.exact.btin).toEqual([]);
  });

  it('takes +234… as a phone only', () => {
    const term = parseSearchTerm('+2348031234567');
    expect(term?.exact.phone).toEqual(['+2348031234567']);
    expect(term?.exact.nin).toEqual([]);
  });

  it('lower-cases e-mails and reads CAC numbers', () => {
    expect(parseSearchTerm('Ebi@Example.COM')?.exact.email).toEqual(['ebi@example.com']);
    expect(parseSearchTerm('rc 123456')?.exact.cacNumber).toEqual(['RC123456']);
  });

  it('takes anything with letters as a name, quotes and all', () => {
    expect(parseSearchTerm("'; drop table taxpayers; --")?.name).toBe(
      "'; drop table taxpayers; --",
    );
    expect(parseSearchTerm('  Ebiere   Alamieyeseigha ')?.name).toBe('Ebiere Alamieyeseigha');
  });

  it('has nothing to search for an empty term', () => {
    expect(parseSearchTerm('   ')).toBeNull();
  });
});

describe('parseLookupTerm', () => {
  it('finds a BTIN, an e-mail or a phone', () => {
    const btin = makeBtin(200_000_001);
    expect(parseLookupTerm(btin).btin).toBe(btin);
    expect(parseLookupTerm('A@B.NG').email).toBe('a@b.ng');
    expect(parseLookupTerm('234 803 123 4567').phone).toBe('+2348031234567');
    expect(parseLookupTerm('1234567890')).toEqual({ btin: null, email: null, phone: null });
  });
});
