import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { hasPermission } from '../../../shared/permissions';
import { USER_TYPES, type UserType } from '../../../shared/userTypes';
import { buildApp } from '../../app';
import { createTestContext, type TestContext, testConfig } from '../../testing/context';
import { openTestDatabase } from '../../testing/database';
import { type SignedIn, signIn, signInAs } from '../../testing/factories';
import { matrixChanges, pinnedAllows } from './changes';
import { PINNED_HOLDERS, PINNED_ROUTES } from './pinned';
import {
  fakeUrl,
  guardedOperations,
  type Operation,
  operationsOf,
  routeListGaps,
  routerRoutes,
} from './routeTable';

/**
 * The access matrix (ADR 0005, docs/architecture.md §4): every /api operation, called by an anonymous
 * caller and by an officer of each of the 17 user types, answers what the pinned matrix
 * (pinned.ts) says — 401 without a session, 403 without the permission, and with it anything
 * but 401, 403 or a 5xx (the fake ids and empty bodies sent here usually earn 404 or 422).
 */
let ctx: TestContext & { close(): Promise<void> };
let operations: Operation[];
const sessions = new Map<UserType, SignedIn>();

beforeAll(async () => {
  // Listening, so routes that ask Remita or EVAS reach the simulators rather than a 502.
  ctx = await createTestContext({}, { listen: true, runJobs: false });
  const document = await ctx.app.inject({ url: '/api/openapi.json' });
  operations = operationsOf(document.json());
  for (const userType of USER_TYPES) sessions.set(userType, await signInAs(ctx, userType));
}, 120_000);
afterAll(() => ctx.close());

const PINNED = { routes: PINNED_ROUTES, holders: PINNED_HOLDERS };
const isPublic = (key: string) => PINNED_ROUTES[key] === 'public';

describe('the list of routes', () => {
  it('is the same in the OpenAPI document, the gate and the router', () => {
    // The parser of the router's tree is itself checked: it must find what the gate saw.
    expect(routerRoutes(ctx.app).length).toBeGreaterThan(100);
    expect(routeListGaps(ctx.app, operations)).toEqual([]);
  });

  it('catches a route hidden from the OpenAPI document', async () => {
    const database = await openTestDatabase();
    const app = await buildApp({
      config: testConfig(),
      database,
      runJobs: false,
      registerExtraRoutes: (extra) => {
        extra.get(
          '/api/v1/backdoor/:id',
          {
            schema: { hide: true, response: { 200: z.object({}) } },
            config: { permission: 'account:self' },
          },
          () => ({}),
        );
      },
    });
    try {
      await app.ready();
      const document = (await app.inject({ url: '/api/openapi.json' })).json();
      expect(routeListGaps(app, operationsOf(document))).toEqual([
        'GET /api/v1/backdoor/{id}: served but not in the OpenAPI document',
      ]);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('matches the pinned matrix cell by cell: route × user type', () => {
    const changes = matrixChanges(guardedOperations(ctx.app), hasPermission, PINNED);
    expect(changes, 'the access matrix changed; update pinned.ts deliberately').toEqual([]);
  });
});

type Answer = { status: number; code: string | undefined };

async function call(operation: Operation, headers: Record<string, string>): Promise<Answer> {
  const hasBody = !['GET', 'HEAD', 'DELETE'].includes(operation.method);
  const res = await ctx.app.inject({
    method: operation.method as 'GET',
    url: fakeUrl(operation),
    headers,
    ...(hasBody ? { payload: {} } : {}),
  });
  let code: string | undefined;
  try {
    code = res.json<{ error?: { code?: string } }>().error?.code;
  } catch {
    code = undefined; // a PDF, a CSV, an image: not an error body
  }
  return { status: res.statusCode, code };
}

/** What the gate must answer, or null when the caller is let through (then not 401, 403, 5xx). */
function verdict(answer: Answer, expected: 401 | 403 | 'let in'): string | null {
  if (expected === 401) {
    return answer.status === 401 && answer.code === 'UNAUTHENTICATED' ? null : 'expected 401';
  }
  if (expected === 403) {
    return answer.status === 403 && answer.code === 'FORBIDDEN' ? null : 'expected 403';
  }
  if (answer.status === 401 || answer.status === 403 || answer.status >= 500) {
    return 'expected to be let in (not 401, 403 or a 5xx)';
  }
  return null;
}

describe('every operation answers each caller as the pinned matrix says', () => {
  // One test per operation, so a failure names the route; the message names the callers.
  it.each(Object.keys(PINNED_ROUTES))('%s', async (key) => {
    const operation = operations.find((o) => `${o.method} ${o.path}` === key);
    expect(operation, `${key} is not in the OpenAPI document`).toBeDefined();
    if (!operation) return;
    const wrong: string[] = [];

    const anonymous = await call(operation, {});
    const anonymousProblem = verdict(anonymous, isPublic(key) ? 'let in' : 401);
    if (anonymousProblem)
      wrong.push(`anonymous: ${anonymous.status} ${anonymous.code}, ${anonymousProblem}`);

    for (const userType of USER_TYPES) {
      let session = sessions.get(userType) as SignedIn;
      // Signing out ends the session: spend a second one on it.
      if (key === 'POST /api/v1/auth/logout') session = await signIn(ctx, session.officer);
      const answer = await call(operation, session.cookieHeaders);
      const problem = verdict(answer, pinnedAllows(PINNED, key, userType) ? 'let in' : 403);
      if (problem) wrong.push(`${userType}: ${answer.status} ${answer.code}, ${problem}`);
    }
    // A cookie without the page's Origin never writes (CSRF, docs/architecture.md §4), whoever it is.
    if (!isPublic(key) && operation.method !== 'GET') {
      const { cookie } = sessions.get('ADMIN') as SignedIn;
      const crossSite = await call(operation, { cookie, origin: 'https://evil.example' });
      const bare = await call(operation, { cookie });
      for (const [how, answer] of [
        ['another Origin', crossSite],
        ['no Origin', bare],
      ] as const) {
        if (answer.status !== 403 || answer.code !== 'ORIGIN_MISMATCH') {
          wrong.push(`ADMIN by cookie with ${how}: ${answer.status} ${answer.code}, expected 403`);
        }
      }
    }
    expect(wrong, key).toEqual([]);
  });
});
