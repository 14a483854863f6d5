import type { Db } from '../../db/client';
import { officerUsernames } from '../officers/service';
import { referenceNamesAt } from '../reference/service';
import { selectTaxpayerByBtin } from './queries';

/**
 * One taxpayer with the names of everything it refers to, and its directors. The row, its
 * directors and the reference data's version are one statement; the names come from memory at
 * that version, and the officers' usernames from memory by id (ADR 0018). Before, nine scalar
 * sub-selects made the lookup cost more than twice the row alone (bench/README.md).
 */
export async function findTaxpayerByBtin(db: Db, btin: string) {
  const row = await selectTaxpayerByBtin(db, btin);
  if (!row) return null;
  const t = row.taxpayer;
  const [names, usernames] = await Promise.all([
    referenceNamesAt(db, row.referenceVersion),
    officerUsernames(db, [t.createdBy, t.updatedBy]),
  ]);
  const profession = t.professionId === null ? undefined : names.professions.get(t.professionId);
  const nameIn = <K>(map: ReadonlyMap<K, string>, id: K | null) =>
    id === null ? null : (map.get(id) ?? null);
  return {
    taxpayer: t,
    stateName: nameIn(names.states, t.stateId),
    lgaName: nameIn(names.lgas, t.lgaId),
    townName: nameIn(names.towns, t.townId),
    occupationName: nameIn(names.occupations, t.occupationId),
    professionName: profession?.name ?? null,
    professionSubcategoryCode: profession?.subcategoryCode ?? null,
    professionCategoryCode: profession?.categoryCode ?? null,
    createdByUsername: nameIn(usernames, t.createdBy),
    updatedByUsername: nameIn(usernames, t.updatedBy),
    directors: row.directors,
  };
}
export type TaxpayerRecord = NonNullable<Awaited<ReturnType<typeof findTaxpayerByBtin>>>;
