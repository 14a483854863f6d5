import { describe, expect, it } from 'vitest';
import { type EditableRule, ruleFormErrors, ruleFormOf, ruleUpdateOf } from './ruleForm';

const conveyance: EditableRule = {
  id: '00000000-0000-4000-8000-000000000001',
  instrumentType: 'conveyance',
  name: 'Conveyance or transfer of land',
  law: 'NTA2025',
  kind: 'percent',
  ratePpm: 15_000,
  flatKobo: null,
  leaseTiers: null,
  exemptionKind: 'value_at_or_below',
  exemptionThresholdKobo: 1_000_000,
  chargedPartyRole: 'transferee',
  validFrom: '2026-01-01',
  validTo: null,
  toConfirm: false,
  source: 'Nigeria Tax Act 2025, Ninth Schedule',
  version: 3,
};

const receipt: EditableRule = {
  ...conveyance,
  instrumentType: 'receipt',
  kind: 'flat',
  ratePpm: null,
  flatKobo: 100_000,
  exemptionKind: 'none',
  exemptionThresholdKobo: null,
  toConfirm: true,
};

describe('the stamp duty rule dialog', () => {
  it('shows a rule as percent and naira, and sends it back as ppm and kobo unchanged', () => {
    const values = ruleFormOf(conveyance);
    expect(values).toEqual({
      ratePercent: 1.5,
      flatNaira: '',
      thresholdNaira: 10_000,
      toConfirm: false,
      validTo: null,
    });
    expect(ruleFormErrors(conveyance, values)).toEqual({});
    const { id: _id, law: _law, kind: _kind, instrumentType: _type, ...sent } = conveyance;
    expect(ruleUpdateOf(conveyance, values)).toEqual(sent);
  });

  it('sends the changed values: a rate of 0.375 %, a threshold of ₦20,000.50, a last day', () => {
    const body = ruleUpdateOf(conveyance, {
      ratePercent: 0.375,
      flatNaira: '',
      thresholdNaira: 20_000.5,
      toConfirm: true,
      validTo: '2026-12-31',
    });
    expect(body).toMatchObject({
      ratePpm: 3_750,
      exemptionThresholdKobo: 2_000_050,
      toConfirm: true,
      validTo: '2026-12-31',
      version: 3,
    });
    expect(ruleUpdateOf(receipt, { ...ruleFormOf(receipt), flatNaira: 500 }).flatKobo).toBe(50_000);
  });

  it('says what is wrong, in words, beside the field', () => {
    expect(ruleFormErrors(conveyance, { ...ruleFormOf(conveyance), ratePercent: '' })).toEqual({
      ratePercent: 'Enter the rate, a percentage of the consideration',
    });
    expect(
      ruleFormErrors(conveyance, { ...ruleFormOf(conveyance), ratePercent: 150 }).ratePercent,
    ).toBe('The rate is above 0 % and at most 100 %');
    expect(
      ruleFormErrors(conveyance, { ...ruleFormOf(conveyance), ratePercent: 1.23456 }).ratePercent,
    ).toMatch(/4 decimal places/);
    expect(
      ruleFormErrors(conveyance, { ...ruleFormOf(conveyance), thresholdNaira: '' }).thresholdNaira,
    ).toBe('Enter the value under which it is exempt');
    expect(
      ruleFormErrors(conveyance, { ...ruleFormOf(conveyance), validTo: '2025-12-31' }).validTo,
    ).toBe("The last day cannot be before the rule's first day, 1 Jan 2026");
    expect(ruleFormErrors(receipt, { ...ruleFormOf(receipt), flatNaira: '' })).toEqual({
      flatNaira: 'Enter the fixed duty in naira',
    });
    expect(
      ruleFormErrors(receipt, { ...ruleFormOf(receipt), flatNaira: 2_000_000_000 }).flatNaira,
    ).toMatch(/at most ₦1,000,000,000/);
    // A flat rule's rate and a rule without exemption's threshold are not asked for.
    expect(ruleFormErrors(receipt, ruleFormOf(receipt))).toEqual({});
  });
});
