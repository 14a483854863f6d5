import { describe, expect, it } from 'vitest';
import { availableActions } from './AssessmentActions';

const all = { create: true, issue: true, waive: true, object: true };
const draft = {
  status: 'draft' as const,
  kind: 'direct' as const,
  source: 'assessed' as const,
  paidKobo: 0,
  isPenaltyWaived: false,
  issuedAt: null,
  amountDueKobo: 100,
};

describe('availableActions', () => {
  it('offers a draft editing, issuing and cancelling, but no bill, objection or notice', () => {
    expect(availableActions(draft, all)).toEqual({
      edit: true,
      issue: true,
      cancel: true,
      bill: false,
      waive: false,
      objection: false,
      notice: false,
    });
    // A presumptive draft is edited in its own form, as a direct one is.
    expect(availableActions({ ...draft, kind: 'presumptive' }, all).edit).toBe(true);
  });

  it('offers an issued one its bill, notice, objection and waiver; cancel only while unpaid', () => {
    const issued = { ...draft, status: 'issued' as const, issuedAt: '2026-01-05T09:00:00Z' };
    expect(availableActions(issued, all)).toMatchObject({
      edit: false,
      issue: false,
      cancel: true,
      bill: true,
      waive: true,
      objection: true,
      notice: true,
    });
    const partPaid = { ...issued, status: 'part_paid' as const, paidKobo: 50 };
    expect(availableActions(partPaid, all).cancel).toBe(false);
    expect(availableActions({ ...issued, isPenaltyWaived: true }, all).waive).toBe(false);
  });

  it('hides what the officer may not do', () => {
    const issued = { ...draft, status: 'issued' as const, issuedAt: '2026-01-05T09:00:00Z' };
    const director = { create: false, issue: false, waive: true, object: false };
    expect(availableActions(issued, director)).toMatchObject({
      bill: false,
      cancel: false,
      objection: false,
      waive: true,
      notice: true,
    });
  });

  it('offers a paid backlog entry nothing but reading', () => {
    const backlog = {
      ...draft,
      status: 'paid' as const,
      source: 'backlog' as const,
      paidKobo: 100,
      amountDueKobo: 0,
      issuedAt: null,
    };
    expect(Object.values(availableActions(backlog, all)).some(Boolean)).toBe(false);
  });
});
