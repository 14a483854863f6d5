import { USER_TYPE_LABELS, USER_TYPES, type UserType } from '../../../shared/userTypes';
import { systemActor } from '../../auth/actor';
import type { Config } from '../../config';
import { createOfficerService } from '../../modules/officers/service';
import type { Db } from '../client';
import { findOfficerIdByUsername } from './queries';

/** Names for the demo officers: one per user type, people the service's staff would recognise as plausible colleagues. */
const DEMO_NAMES = {
  ADMIN: ['Ebiere', 'Alamieyeseigha'],
  EXECUTIVE: ['Timipre', 'Douye'],
  OFFICER_DA: ['Preye', 'Agadah'],
  OFFICER_PAYEE: ['Ebikabowei', 'Tonye'],
  OFFICER_PA: ['Seiyefa', 'Koripamo'],
  OFFICER_MDA: ['Boma', 'Ayibatonye'],
  OFFICER_MDA_ADMIN: ['Tari', 'Ogoniba'],
  DG_BUDGET: ['Ebitimi', 'Amgbare'],
  DIRECTOR_ASSESSMENT: ['Ayebaemi', 'Spiff'],
  DIRECTOR_COLLECTION: ['Doubra', 'Inatimi'],
  ASSESSMENT_OFFICER: ['Ineye', 'Okoko'],
  PRINTING_OFFICER: ['Perebi', 'Tuaweri'],
  TCC_CHAIRMAN: ['Tonbra', 'Ekiyor'],
  OFFICER_BENJIS: ['Ebizimor', 'Diri'],
  OFFICER_BENJIS_READ: ['Owoupele', 'Ere'],
  OFFICER_STAMP_DUTY: ['Ebiowei', 'Sampson'],
  INFORMAL_SECTOR_ADMIN: ['Binaebi', 'Ogbotobo'],
} as const satisfies Record<UserType, readonly [string, string]>;

export type DemoSignIn = { username: string; userType: UserType; label: string; created: boolean };

export function demoUsername(userType: UserType): string {
  return userType.toLowerCase();
}

/**
 * One active officer per user type, username = the user type in lower case, password
 * DEMO_PASSWORD. Idempotent: an officer that exists already is left alone.
 */
export async function seedDemo(db: Db, config: Config): Promise<DemoSignIn[]> {
  if (config.env === 'production')
    throw new Error('The demo seed refuses to run with NODE_ENV=production.');
  const officers = createOfficerService({ db });
  const actor = systemActor('seed');
  const result: DemoSignIn[] = [];
  for (const [index, userType] of USER_TYPES.entries()) {
    const username = demoUsername(userType);
    const exists = await findOfficerIdByUsername(db, username);
    if (!exists) {
      const [firstName, surname] = DEMO_NAMES[userType];
      await officers.createOfficer(actor, {
        username,
        email: `${username}@demo.revdesk.ng`,
        firstName,
        surname,
        phoneNumber: `+23480300000${String(index + 1).padStart(2, '0')}`,
        userType,
        password: config.demoPassword,
      });
    }
    result.push({ username, userType, label: USER_TYPE_LABELS[userType], created: !exists });
  }
  return result;
}
