import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { selectReferenceNames } from './queries';

/**
 * The names of states, LGAs, towns, occupations and professions, kept in memory by the version
 * of the reference data they were read at (ADR 0018).
 *
 * A read that wants names selects `referenceVersionColumn` in its own statement (no extra round
 * trip) and hands the version it saw to `referenceNamesAt`. Triggers give the data a fresh
 * random version in the same transaction as any change (drizzle/0015), so names stored under a
 * version are exactly that version's: a change on any instance is seen by the next read on
 * every instance, with nothing to listen to and nothing to expire.
 */

export type ProfessionNames = { name: string; subcategoryCode: string; categoryCode: string };

export type ReferenceNames = {
  /** Null only if the version row was deleted: such names are never kept. */
  version: string | null;
  states: ReadonlyMap<number, string>;
  lgas: ReadonlyMap<number, string>;
  towns: ReadonlyMap<number, string>;
  occupations: ReadonlyMap<number, string>;
  professions: ReadonlyMap<number, ProfessionNames>;
};

/** Select this beside the rows whose names you want, in the same statement. */
export const referenceVersionColumn: SQL<string | null> = sql<
  string | null
>`(select version::text from reference_data_version)`;

/**
 * Versions kept at once. One is current; a few more cover databases that share the process
 * (tests, a restore being checked) without reloading each other's names back and forth.
 */
const KEPT_VERSIONS = 4;

const namesByVersion = new Map<string, ReferenceNames>();

/** Loads under way by the version their caller saw: concurrent misses of one version share one. */
const loading = new Map<string, Promise<ReferenceNames>>();

function keep(names: ReferenceNames): void {
  if (names.version === null) return;
  namesByVersion.delete(names.version);
  namesByVersion.set(names.version, names);
  while (namesByVersion.size > KEPT_VERSIONS) {
    const oldest = namesByVersion.keys().next().value;
    if (oldest === undefined) break;
    namesByVersion.delete(oldest);
  }
}

async function load(db: Db): Promise<ReferenceNames> {
  const row = await selectReferenceNames(db);
  const professions = new Map<number, ProfessionNames>();
  for (const [id, name, subcategoryCode, categoryCode] of row.professions) {
    professions.set(id, { name, subcategoryCode, categoryCode });
  }
  const names: ReferenceNames = {
    version: row.version,
    states: new Map(row.states),
    lgas: new Map(row.lgas),
    towns: new Map(row.towns),
    occupations: new Map(row.occupations),
    professions,
  };
  keep(names);
  return names;
}

/**
 * The names at `version`, the version a statement of `db` just saw. Kept names when they are of
 * that version; otherwise one load through `db` (a transaction sees its own changes). Callers
 * that miss the same version meanwhile, on any handle, wait for that load and take its names if
 * they are of their version (they are exactly that version's data, whoever read them); if not
 * (the data changed again, or the loader's transaction saw changes of its own), they load
 * through their own handle. A caller's own load that finds a newer version than it asked for
 * (the data changed between its two statements) answers with the newer names.
 */
export async function referenceNamesAt(db: Db, version: string | null): Promise<ReferenceNames> {
  if (version === null) return load(db);
  const kept = namesByVersion.get(version);
  if (kept) return kept;
  const underWay = loading.get(version);
  if (underWay) {
    const shared = await underWay.catch(() => null);
    if (shared?.version === version) return shared;
    return load(db);
  }
  const started = load(db).finally(() => loading.delete(version));
  loading.set(version, started);
  return started;
}

/** How many versions are kept: for the tests. */
export function keptReferenceVersions(): string[] {
  return [...namesByVersion.keys()];
}
