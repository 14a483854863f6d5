import { fakerEN_NG } from '@faker-js/faker';
import { BAYELSA_STATE_ID } from '../../../shared/reference';
import { USER_TYPE_LABELS, USER_TYPES, type UserType } from '../../../shared/userTypes';
import { systemActor } from '../../auth/actor';
import type { Config } from '../../config';
import { recordAudit } from '../../modules/audit/service';
import { createOfficerService } from '../../modules/officers/service';
import type { Db } from '../client';
import { seedDemoMdas } from './mdas';
import { countTaxpayersFromSource, findOfficerIdByUsername, selectPlacesOfState } from './queries';
import { fakeCompany, fakeIndividual, insertTaxpayersInBulk } from './taxpayers';

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

/** The MDA staff work for the Ministry of Health, so their scoped views show something. */
const DEMO_MDA_PRIVILEGES: Partial<Record<UserType, readonly string[]>> = {
  OFFICER_MDA: ['MOH'],
  OFFICER_MDA_ADMIN: ['MOH'],
};

export function demoUsername(userType: UserType): string {
  return userType.toLowerCase();
}

/**
 * The demo MDAs (seed/mdas.ts), then one active officer per user type, username = the user
 * type in lower case, password DEMO_PASSWORD. Idempotent: an officer that exists already is
 * left alone.
 */
export async function seedDemo(db: Db, config: Config): Promise<DemoSignIn[]> {
  if (config.env === 'production')
    throw new Error('The demo seed refuses to run with NODE_ENV=production.');
  const mdaIds = await seedDemoMdas(db, config);
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
        mdaPrivileges: (DEMO_MDA_PRIVILEGES[userType] ?? []).flatMap((code) => {
          const id = mdaIds.get(code);
          return id ? [id] : [];
        }),
      });
    }
    result.push({ username, userType, label: USER_TYPE_LABELS[userType], created: !exists });
  }
  return result;
}

export const DEMO_INDIVIDUALS = 2_000;
export const DEMO_COMPANIES = 300;

/**
 * About 2,000 individuals and 300 companies spread over Bayelsa's LGAs, marked as
 * an import. Idempotent: skipped when imported taxpayers exist. Answers how many it added.
 */
export async function seedDemoTaxpayers(db: Db, config: Config): Promise<number> {
  if (config.env === 'production')
    throw new Error('The demo seed refuses to run with NODE_ENV=production.');
  if ((await countTaxpayersFromSource(db, 'import')) > 0) return 0;
  const places = await selectPlacesOfState(db, BAYELSA_STATE_ID);
  const faker = fakerEN_NG;
  faker.seed(2026);
  const now = new Date();
  const batch = [
    ...Array.from({ length: DEMO_INDIVIDUALS }, (_, n) => ({
      row: fakeIndividual(faker, n + 1, places, now),
    })),
    ...Array.from({ length: DEMO_COMPANIES }, (_, n) => fakeCompany(faker, n + 1, places, now)),
  ];
  await db.transaction(async (tx) => {
    for (let i = 0; i < batch.length; i += 500) {
      await insertTaxpayersInBulk(tx, batch.slice(i, i + 500));
    }
    await recordAudit(tx, systemActor('seed'), {
      action: 'taxpayer.demo_seeded',
      entityType: 'taxpayer',
      after: { individuals: DEMO_INDIVIDUALS, companies: DEMO_COMPANIES },
    });
  });
  return batch.length;
}
