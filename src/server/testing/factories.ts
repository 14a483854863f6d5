import { randomUUID } from 'node:crypto';
import type { OfficerView } from '../../shared/auth';
import type { UserType } from '../../shared/userTypes';
import { systemActor } from '../auth/actor';
import { createOfficerService } from '../modules/officers/service';
import { SAME_ORIGIN, type TestContext } from './context';

export const TEST_PASSWORD = 'correct-horse-battery';

let serial = 0;

/** A new officer with unique username and e-mail; the password is TEST_PASSWORD unless given. */
export async function createOfficer(
  ctx: Pick<TestContext, 'db'>,
  input: { userType?: UserType; password?: string; username?: string; isActive?: boolean } = {},
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
  const cookie = `revdesk_session=${token}`;
  return {
    officer,
    token,
    cookie,
    cookieHeaders: { cookie, origin: SAME_ORIGIN },
    bearer: { authorization: `Bearer ${token}` },
  };
}
