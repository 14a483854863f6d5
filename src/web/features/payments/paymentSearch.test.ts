import { describe, expect, it } from 'vitest';
import { PaymentListQuery } from '../../../shared/payments/views';
import { PaymentHistorySearch, paymentParams } from './paymentSearch';

describe('PaymentHistorySearch', () => {
  it('keeps the SPEC filters a bookmark holds', () => {
    const search = PaymentHistorySearch.parse({
      customerName: 'Ebiere',
      status: 'paid',
      channel: 'pos',
      mdaCode: 'MOH',
      startDate: '2026-01-01',
      page: '3',
    });
    expect(search).toMatchObject({
      customerName: 'Ebiere',
      status: 'paid',
      channel: 'pos',
      mdaCode: 'MOH',
      startDate: '2026-01-01',
      page: 3,
    });
    expect(PaymentHistorySearch.hasFilters(search)).toBe(true);
  });

  it('reads a reference typed into the address bar, which the router hands over as a number', () => {
    const search = PaymentHistorySearch.parse({ paymentReference: 280012345678, btin: 1234567890 });
    expect(search).toMatchObject({ paymentReference: '280012345678', btin: '1234567890' });
  });

  it('drops what a hand-edited URL got wrong instead of failing the page', () => {
    const search = PaymentHistorySearch.parse({
      status: 'stolen',
      startDate: '31/01/2026',
      pageSize: '500',
      payment: 'not-an-id',
    });
    expect(search).toEqual({
      status: undefined,
      startDate: undefined,
      pageSize: undefined,
      payment: undefined,
    });
    expect(PaymentHistorySearch.hasFilters(search)).toBe(false);
  });
});

describe('paymentParams', () => {
  it('asks the API for exactly what the URL holds, in a form the API accepts', () => {
    const params = paymentParams({ btin: '1234567890', type: 'stamp-duty', page: 2 });
    expect(Object.fromEntries(params)).toEqual({
      btin: '1234567890',
      type: 'stamp-duty',
      sort: '-date',
      page: '2',
      pageSize: '50',
    });
    expect(PaymentListQuery.safeParse(Object.fromEntries(params)).success).toBe(true);
  });

  it('exports the whole filter, without paging', () => {
    const params = paymentParams({ status: 'reversed', page: 4 }, 'xlsx');
    expect(Object.fromEntries(params)).toEqual({
      status: 'reversed',
      sort: '-date',
      format: 'xlsx',
    });
    expect(PaymentListQuery.safeParse(Object.fromEntries(params)).success).toBe(true);
  });
});
