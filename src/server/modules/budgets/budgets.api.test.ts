import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BudgetView } from '../../../shared/budgets/views';
import { auditEvents, budgetVersions, jobs } from '../../db/schema';
import { createTestContext, type TestContext } from '../../testing/context';
import { type SignedIn, signInAs, signInMdaOfficer } from '../../testing/factories';
import { type BudgetWorld, createBudgetWorld, csvOf, importBudget, waitForImport } from './testing';

/**
 * The revenue budget through the API (docs/budgets.md): versions typed on the page, the import
 * (every refusal names its line and field and stores nothing; a good file becomes the next
 * version through the job), reading by version, MDA staff seeing only their MDAs, the
 * template and the export. Runs on PostgreSQL too.
 */

let ctx: TestContext & { close(): Promise<void> };
let dg: SignedIn;
let executive: SignedIn;
let world: BudgetWorld;
const HEADER = ['MDA code', 'economic code', 'annual amount (₦)'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

beforeAll(async () => {
  ctx = await createTestContext({}, { listen: true });
  dg = await signInAs(ctx, 'DG_BUDGET');
  executive = await signInAs(ctx, 'EXECUTIVE');
  world = await createBudgetWorld(ctx);
});

afterAll(async () => {
  await ctx?.close();
});

async function getBudget(headers: Record<string, string>, year: number, query = '') {
  return ctx.app.inject({ method: 'GET', url: `/api/v1/budgets/${year}${query}`, headers });
}

async function countVersions(year: number) {
  const [row] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(budgetVersions)
    .where(eq(budgetVersions.year, year));
  return row?.n ?? 0;
}

async function countJobs() {
  const [row] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(jobs)
    .where(eq(jobs.kind, 'budget-import'));
  return row?.n ?? 0;
}

function entryBody(note: string, basedOnVersion: number | null, annual = 1_200_00) {
  return {
    note,
    basedOnVersion,
    lines: [
      { mdaId: world.alpha.id, economicCode: world.alpha.heads[0], annualKobo: annual },
      {
        mdaId: world.beta.id,
        economicCode: world.beta.heads[0],
        annualKobo: 1_300,
        months: [200, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100],
      },
    ],
  };
}

describe('versions typed on the page', () => {
  it('404s a year without a budget, in words', async () => {
    const res = await getBudget(dg.bearer, 2031);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('No budget for 2031 yet: import one or enter it.');
  });

  it('stores version 1, then a revision as version 2, audited, and reads either', async () => {
    const first = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/budgets/2030/versions',
      headers: dg.cookieHeaders,
      payload: entryBody('Approved budget', null, 1_000_000_007),
    });
    expect(first.statusCode, first.body).toBe(201);
    const v1 = first.json<BudgetView>();
    expect(v1.version).toBe(1);
    expect(v1.note).toBe('Approved budget');
    expect(v1.source).toBe('entry');
    expect(v1.createdBy).toBe(`${dg.officer.firstName} ${dg.officer.surname}`);
    const alphaLine = v1.lines.find((l) => l.mdaId === world.alpha.id);
    // Phased evenly: the 11 kobo left over go to January to November.
    expect(alphaLine?.months.slice(0, 2)).toEqual([83_333_334, 83_333_334]);
    expect(alphaLine?.months[11]).toBe(83_333_333);
    expect(v1.totals.annualKobo).toBe(1_000_000_007 + 1_300);

    const stale = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/budgets/2030/versions',
      headers: dg.cookieHeaders,
      payload: entryBody('Second try', null),
    });
    expect(stale.statusCode).toBe(409);

    const second = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/budgets/2030/versions',
      headers: dg.cookieHeaders,
      payload: entryBody('Supplementary budget', 1, 2_400),
    });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json<BudgetView>().version).toBe(2);

    const latest = (await getBudget(executive.bearer, 2030)).json<BudgetView>();
    expect(latest.version).toBe(2);
    expect(latest.latestVersion).toBe(2);
    expect(latest.versions.map((v) => [v.version, v.note])).toEqual([
      [2, 'Supplementary budget'],
      [1, 'Approved budget'],
    ]);
    const old = (await getBudget(executive.bearer, 2030, '?version=1')).json<BudgetView>();
    expect(old.version).toBe(1);
    expect(old.totals.annualKobo).toBe(1_000_000_007 + 1_300);
    expect((await getBudget(executive.bearer, 2030, '?version=9')).statusCode).toBe(404);

    const audits = await ctx.db
      .select({ after: auditEvents.after })
      .from(auditEvents)
      .where(eq(auditEvents.action, 'budget.version_created'));
    expect(audits.map((a) => (a.after as { version: number; year: number }).version)).toEqual(
      expect.arrayContaining([1, 2]),
    );
  });

  it('refuses bad lines naming each row and field, storing nothing', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/budgets/2032/versions',
      headers: dg.cookieHeaders,
      payload: {
        note: 'Bad',
        basedOnVersion: null,
        lines: [
          { mdaId: world.alpha.id, economicCode: world.beta.heads[0], annualKobo: 100 },
          {
            mdaId: world.beta.id,
            economicCode: world.beta.heads[0],
            annualKobo: 100,
            months: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
          },
          { mdaId: world.alpha.id, economicCode: world.alpha.heads[1], annualKobo: 5 },
          { mdaId: world.alpha.id, economicCode: world.alpha.heads[1], annualKobo: 6 },
        ],
      },
    });
    expect(res.statusCode).toBe(422);
    const rows = res.json().error.details.rows as { line: number; field: string }[];
    expect(rows.map((r) => [r.line, r.field])).toEqual([
      [1, 'economicCode'],
      [2, 'months'],
      [4, 'economicCode'],
    ]);
    expect(await countVersions(2032)).toBe(0);
  });

  it('is kept by ADMIN and DG_BUDGET only', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/budgets/2033/versions',
      headers: executive.bearer,
      payload: entryBody('Not mine', null),
    });
    expect(res.statusCode).toBe(403);
    expect((await getBudget({}, 2030)).statusCode).toBe(401);
  });
});

describe('MDA staff', () => {
  it('read only their MDAs’ lines, and export only those', async () => {
    const officer = await signInMdaOfficer(ctx, [world.beta.id]);
    const res = await getBudget(officer.bearer, 2030);
    expect(res.statusCode).toBe(200);
    const budget = res.json<BudgetView>();
    expect(budget.lines.map((l) => l.mdaId)).toEqual([world.beta.id]);
    expect(budget.totals.annualKobo).toBe(1_300);
    const file = await getBudget(officer.bearer, 2030, '?format=csv');
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain(world.beta.code);
    expect(file.body).not.toContain(world.alpha.code);
    const write = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/budgets/2030/versions',
      headers: officer.bearer,
      payload: entryBody('Mine', 2),
    });
    expect(write.statusCode).toBe(403);
  });
});

describe('import', () => {
  const good = () =>
    csvOf([
      [' mda CODE ', 'Economic  Code', 'Annual Amount (₦)', ...MONTHS.map((m) => m.toUpperCase())],
      [world.alpha.code, world.alpha.heads[0] as string, '1,200.00', ...MONTHS.map(() => '100')],
      [world.alpha.code, world.alpha.heads[1] as string, '', ...MONTHS.map(() => '')],
      [world.beta.code, world.beta.heads[1] as string, '500.05', ...MONTHS.map(() => '')],
    ]);

  async function refused(file: { text?: string; bytes?: Buffer; fileName?: string }) {
    const before = await countJobs();
    const res = await importBudget(ctx, dg.bearer, 2034, file, 'Refused');
    expect(res.statusCode, res.body).toBe(422);
    expect(await countJobs()).toBe(before);
    expect(await countVersions(2034)).toBe(0);
    return res.json().error as {
      message: string;
      details?: { rows: { line: number; field: string; problem: string }[] };
    };
  }

  it('stores a good file as the next version through the job, with its note', async () => {
    const res = await importBudget(ctx, dg.bearer, 2030, { text: good() }, 'Revised in March');
    expect(res.statusCode, res.body).toBe(202);
    const { jobId } = res.json<{ jobId: string }>();
    const done = await waitForImport(ctx, dg.bearer, 2030, jobId);
    expect(done).toMatchObject({ status: 'succeeded', total: 2, done: 2, version: 3 });
    const budget = (await getBudget(dg.bearer, 2030)).json<BudgetView>();
    expect(budget).toMatchObject({ version: 3, note: 'Revised in March', source: 'import' });
    expect(budget.lines.map((l) => [l.economicCode, l.annualKobo])).toEqual([
      [world.alpha.heads[0], 120_000],
      [world.beta.heads[1], 50_005],
    ]);
    expect(budget.lines[0]?.months).toEqual(Array(12).fill(10_000));
    // 50,005 kobo: 4,167 a month, the 1 kobo left over in January.
    expect(budget.lines[1]?.months[0]).toBe(4_168);
    const [audit] = await ctx.db
      .select({ actorId: auditEvents.actorId })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'budget.version_created'),
          eq(auditEvents.entityType, 'budget_version'),
        ),
      )
      .orderBy(sql`${auditEvents.id} desc`)
      .limit(1);
    expect(audit?.actorId).toBe(dg.officer.id);
  });

  it('reads an XLSX file, starting the year at version 1', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Budget');
    sheet.addRow(HEADER);
    sheet.addRow([world.beta.code, world.beta.heads[0], 2400]);
    const bytes = Buffer.from(await book.xlsx.writeBuffer());
    const res = await importBudget(ctx, dg.bearer, 2035, { bytes, fileName: 'budget.xlsx' });
    expect(res.statusCode, res.body).toBe(202);
    const done = await waitForImport(ctx, dg.bearer, 2035, res.json().jobId);
    expect(done.version).toBe(1);
    const budget = (await getBudget(dg.bearer, 2035)).json<BudgetView>();
    expect(budget.note).toBe('Imported from budget.xlsx');
    expect(budget.lines[0]?.annualKobo).toBe(240_000);
  });

  it('refuses a wrong header', async () => {
    const error = await refused({
      text: csvOf([
        ['MDA', 'code', 'amount'],
        ['X', '1', '2'],
      ]),
    });
    expect(error.message).toMatch(/lacks "MDA code", "economic code", "annual amount \(₦\)"/);
  });

  it('refuses some months but not all in the header', async () => {
    const error = await refused({
      text: csvOf([
        [...HEADER, 'Jan'],
        ['X', '12020401', '1', '1'],
      ]),
    });
    expect(error.message).toMatch(/not Feb, Mar/);
  });

  it('names each bad row and field', async () => {
    const error = await refused({
      text: csvOf([
        [...HEADER, ...MONTHS],
        ['NOPE', world.alpha.heads[0] as string, '100', ...MONTHS.map(() => '')],
        [world.alpha.code, world.beta.heads[0] as string, '100', ...MONTHS.map(() => '')],
        [world.alpha.code, world.alpha.heads[0] as string, '-5', ...MONTHS.map(() => '')],
        [world.alpha.code, world.alpha.heads[1] as string, 'ten', ...MONTHS.map(() => '')],
        [world.beta.code, world.beta.heads[0] as string, '12', ...MONTHS.map(() => '2')],
        [world.beta.code, world.beta.heads[1] as string, '12', ...MONTHS.map(() => '1')],
        [world.beta.code, world.beta.heads[1] as string, '12', ...MONTHS.map(() => '')],
        [world.alpha.code, '1202', '1', ...MONTHS.map(() => '')],
        [
          world.alpha.code,
          world.alpha.heads[1] as string,
          '12',
          '1',
          ...MONTHS.slice(1).map(() => ''),
        ],
      ]),
    });
    expect(error.details?.rows.map((r) => [r.line, r.field])).toEqual([
      [2, 'MDA code'],
      [3, 'economic code'],
      [4, 'annual amount (₦)'],
      [5, 'annual amount (₦)'],
      [6, 'Jan … Dec'],
      [8, 'economic code'],
      [9, 'economic code'],
      ...MONTHS.slice(1).map((m) => [10, m]),
    ]);
    expect(error.message).toContain('line 2, MDA code: no MDA has the code "NOPE"');
    expect(error.message).toContain(
      `line 3, economic code: ${world.beta.heads[0]} is not a revenue head of`,
    );
    expect(error.message).toContain('line 4, annual amount (₦): is negative (-5)');
    expect(error.message).toContain('line 5, annual amount (₦): is not an amount of naira ("ten")');
    expect(error.message).toContain('the months add up to ₦24.00, not the annual ₦12.00');
    expect(error.message).toContain('line 8, economic code: repeats line 7');
    expect(error.message).toContain('Nothing was stored.');
  });

  it('refuses an empty file, a file of blank amounts, too many rows and binary junk', async () => {
    expect((await refused({ text: '' })).message).toMatch(/empty/i);
    expect(
      (
        await refused({
          text: csvOf([HEADER, [world.alpha.code, world.alpha.heads[0] as string, '']]),
        })
      ).message,
    ).toMatch(/no budget line with an amount/);
    const many = csvOf([
      HEADER,
      ...Array.from({ length: 5_001 }, () => [
        world.alpha.code,
        world.alpha.heads[0] as string,
        '1',
      ]),
    ]);
    expect((await refused({ text: many })).message).toMatch(/5,000/);
    expect(
      (await refused({ bytes: Buffer.from([0, 1, 2, 3, 255, 254]), fileName: 'budget.csv' }))
        .message,
    ).toMatch(/binary/);
    expect(
      (await refused({ bytes: Buffer.from('PK\u0003\u0004junk'), fileName: 'budget.xlsx' }))
        .message,
    ).toMatch(/cannot be read|not an \.xlsx/);
  });

  it('is refused to the executive (403) and without a session (401)', async () => {
    expect((await importBudget(ctx, executive.bearer, 2030, { text: good() })).statusCode).toBe(
      403,
    );
    expect((await importBudget(ctx, {}, 2030, { text: good() })).statusCode).toBe(401);
  });
});

describe('template and export', () => {
  it('lists every MDA and head with the newest amounts, and the import reads it back', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/budgets/2035/template?format=csv',
      headers: dg.bearer,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [header, ...lines] = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(header).toBe(
      ['MDA code', 'MDA', 'economic code', 'revenue head', 'annual amount (₦)', ...MONTHS].join(
        ',',
      ),
    );
    expect(lines.some((l) => l.startsWith(`${world.alpha.code},`))).toBe(true);
    expect(
      lines.find(
        (l) => l.includes(`${world.beta.code},`) && l.includes(world.beta.heads[0] as string),
      ),
    ).toContain('2400.00');

    const back = await importBudget(
      ctx,
      dg.bearer,
      2035,
      { text: res.body, fileName: 'template.csv' },
      'Template back',
    );
    expect(back.statusCode, back.body).toBe(202);
    expect((await waitForImport(ctx, dg.bearer, 2035, back.json().jobId)).version).toBe(2);
  });

  it('exports a version’s lines as XLSX', async () => {
    const res = await getBudget(dg.bearer, 2030, '?version=1&format=xlsx');
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.getRow(1).getCell(5).value).toBe('annual amount (NGN)');
    expect(sheet?.rowCount).toBe(3);
  });

  it('offers the MDAs and revenue heads to the page', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/budgets/revenue-heads',
      headers: dg.bearer,
    });
    expect(res.statusCode).toBe(200);
    const alpha = res.json().mdas.find((m: { id: string }) => m.id === world.alpha.id);
    expect(alpha.heads.map((h: { code: string }) => h.code)).toEqual(world.alpha.heads);
  });
});
