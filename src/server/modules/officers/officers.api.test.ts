import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_TYPES } from '../../../shared/userTypes';
import { createTestContext, type TestContext } from '../../testing/context';
import { createOfficer, type SignedIn, signInAs } from '../../testing/factories';

let ctx: TestContext & { close(): Promise<void> };
let admin: SignedIn;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signInAs(ctx, 'ADMIN');
});
afterAll(() => ctx.close());

function list(query: string, headers: Record<string, string>) {
  return ctx.app.inject({ method: 'GET', url: `/api/v1/officers${query}`, headers });
}

describe('GET /api/v1/officers', () => {
  it('401 without a session', async () => {
    const res = await list('', {});
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      error: { code: 'UNAUTHENTICATED', message: 'Please sign in to continue.' },
    });
  });

  it.each(USER_TYPES)('%s: 200 for ADMIN only, 403 for every other user type', async (userType) => {
    const s = await signInAs(ctx, userType);
    const res = await list('', s.bearer);
    if (userType === 'ADMIN') {
      expect(res.statusCode).toBe(200);
    } else {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
  });

  it('pages: the first page holds fifty by default, total counts all', async () => {
    for (let i = 0; i < 55; i++) await createOfficer(ctx, { userType: 'ASSESSMENT_OFFICER' });
    const first = await list('?userType=ASSESSMENT_OFFICER', admin.bearer);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.page).toBe(1);
    expect(body.pageSize).toBe(50);
    expect(body.items).toHaveLength(50);
    expect(body.total).toBeGreaterThanOrEqual(55);
    const second = await list('?userType=ASSESSMENT_OFFICER&page=2', admin.bearer);
    const ids = new Set(body.items.map((o: { id: string }) => o.id));
    for (const o of second.json().items) expect(ids.has(o.id)).toBe(false);
  });

  it('finds by part of a name, username, e-mail or Officer ID; nothing secret leaks', async () => {
    const officer = await createOfficer(ctx, {
      userType: 'PRINTING_OFFICER',
      username: 'ebiowei.printing',
    });
    for (const term of ['ebiowei', 'EBIOWEI.PRINT', officer.officerId]) {
      const res = await list(`?search=${encodeURIComponent(term)}`, admin.bearer);
      expect(res.json().items.map((o: { id: string }) => o.id)).toContain(officer.id);
    }
    const res = await list('?search=ebiowei', admin.bearer);
    expect(Object.keys(res.json().items[0]).sort()).toEqual([
      'email',
      'firstName',
      'id',
      'isActive',
      'mdaPrivileges',
      'officerId',
      'phoneNumber',
      'surname',
      'userType',
      'username',
    ]);
    // LIKE wildcards in the term are taken literally.
    expect((await list('?search=%25', admin.bearer)).json().items).toEqual([]);
  });

  it('sorts', async () => {
    const res = await list('?sort=-username&pageSize=5', admin.bearer);
    const names = res.json().items.map((o: { username: string }) => o.username.toLowerCase());
    expect(names).toEqual([...names].sort().reverse());
  });

  it.each([
    '?pageSize=201',
    '?pageSize=0',
    '?page=-1',
    '?page=abc',
    '?userType=GOVERNOR',
    '?sort=password',
    `?search=${'x'.repeat(101)}`,
  ])('422 for bad input %s', async (query) => {
    const res = await list(query, admin.bearer);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });
});
