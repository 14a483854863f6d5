import type { TaxpayerListItem, TaxpayerView } from '../../../shared/taxpayers';
import { isoTimestamp } from '../../db/driverRows';
import type { TaxpayerListRow } from './list/listQueries';
import type { TaxpayerRecord } from './record';

/** The API's view of a stored taxpayer (src/shared/taxpayers/views.ts). */
export function toTaxpayerView(record: TaxpayerRecord): TaxpayerView {
  const t = record.taxpayer;
  return {
    btin: t.btin,
    kind: t.kind,
    status: t.status,
    source: t.source,
    displayName: t.displayName,
    nationalTaxId: t.nationalTaxId,
    jtbTin: t.jtbTin,
    phone: t.phone,
    email: t.email,
    address: t.address,
    stateId: t.stateId,
    stateName: record.stateName,
    lgaId: t.lgaId,
    lgaName: record.lgaName,
    townId: t.townId,
    townName: record.townName,
    title: t.title,
    firstName: t.firstName,
    middleName: t.middleName,
    lastName: t.lastName,
    gender: t.gender,
    dateOfBirth: t.dateOfBirth,
    maritalStatus: t.maritalStatus,
    nin: t.nin,
    bvn: t.bvn,
    occupationId: t.occupationId,
    occupationName: record.occupationName,
    professionId: t.professionId,
    professionName: record.professionName,
    professionPath:
      record.professionCategoryCode && record.professionSubcategoryCode
        ? {
            categoryCode: record.professionCategoryCode,
            subcategoryCode: record.professionSubcategoryCode,
          }
        : null,
    employmentStatus: t.employmentStatus,
    employerName: t.employerName,
    sourceOfIncome: t.sourceOfIncome,
    username: t.username,
    registeredName: t.registeredName,
    cacNumber: t.cacNumber,
    cacKind: t.cacKind,
    incorporationDate: t.incorporationDate,
    sector: t.sector,
    businessType: t.businessType,
    employeeCount: t.employeeCount,
    directors: record.directors,
    hasPhoto: t.photoKey !== null,
    version: t.version,
    createdAt: t.createdAt.toISOString(),
    createdByUsername: record.createdByUsername,
    updatedAt: t.updatedAt.toISOString(),
    updatedByUsername: record.updatedByUsername,
  };
}

/**
 * A registry row as the list shows it, built field by field from the driver's row (ADR 0024):
 * the LGA's name from the reference names its statement read, the time as ISO 8601.
 */
export function toListItem(
  row: TaxpayerListRow,
  lgas: ReadonlyMap<number, string>,
): TaxpayerListItem {
  return {
    btin: row.btin,
    kind: row.kind,
    status: row.status,
    displayName: row.displayName,
    firstName: row.firstName,
    lastName: row.lastName,
    registeredName: row.registeredName,
    nin: row.nin,
    cacNumber: row.cacNumber,
    phone: row.phone,
    email: row.email,
    lgaName: row.lgaId === null ? null : (lgas.get(row.lgaId) ?? null),
    createdAt: isoTimestamp(row.createdAt),
  };
}

/** Fields that change on every edit and say nothing about what the officer changed. */
const BOOKKEEPING = new Set([
  'version',
  'updatedAt',
  'updatedByUsername',
  'createdAt',
  'createdByUsername',
]);

/** The fields that differ between two views of one taxpayer, for the audit trail and history. */
export function changedFields(before: TaxpayerView, after: TaxpayerView) {
  const changes: { field: string; before: unknown; after: unknown }[] = [];
  for (const key of Object.keys(after) as (keyof TaxpayerView)[]) {
    if (BOOKKEEPING.has(key)) continue;
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      changes.push({ field: key, before: before[key], after: after[key] });
    }
  }
  return changes;
}
