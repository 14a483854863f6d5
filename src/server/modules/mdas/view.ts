import type { MdaView, RevenueHeadView } from '../../../shared/mdas';
import type { MdaRow, RevenueHeadRow } from './queries';

export function toRevenueHeadView(row: RevenueHeadRow): RevenueHeadView {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    defaultAmountKobo: row.defaultAmountKobo,
    isActive: row.isActive,
  };
}

/** An MDA as the API shows it: whether a Remita key is stored, never the key. */
export function toMdaView(
  row: MdaRow,
  heads: readonly RevenueHeadRow[],
  officerCount: number,
): MdaView {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    shortName: row.shortName,
    category: row.category,
    isActive: row.isActive,
    merchantId: row.remitaMerchantId,
    serviceTypeIds: row.remitaServiceTypeIds,
    hasRemitaCredentials: Boolean(row.remitaApiKeyEncrypted),
    remitaFault:
      row.remitaFaultCode && row.remitaFaultAt
        ? {
            code: row.remitaFaultCode,
            message: row.remitaFaultMessage ?? '',
            at: row.remitaFaultAt.toISOString(),
          }
        : null,
    revenueHeads: heads.map(toRevenueHeadView),
    officerCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The audited fields of an MDA. Built field by field: nothing sealed can slip in. Whether a
 * key is stored is `hasRemitaKey` here: the audit trail drops any field named like
 * "credential" (modules/audit/service.ts SECRET_KEYS), so `hasRemitaCredentials` would vanish.
 */
export function auditedMda(row: MdaRow) {
  return {
    code: row.code,
    name: row.name,
    shortName: row.shortName,
    category: row.category,
    isActive: row.isActive,
    merchantId: row.remitaMerchantId,
    serviceTypeIds: row.remitaServiceTypeIds,
    hasRemitaKey: Boolean(row.remitaApiKeyEncrypted),
  };
}

/** Only the fields that differ, as `{ before, after }` for the audit row. */
export function diffFields<T extends Record<string, unknown>>(before: T, after: T) {
  const changed = (Object.keys(after) as (keyof T)[]).filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
  return {
    before: Object.fromEntries(changed.map((key) => [key, before[key]])),
    after: Object.fromEntries(changed.map((key) => [key, after[key]])),
  };
}
