import { randomUUID } from 'node:crypto';
import type { OfficerView } from '../../shared/auth';
import type { IndividualInput, TaxpayerView } from '../../shared/taxpayers';
import type { UserType } from '../../shared/userTypes';
import { systemActor } from '../auth/actor';
import { sessionCookieName } from '../auth/sessions';
import { mdas } from '../db/schema';
import { createDatabaseFileStore } from '../files/store';
import { createOfficerService } from '../modules/officers/service';
import { createTaxpayerService } from '../modules/taxpayers/service';
import { SAME_ORIGIN, type TestContext } from './context';

export const TEST_PASSWORD = 'correct-horse-battery';

let serial = 0;

/** A new officer with unique username and e-mail; the password is TEST_PASSWORD unless given. */
export async function createOfficer(
  ctx: Pick<TestContext, 'db'>,
  input: {
    userType?: UserType;
    password?: string;
    username?: string;
    isActive?: boolean;
    mdaPrivileges?: string[];
  } = {},
): Promise<OfficerView & { password: string }> {
  serial += 1;
  const username = input.username ?? `officer${serial}_${randomUUID().slice(0, 8)}`;
  const password = input.password ?? TEST_PASSWORD;
  const officer = await createOfficerService({ db: ctx.db }).createOfficer(systemActor('system'), {
    username,
    email: `${username}@test.revdesk.ng`,
    firstName: 'Test',
    surname: `Officer ${serial}`,
    phoneNumber: '+2348030000000',
    userType: input.userType ?? 'ADMIN',
    password,
    ...(input.mdaPrivileges ? { mdaPrivileges: input.mdaPrivileges } : {}),
  });
  return { ...officer, password };
}

export type SignedIn = {
  officer: OfficerView & { password: string };
  token: string;
  /** The `Cookie` header value a browser would send. */
  cookie: string;
  /** Headers for a cookie-authenticated write from the app's own page. */
  cookieHeaders: { cookie: string; origin: string };
  bearer: { authorization: string };
};

/** Creates an officer of the type and signs in through the real login route. */
export async function signInAs(ctx: TestContext, userType: UserType): Promise<SignedIn> {
  const officer = await createOfficer(ctx, { userType });
  return signIn(ctx, officer);
}

/** An OFFICER_MDA holding the privileges of the MDAs given, signed in. */
export async function signInMdaOfficer(ctx: TestContext, mdaIds: string[]): Promise<SignedIn> {
  return signIn(ctx, await createOfficer(ctx, { userType: 'OFFICER_MDA', mdaPrivileges: mdaIds }));
}

export async function signIn(
  ctx: TestContext,
  officer: OfficerView & { password: string },
): Promise<SignedIn> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { username: officer.username, password: officer.password },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const token = res.json<{ token: string }>().token;
  const cookie = `${sessionCookieName(ctx.config)}=${token}`;
  return {
    officer,
    token,
    cookie,
    cookieHeaders: { cookie, origin: SAME_ORIGIN },
    bearer: { authorization: `Bearer ${token}` },
  };
}

let ninSerial = 0;

/** A unique 11-digit NIN for this test process. */
export function uniqueNin(): string {
  ninSerial += 1;
  return `${String(process.pid % 10_000).padStart(4, '0')}${String(Date.now() % 1_000).padStart(3, '0')}${String(ninSerial % 10_000).padStart(4, '0')}`.slice(
    0,
    11,
  );
}

/** A unique Nigerian mobile number (+23480…). */
export function uniquePhone(): string {
  ninSerial += 1;
  return `+234809${String((process.pid * 1000 + ninSerial) % 10_000_000).padStart(7, '0')}`;
}

/** Yenagoa LGA in Bayelsa (drizzle/0004_reference_data.sql). */
export const BAYELSA = { stateId: 6, yenagoaLgaId: 608, brassLgaId: 601 } as const;

/** A registration body for an individual in Yenagoa; override what the test is about. */
export function individualInput(overrides: Partial<IndividualInput> = {}): IndividualInput {
  return {
    firstName: 'Ebiere',
    lastName: 'Alamieyeseigha',
    gender: 'female',
    dateOfBirth: '1985-04-12',
    nin: uniqueNin(),
    phone: uniquePhone(),
    address: '12 Mbiama-Yenagoa Road, Kpansia',
    stateId: BAYELSA.stateId,
    lgaId: BAYELSA.yenagoaLgaId,
    employmentStatus: 'self-employed',
    ...overrides,
  };
}

/** A registered individual, made through the service (as the system). */
export async function createTaxpayer(
  ctx: Pick<TestContext, 'db' | 'config'>,
  overrides: Partial<IndividualInput> = {},
): Promise<TaxpayerView> {
  const service = createTaxpayerService({
    db: ctx.db,
    files: createDatabaseFileStore(ctx.db),
  });
  const { taxpayer } = await service.registerIndividual(
    systemActor('system'),
    individualInput(overrides),
  );
  return taxpayer;
}

let mdaSerial = 0;

/** An MDA inserted directly (no Remita credentials): enough to be an officer's MDA privilege. */
export async function createMda(
  ctx: Pick<TestContext, 'db'>,
  input: { name?: string; isActive?: boolean } = {},
): Promise<{ id: string; code: string; name: string }> {
  mdaSerial += 1;
  // At most 11 characters (codes are 12 at most), however many MDAs a worker has made.
  const code = `T${mdaSerial % 100_000}-${randomUUID().slice(0, 4)}`;
  const [row] = await ctx.db
    .insert(mdas)
    .values({
      code,
      name: input.name ?? `Test Ministry ${code}`,
      isActive: input.isActive ?? true,
    })
    .returning({ id: mdas.id, code: mdas.code, name: mdas.name });
  if (!row) throw new Error('insert into mdas returned nothing');
  return row;
}
