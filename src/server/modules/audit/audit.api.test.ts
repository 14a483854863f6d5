import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInLagos } from '../../../shared/dates';
import { systemActor } from '../../auth/actor';
import { csvRowsOf, xlsxSheetOf } from '../../export/testing';
import { createTestContext, type TestContext } from '../../testing/context';
import { type SignedIn, signInAs } from '../../testing/factories';
import { outcomeOf } from '../../testing/outcomes';
import { recordAudit } from './service';

let ctx: TestContext & { close(): Promise<void> };
let admin: SignedIn;
let officer: SignedIn;

/** A secret in every spelling a module might use; none of these strings may come back out. */
const SECRETS = {
  apiKey: 'SECRET-api-key-1',
  remitaApiKeyEncrypted: 'SECRET-encrypted-2',
  temporaryPassword: 'SECRET-password-3',
  remita: { api_key: 'SECRET-nested-4' },
  changes: [{ field: 'apiKey', before: 'SECRET-old-5', after: 'SECRET-new-6' }],
};

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signInAs(ctx, 'ADMIN');
  officer = await signInAs(ctx, 'OFFICER_DA');
  await recordAudit(ctx.db, systemActor('cli'), {
    action: 'mda.created',
    entityType: 'mda',
    entityId: 'mda-under-test',
    after: { code: 'MOH', name: 'Ministry of Health', ...SECRETS },
  });
  // Text an officer typed, that a spreadsheet would run as a formula.
  await recordAudit(
    ctx.db,
    { ...systemActor('cli'), username: '@cli' },
    {
      action: 'test.formula',
      entityType: 'taxpayer',
      entityId: '=HYPERLINK("http://evil.example","x")',
    },
  );
});

afterAll(() => ctx.close());

function get(url: string, headers: Record<string, string> = admin.bearer) {
  return ctx.app.inject({ method: 'GET', url, headers });
}

const list = async (query: string) => {
  const res = await get(`/api/v1/audit-events?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: Record<string, unknown>[]; total: number; isTotalCapped: boolean };
};

describe('GET /api/v1/audit-events', () => {
  it('lists the trail newest first, with who, what, when, from where', async () => {
    const body = await list('');
    expect(body.total).toBeGreaterThanOrEqual(body.items.length);
    expect(body.isTotalCapped).toBe(false);
    const ids = body.items.map((item) => item.id as number);
    const times = body.items.map((item) => item.occurredAt as string);
    expect([...times].sort().reverse()).toEqual(times);
    expect(ids.length).toBeGreaterThan(3);
    const signIn = body.items.find(
      (item) => item.action === 'auth.signed_in' && item.actorUsername === admin.officer.username,
    );
    expect(signIn).toMatchObject({
      actorId: admin.officer.id,
      // The trail names the person; the username stays beside it.
      actorName: `${admin.officer.firstName} ${admin.officer.surname}`,
      entityType: 'session',
      ip: '127.0.0.1',
      requestId: expect.any(String),
    });
    expect(Object.keys(signIn ?? {}).sort()).toEqual(
      [
        'action',
        'actorId',
        'actorName',
        'actorUsername',
        'after',
        'before',
        'entityId',
        'entityType',
        'id',
        'ip',
        'occurredAt',
        'requestId',
      ].sort(),
    );
    // A system actor has no officer row, so no name: the username alone says who.
    const bySystem = body.items.find((item) => item.action === 'mda.created');
    expect(bySystem).toMatchObject({ actorUsername: 'cli', actorName: null });
  });

  it('filters by actor: username (any case), Officer ID, officer uuid, or a system name', async () => {
    for (const actor of [
      admin.officer.username.toUpperCase(),
      admin.officer.officerId,
      admin.officer.id,
    ]) {
      const body = await list(`actor=${encodeURIComponent(actor)}`);
      expect(body.items.length, actor).toBeGreaterThan(0);
      expect(body.items.every((item) => item.actorId === admin.officer.id)).toBe(true);
    }
    const cli = await list('actor=cli');
    expect(cli.items.map((item) => item.action)).toEqual(['mda.created']);
    expect((await list('actor=nobody-by-this-name')).total).toBe(0);
  });

  it('filters by exact action, by action prefix, by entity', async () => {
    const failed = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: admin.officer.username, password: 'not-the-password' },
    });
    expect(failed.statusCode).toBe(401);
    const exact = await list('action=auth.signed_in');
    expect(exact.items.length).toBeGreaterThanOrEqual(2);
    expect(new Set(exact.items.map((item) => item.action))).toEqual(new Set(['auth.signed_in']));
    // The underscore of "signed_in" is no wildcard: "auth.signedXin" matches nothing.
    expect((await list('action=auth.signedxin')).total).toBe(0);
    const prefix = await list('action=auth.');
    expect(prefix.items.every((item) => String(item.action).startsWith('auth.'))).toBe(true);
    expect(prefix.total).toBeGreaterThan(exact.total);
    const entity = await list('entityType=mda&entityId=mda-under-test');
    expect(entity.items.map((item) => item.action)).toEqual(['mda.created']);
  });

  it('filters by days in Lagos, both ends included', async () => {
    const today = todayInLagos();
    const yesterday = todayInLagos(new Date(Date.now() - 86_400_000));
    const all = await list('');
    expect((await list(`from=${today}&to=${today}`)).total).toBe(all.total);
    expect((await list(`to=${yesterday}`)).total).toBe(0);
    expect((await list(`from=${yesterday}`)).total).toBe(all.total);
  });

  it('pages: page 2 of size 2 follows page 1', async () => {
    const first = await list('pageSize=2&page=1');
    const second = await list('pageSize=2&page=2');
    const four = await list('pageSize=4');
    expect([...first.items, ...second.items].map((i) => i.id)).toEqual(four.items.map((i) => i.id));
  });

  it('never shows a secret: an MDA API key is not in the trail', async () => {
    const res = await get('/api/v1/audit-events?entityType=mda');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('SECRET');
    expect(res.json().items[0].after).toEqual({
      code: 'MOH',
      name: 'Ministry of Health',
      remita: {},
      changes: [],
    });
  });

  it('401 without a session, 403 for an officer who is not an administrator', async () => {
    expect((await get('/api/v1/audit-events', {})).statusCode).toBe(401);
    const res = await get('/api/v1/audit-events', officer.bearer);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN');
  });

  it.each([
    ['pageSize', 'pageSize=500'],
    ['page', 'page=0'],
    ['from', 'from=22/11/2026'],
    ['to', 'from=2026-11-22&to=2026-11-01'],
    ['action', 'action=DROP%20TABLE'],
    ['format', 'format=pdf'],
  ])('422 naming %s for %s', async (field, query) => {
    const res = await get(`/api/v1/audit-events?${query}`);
    expect(outcomeOf(res)).toBe('422 VALIDATION_FAILED');
    const paths = res.json().error.details.issues.map((issue: { path: string }) => issue.path);
    expect(paths).toContain(field);
  });
});

describe('GET /api/v1/audit-events?format=csv|xlsx', () => {
  it('exports the filter as CSV, formulas neutralised, no secrets, and audits the export', async () => {
    const res = await get('/api/v1/audit-events?format=csv&actor=cli');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-trail-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe(
      'Audit row,Time (Lagos),Actor,Actor name,Actor ID,Action,Entity type,Entity ID,Before,After,Request ID,IP address',
    );
    expect(lines).toHaveLength(2);
    expect(res.body).toContain('mda.created');
    expect(res.body).not.toContain('SECRET');

    const formulas = await get('/api/v1/audit-events?format=csv&action=test.formula');
    expect(formulas.body).toContain(`'@cli`);
    expect(formulas.body).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);

    const exported = await list(`action=audit.exported&actor=${admin.officer.username}`);
    expect(exported.items[0]?.after).toMatchObject({
      format: 'csv',
      rows: 1,
      filter: { action: 'test.formula' },
    });
  });

  it('exports Excel: text quote-prefixed (no apostrophe shows), the time a Lagos date cell', async () => {
    const res = await get('/api/v1/audit-events?format=xlsx&action=test.formula');
    expect(res.statusCode).toBe(200);
    const { sheet, rows } = await xlsxSheetOf(res, 'Audit trail');
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(3).value).toBe('@cli');
    expect(sheet.getRow(2).getCell(8).value).toBe('=HYPERLINK("http://evil.example","x")');
    const time = rows[0]?.['Time (Lagos)'];
    expect(time?.value).toBeInstanceOf(Date);
    expect(time?.numFmt).toBe('dd/mm/yyyy hh:mm:ss');
    const csv = csvRowsOf(await get('/api/v1/audit-events?format=csv&action=test.formula'));
    // The same instant: the CSV's Lagos text is the XLSX cell's wall clock.
    const wallClock = time?.value as Date;
    expect(wallClock.toISOString().replace('T', ' ').slice(0, 19)).toBe(csv[0]?.['Time (Lagos)']);
  });

  it('names the officer who acted beside the username; a system actor has no name', async () => {
    const signIns = csvRowsOf(
      await get(`/api/v1/audit-events?format=csv&action=auth.signed_in&actor=${admin.officer.id}`),
    );
    expect(signIns[0]).toMatchObject({
      Actor: admin.officer.username,
      'Actor name': `${admin.officer.firstName} ${admin.officer.surname}`,
      'Actor ID': admin.officer.id,
    });
    const { rows } = await xlsxSheetOf(
      await get(`/api/v1/audit-events?format=xlsx&action=auth.signed_in&actor=${admin.officer.id}`),
      'Audit trail',
    );
    expect(rows[0]?.['Actor name']?.value).toBe(
      `${admin.officer.firstName} ${admin.officer.surname}`,
    );
    const bySystem = csvRowsOf(await get('/api/v1/audit-events?format=csv&action=mda.created'));
    expect(bySystem[0]).toMatchObject({ Actor: 'cli', 'Actor name': '' });
  });

  it('an export does not hold its own audit row, written before the first page', async () => {
    const before = csvRowsOf(await get('/api/v1/audit-events?format=csv&action=audit.exported'));
    const after = csvRowsOf(await get('/api/v1/audit-events?format=csv&action=audit.exported'));
    expect(after).toHaveLength(before.length + 1);
    expect(after.slice(1).map((row) => row['Audit row'])).toEqual(
      before.map((row) => row['Audit row']),
    );
  });

  it('401 and 403 for the export too', async () => {
    expect((await get('/api/v1/audit-events?format=csv', {})).statusCode).toBe(401);
    expect((await get('/api/v1/audit-events?format=csv', officer.bearer)).statusCode).toBe(403);
  });
});

describe('GET /api/v1/audit-events/actions', () => {
  it('names every action once, in order', async () => {
    const res = await get('/api/v1/audit-events/actions');
    expect(res.statusCode).toBe(200);
    const { items } = res.json() as { items: string[] };
    expect(items).toEqual(expect.arrayContaining(['auth.signed_in', 'mda.created']));
    expect([...new Set(items)].sort()).toEqual(items);
  });

  it('401 without a session, 403 for an officer', async () => {
    expect((await get('/api/v1/audit-events/actions', {})).statusCode).toBe(401);
    expect((await get('/api/v1/audit-events/actions', officer.bearer)).statusCode).toBe(403);
  });
});
