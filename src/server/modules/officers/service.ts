import type { OfficerView } from '../../../shared/auth';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { createOfficerAccountService } from './accounts/service';
import { createOfficerListService } from './list/service';
import { createOfficerProfileService } from './profile';
import { findOfficerById } from './queries';
import { toOfficerView } from './view';

export type { NewOfficer } from './accounts/service';
export { officerUsernames } from './usernames';
export { toOfficerView } from './view';

export type OfficerServiceDeps = { db: Db };

/**
 * The officers' service as other modules reach it (sign-in, the profile page, the CLI, the demo
 * seed, jobs): the list (list/), the accounts' creation and changes (accounts/), the officer's
 * own record (profile.ts), and one officer as the user record of docs/product.md §3.
 */
export function createOfficerService({ db }: OfficerServiceDeps) {
  return {
    ...createOfficerListService({ db }),
    ...createOfficerAccountService({ db }),
    ...createOfficerProfileService({ db }),

    async getOfficer(_actor: Actor, id: string): Promise<OfficerView> {
      const row = await findOfficerById(db, id);
      if (!row) throw new AppError('NOT_FOUND', 'No such officer.');
      return toOfficerView(row);
    },
  };
}

export type OfficerService = ReturnType<typeof createOfficerService>;
