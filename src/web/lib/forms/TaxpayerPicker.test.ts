import { describe, expect, it } from 'vitest';
import { isNameTerm } from '../../shell/topbar/TaxpayerSearch';
import { isPickerSearch, matchDetails } from './TaxpayerPicker';

describe('the taxpayer picker', () => {
  it('searches a name, a phone or an e-mail; not a BTIN or a BTIN half typed', () => {
    expect(isPickerSearch('Ad')).toBe(true);
    expect(isPickerSearch('08031110001')).toBe(true);
    expect(isPickerSearch('a@b.ng')).toBe(true);
    expect(isPickerSearch('A')).toBe(false);
    expect(isPickerSearch('12345')).toBe(false);
    expect(isPickerSearch('1000023075')).toBe(false);
  });

  it('tells namesakes apart by BTIN, kind, phone, LGA and a status other than active', () => {
    const match = {
      btin: '1000023075',
      kind: 'individual' as const,
      status: 'active' as const,
      displayName: 'Tonye Adebayo',
      phone: '+2348065303476',
      lgaName: 'Brass',
    };
    expect(matchDetails(match)).toBe('1000023075 · Individual · 0806 530 3476 · Brass');
    expect(
      matchDetails({
        ...match,
        kind: 'corporate',
        status: 'dissolved',
        phone: null,
        lgaName: null,
      }),
    ).toBe('1000023075 · Company · Dissolved');
  });
});

describe('the top bar search', () => {
  it('lists the matches of a name, and looks up a BTIN, phone or e-mail as before', () => {
    expect(isNameTerm('Tonye Adebayo')).toBe(true);
    expect(isNameTerm('1000023075')).toBe(false);
    expect(isNameTerm('0803 111 0001')).toBe(false);
    expect(isNameTerm('tonye@example.ng')).toBe(false);
  });
});
