import { permissionsOf } from '../../shared/permissions';
import { type Actor, systemActor } from '../auth/actor';
import type { Db } from '../db/client';
import { createOfficerService } from '../modules/officers/service';

/**
 * Who acts in an upload's job: the officer who uploaded the file, rebuilt from the officers
 * table, so the audit rows and ledger rows a job writes name the person who asked for it, and
 * the MDAs it may use are that officer's, as if they had done each row by hand. A job without
 * an uploader acts as the system.
 */
export async function actorOfUploader(deps: { db: Db }, officerId: string | null): Promise<Actor> {
  if (!officerId) return systemActor('system');
  const officer = await createOfficerService({ db: deps.db }).getOfficer(
    systemActor('system'),
    officerId,
  );
  return {
    officerId: officer.id,
    username: officer.username,
    userType: officer.userType,
    mdaPrivileges: officer.mdaPrivileges,
    permissions: permissionsOf(officer.userType),
    sessionId: null,
    requestId: null,
    ip: null,
  };
}
