import type { ReferenceItem } from '../../../shared/reference';
import type { Db } from '../../db/client';
import { AppError, fieldError } from '../../errors';
import {
  findPlace,
  lgaExists,
  occupationExists,
  professionExists,
  selectLgasOfState,
  selectOccupations,
  selectProfessionCategories,
  selectProfessionsOfSubcategory,
  selectStates,
  selectSubcategoriesOfCategory,
  selectTownsOfLga,
  stateExists,
} from './queries';

/**
 * States, LGAs, towns, occupations and professions: read-only lists loaded by a migration, and
 * the checks other modules make against them (an LGA in its state, a town in its LGA).
 */
export function createReferenceService({ db }: { db: Db }) {
  return {
    listStates: (): Promise<ReferenceItem[]> => selectStates(db),

    async listLgas(stateId: number): Promise<ReferenceItem[]> {
      if (!(await stateExists(db, stateId))) throw new AppError('NOT_FOUND', 'No such state.');
      return selectLgasOfState(db, stateId);
    },

    async listTowns(lgaId: number): Promise<ReferenceItem[]> {
      if (!(await lgaExists(db, lgaId))) throw new AppError('NOT_FOUND', 'No such LGA.');
      return selectTownsOfLga(db, lgaId);
    },

    listOccupations: (): Promise<ReferenceItem[]> => selectOccupations(db),
    listProfessionCategories: (): Promise<ReferenceItem[]> => selectProfessionCategories(db),

    async listProfessionSubcategories(categoryCode: string): Promise<ReferenceItem[]> {
      const items = await selectSubcategoriesOfCategory(db, categoryCode);
      if (!items) throw new AppError('NOT_FOUND', 'No such profession category.');
      return items;
    },

    async listProfessions(subcategoryCode: string): Promise<ReferenceItem[]> {
      const items = await selectProfessionsOfSubcategory(db, subcategoryCode);
      if (!items) throw new AppError('NOT_FOUND', 'No such profession sub-category.');
      return items;
    },

    /** Refuses (422, naming the field) an LGA outside the state or a town outside the LGA. */
    async checkPlace(
      tx: Db,
      place: { stateId: number; lgaId: number; townId: number | null },
    ): Promise<void> {
      const { lga, town } = await findPlace(tx, place);
      if (!lga) throw fieldError('lgaId', 'Choose an LGA from the list');
      if (lga.stateId !== place.stateId) {
        throw fieldError('lgaId', 'This LGA is not in the chosen state');
      }
      if (place.townId !== null) {
        if (!town) throw fieldError('townId', 'Choose a town from the list');
        if (town.lgaId !== place.lgaId) {
          throw fieldError('townId', 'This town is not in the chosen LGA');
        }
      }
    },

    /** Refuses (422) an occupation or profession id that is not in the lists. */
    async checkWork(
      tx: Db,
      work: { occupationId: number | null; professionId: number | null },
    ): Promise<void> {
      if (work.occupationId !== null && !(await occupationExists(tx, work.occupationId))) {
        throw fieldError('occupationId', 'Choose an occupation from the list');
      }
      if (work.professionId !== null && !(await professionExists(tx, work.professionId))) {
        throw fieldError('professionId', 'Choose a profession from the list');
      }
    },
  };
}

export type ReferenceService = ReturnType<typeof createReferenceService>;

export {
  type ReferenceNames,
  referenceNamesAt,
  referenceVersionColumn,
} from './cache';
