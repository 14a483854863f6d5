import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_TYPES } from '../../../shared/userTypes';
import { csvRowsOf, xlsxSheetOf } from '../../export/testing';
import { createTestContext, type TestContext } from '../../testing/context';
import { createMda, createOfficer, type SignedIn, signInAs } from '../../testing/factories';
import { outcomeOf } from '../../testing/outcomes';
import { auditOf, newOfficerBody, officerXmin } from './testing';

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

function create(payload: unknown, headers: Record<string, string> = admin.bearer) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/officers',
    payload: payload as object,
    headers,
  });
}

const ids = (res: { json(): { items: { id: string }[] } }) => res.json().items.map((o) => o.id);

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
    const seen = new Set(ids(first));
    for (const id of ids(second)) expect(seen.has(id)).toBe(false);
  });

  it('finds by part of a name, username, e-mail or Officer ID; nothing secret leaks', async () => {
    const officer = await createOfficer(ctx, {
      userType: 'PRINTING_OFFICER',
      username: 'ebiowei.printing',
    });
    for (const term of ['ebiowei', 'EBIOWEI.PRINT', officer.officerId]) {
      const res = await list(`?search=${encodeURIComponent(term)}`, admin.bearer);
      expect(ids(res)).toContain(officer.id);
    }
    const res = await list('?search=ebiowei', admin.bearer);
    expect(Object.keys(res.json().items[0]).sort()).toEqual([
      'createdAt',
      'email',
      'firstName',
      'hasPhoto',
      'id',
      'isActive',
      'isSignInThrottled',
      'mdaPrivileges',
      'mustChangePassword',
      'officerId',
      'phoneNumber',
      'signInThrottledUntil',
      'surname',
      'userType',
      'username',
    ]);
    // LIKE wildcards in the term are taken literally.
    expect((await list('?search=%25', admin.bearer)).json().items).toEqual([]);
  });

  it('filters the two screens apart, and by MDA and by state', async () => {
    const mda = await createMda(ctx);
    const staff = await create(
      newOfficerBody({ userType: 'OFFICER_MDA', mdaPrivileges: [mda.id] }),
    );
    const staffId = staff.json().id;
    const admins = await list('?userTypeGroup=admin&pageSize=200', admin.bearer);
    expect(admins.json().items.every((o: { userType: string }) => o.userType === 'ADMIN')).toBe(
      true,
    );
    expect(ids(admins)).toContain(admin.officer.id);
    const others = await list(`?userTypeGroup=staff&mdaId=${mda.id}`, admin.bearer);
    expect(ids(others)).toEqual([staffId]);

    // Three failures from one address: that address must wait (ADR 0023).
    const throttled = await createOfficer(ctx, { userType: 'OFFICER_DA' });
    for (let i = 0; i < 3; i++) {
      await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { username: throttled.username, password: 'not-the-password' },
      });
    }
    const throttledList = await list('?state=throttled&pageSize=200', admin.bearer);
    expect(ids(throttledList)).toContain(throttled.id);
    expect(
      throttledList.json().items.find((o: { id: string }) => o.id === throttled.id)
        .isSignInThrottled,
    ).toBe(true);
    expect(
      ids(await list('?state=active&pageSize=200&userType=OFFICER_DA', admin.bearer)),
    ).not.toContain(throttled.id);
    const inactive = await createOfficer(ctx, { userType: 'OFFICER_DA' });
    await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/officers/${inactive.id}/deactivate`,
      headers: admin.bearer,
    });
    expect(ids(await list('?state=inactive&pageSize=200', admin.bearer))).toContain(inactive.id);
  });

  it('sorts', async () => {
    const res = await list('?sort=-username&pageSize=5', admin.bearer);
    const names = res.json().items.map((o: { username: string }) => o.username.toLowerCase());
    expect(names).toEqual([...names].sort().reverse());
  });

  it('exports the filter as CSV and Excel, formulas neutralised, and audits the export', async () => {
    await create(newOfficerBody({ firstName: '=HYPERLINK("http://x")', surname: 'Formulaic' }));
    const csv = await list('?search=Formulaic&format=csv', admin.bearer);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(
      /attachment; filename="officers-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toContain('Officer ID');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`'=HYPERLINK`);
    expect(lines[1]).toContain('Presumptive Assessment Officer');

    const xlsx = await list('?search=Formulaic&format=xlsx&userTypeGroup=staff', admin.bearer);
    expect(xlsx.headers['content-disposition']).toContain('tax-officers-');
    const { sheet, rows } = await xlsxSheetOf(xlsx, 'Officers');
    expect(sheet.rowCount).toBe(2);
    // A quote-prefixed string cell: no apostrophe shows.
    expect(rows[0]?.['First name']?.value).toBe('=HYPERLINK("http://x")');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date());
    expect(rows[0]?.['Joined on']?.value).toEqual(new Date(`${today}T00:00:00Z`));
    expect(csvRowsOf(csv)[0]).toMatchObject({ 'Joined on': today, State: 'Active' });

    const forbidden = await list('?format=csv', (await signInAs(ctx, 'EXECUTIVE')).bearer);
    expect(forbidden.statusCode).toBe(403);
  });

  it.each([
    '?pageSize=201',
    '?pageSize=0',
    '?page=-1',
    '?page=abc',
    '?userType=GOVERNOR',
    '?userTypeGroup=everyone',
    '?mdaId=not-a-uuid',
    '?state=asleep',
    '?format=pdf',
    '?sort=password',
    `?search=${'x'.repeat(101)}`,
  ])('422 for bad input %s', async (query) => {
    const res = await list(query, admin.bearer);
    expect(outcomeOf(res)).toBe('422 VALIDATION_FAILED');
  });
});

describe('POST /api/v1/officers', () => {
  it('creates an officer with a generated Officer ID and a temporary password, audited in the same transaction', async () => {
    const mda = await createMda(ctx);
    const body = newOfficerBody({ mdaPrivileges: [mda.id] });
    const res = await create(body);
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      username: body.username,
      email: body.email,
      phoneNumber: '+2348031234567',
      userType: 'OFFICER_PA',
      mdaPrivileges: [mda.id],
      isActive: true,
      mustChangePassword: true,
      isSignInThrottled: false,
    });
    expect(created.officerId).toMatch(/^OFF-\d{6}$/);
    const [audit] = await auditOf(ctx, created.id);
    expect(audit?.action).toBe('officer.created');
    expect(audit?.actorId).toBe(admin.officer.id);
    expect(JSON.stringify(audit?.after)).not.toContain(body.temporaryPassword);
    expect(audit?.xmin).toBe(await officerXmin(ctx, created.id));

    const again = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/officers/${created.id}`,
      headers: admin.bearer,
    });
    expect(again.json()).toEqual(created);
  });

  it('401 without a session, 403 for a wrong role', async () => {
    expect((await create(newOfficerBody(), {})).statusCode).toBe(401);
    const res = await create(newOfficerBody(), (await signInAs(ctx, 'DIRECTOR_ASSESSMENT')).bearer);
    expect(res.statusCode).toBe(403);
  });

  it('409 for a username or e-mail another officer has (any case), and writes nothing', async () => {
    const first = newOfficerBody();
    expect((await create(first)).statusCode).toBe(201);
    const sameName = await create(newOfficerBody({ username: first.username.toUpperCase() }));
    expect(outcomeOf(sameName)).toBe('409 CONFLICT');
    expect(sameName.json().error).toMatchObject({
      code: 'CONFLICT',
      details: { field: 'username' },
    });
    const sameEmail = await create(newOfficerBody({ email: first.email.toUpperCase() }));
    expect(outcomeOf(sameEmail)).toBe('409 CONFLICT');
    expect(sameEmail.json().error.details).toEqual({ field: 'email' });
  });

  it.each([
    ['an unknown user type', { userType: 'GOVERNOR' }, 'userType'],
    [
      'an MDA that does not exist',
      { mdaPrivileges: ['7b3c9f1e-0000-4000-8000-000000000000'] },
      'mdaPrivileges',
    ],
    ['an MDA id that is no id', { mdaPrivileges: ['ministry-of-finance'] }, 'mdaPrivileges.0'],
    ['a short password', { temporaryPassword: 'short' }, 'temporaryPassword'],
    ['a missing name', { firstName: '  ' }, 'firstName'],
    ['a bad e-mail', { email: 'not-an-email' }, 'email'],
    ['a phone that is not Nigerian', { phoneNumber: '12345' }, 'phoneNumber'],
    ['a username with spaces', { username: 'tamara ebiowei' }, 'username'],
  ])('422 for %s, naming the field', async (_what, overrides, path) => {
    const res = await create(newOfficerBody(overrides));
    expect(outcomeOf(res)).toBe('422 VALIDATION_FAILED');
    expect(res.json().error.details.issues.map((i: { path: string }) => i.path)).toContain(path);
  });

  it('422 naming the rule when the password is the username', async () => {
    const body = newOfficerBody();
    const res = await create({ ...body, temporaryPassword: body.username });
    expect(outcomeOf(res)).toBe('422 VALIDATION_FAILED');
    expect(res.json().error.details.issues).toEqual([
      expect.objectContaining({
        path: 'temporaryPassword',
        message: 'Your password cannot be your username.',
      }),
    ]);
  });
});

describe('GET /api/v1/officers/{id}', () => {
  it('401, 403, 404 and 422', async () => {
    const officer = await createOfficer(ctx, { userType: 'OFFICER_DA' });
    const get = (id: string, headers: Record<string, string>) =>
      ctx.app.inject({ method: 'GET', url: `/api/v1/officers/${id}`, headers });
    expect((await get(officer.id, {})).statusCode).toBe(401);
    expect((await get(officer.id, (await signInAs(ctx, 'OFFICER_DA')).bearer)).statusCode).toBe(
      403,
    );
    expect((await get('7b3c9f1e-0000-4000-8000-000000000000', admin.bearer)).statusCode).toBe(404);
    expect(outcomeOf(await get('OFF-000001', admin.bearer))).toBe('422 VALIDATION_FAILED');
    expect((await get(officer.id, admin.bearer)).json().officerId).toBe(officer.officerId);
  });
});
