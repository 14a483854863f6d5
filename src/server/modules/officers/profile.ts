import type { ProfilePatch, ProfileView } from '../../../shared/officers';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { recordAudit } from '../audit/service';
import { refuseTakenUsernameOrEmail, storedPhone } from './accounts/rules';
import { findOfficerById, lockOfficerById, type OfficerChange, updateOfficerRow } from './queries';
import { toProfileView } from './view';

function ownId(actor: Actor): string {
  if (!actor.officerId) throw new AppError('UNAUTHENTICATED');
  return actor.officerId;
}

/** What an officer may see and change of their own record. */
export function createOfficerProfileService({ db }: { db: Db }) {
  async function getOwnRow(actor: Actor) {
    const row = await findOfficerById(db, ownId(actor));
    if (!row) throw new AppError('UNAUTHENTICATED');
    return row;
  }

  return {
    async getProfile(actor: Actor): Promise<ProfileView> {
      return toProfileView(await getOwnRow(actor));
    },

    /** E-mail and phone only: names and user type are the administrator's to change. */
    async updateProfile(actor: Actor, patch: ProfilePatch): Promise<ProfileView> {
      const id = ownId(actor);
      const wanted: OfficerChange = {
        email: patch.email?.trim().toLowerCase(),
        phoneNumber: patch.phoneNumber === undefined ? undefined : storedPhone(patch.phoneNumber),
      };
      return db.transaction(async (tx) => {
        const row = await lockOfficerById(tx, id);
        if (!row) throw new AppError('UNAUTHENTICATED');
        const changed = (['email', 'phoneNumber'] as const).filter(
          (key) => wanted[key] !== undefined && wanted[key] !== row[key],
        );
        if (changed.length > 0) {
          if (changed.includes('email')) {
            await refuseTakenUsernameOrEmail(tx, { email: wanted.email }, id);
          }
          const set = Object.fromEntries(changed.map((key) => [key, wanted[key]]));
          await updateOfficerRow(tx, id, set);
          await recordAudit(tx, actor, {
            action: 'officer.profile_updated',
            entityType: 'officer',
            entityId: id,
            before: Object.fromEntries(changed.map((key) => [key, row[key]])),
            after: set,
          });
        }
        const updated = await findOfficerById(tx, id);
        if (!updated) throw new Error('officer vanished inside its own transaction');
        return toProfileView(updated);
      });
    },

    /** Points the officer's record at a stored photo (the caller has put the file first). */
    async setOwnPhotoKey(
      actor: Actor,
      key: string,
      facts: { bytes: number; type: string },
    ): Promise<ProfileView> {
      const id = ownId(actor);
      return db.transaction(async (tx) => {
        const row = await lockOfficerById(tx, id);
        if (!row) throw new AppError('UNAUTHENTICATED');
        await updateOfficerRow(tx, id, { photoKey: key });
        await recordAudit(tx, actor, {
          action: 'officer.photo_changed',
          entityType: 'officer',
          entityId: id,
          before: { photo: row.photoKey },
          after: { photo: key, ...facts },
        });
        const updated = await findOfficerById(tx, id);
        if (!updated) throw new Error('officer vanished inside its own transaction');
        return toProfileView(updated);
      });
    },

    async ownPhotoKey(actor: Actor): Promise<string | null> {
      return (await getOwnRow(actor)).photoKey;
    },
  };
}
