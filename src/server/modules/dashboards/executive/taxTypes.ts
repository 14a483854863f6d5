import type { TaxType } from '../../../../shared/dashboards/executive';
import { PAYMENT_TYPES, type PaymentSubjectKind } from '../../../../shared/payments/enums';

/**
 * The tax type of a group of the collection totals (docs/dashboards.md "Tax types"): the
 * payment's own `type` when it has one; else the kind of record it settles says it (a stamp
 * duty instrument is stamp duty, a demand notice an MDA demand notice…); an assessment without
 * a type, or a payment of nothing particular, is "other".
 */
const BY_SUBJECT: Record<PaymentSubjectKind, TaxType> = {
  assessment: 'other',
  tcc: 'tcc',
  ssc_schedule: 'ssc',
  demand_notice: 'demand-notice',
  stamp_duty: 'stamp-duty',
};

export function taxTypeOf(type: string | undefined, subjectKind: string | undefined): TaxType {
  if (type && (PAYMENT_TYPES as readonly string[]).includes(type)) return type as TaxType;
  return BY_SUBJECT[subjectKind as PaymentSubjectKind] ?? 'other';
}
