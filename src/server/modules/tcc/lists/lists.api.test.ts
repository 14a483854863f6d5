import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TccPurpose, TccStatus } from '../../../../shared/tcc/enums';
import type { TccPage, TccView } from '../../../../shared/tcc/views';
import { auditEvents, tccs } from '../../../db/schema';
import { csvRowsOf, xlsxSheetOf } from '../../../export/testing';
import { createTestContext, type TestContext } from '../../../testing/context';
import { createTaxpayer, type SignedIn, signInAs } from '../../../testing/factories';
import { outcomeOf } from '../../../testing/outcomes';
import { insertTestTcc, send } from '../testing';

/**
 * The TCC lists of docs/product.md §2 through GET /tcc: which kinds each user type reads, every filter,
 * the sorts (waiting included), pages, export, and one certificate through GET /tcc/:id.
 */

let ctx: TestContext & { close(): Promise<void> };
let da: SignedIn;
let pa: SignedIn;
let payee: SignedIn;
let assessmentOfficer: SignedIn;
let dirAssessment: SignedIn;
let printer: SignedIn;
let executive: SignedIn;

beforeAll(async () => {
  ctx = await createTestContext({}, { runJobs: false });
  [da, pa, payee, assessmentOfficer, dirAssessment, printer, executive] = await Promise.all([
    signInAs(ctx, 'OFFICER_DA'),
    signInAs(ctx, 'OFFICER_PA'),
    signInAs(ctx, 'OFFICER_PAYEE'),
    signInAs(ctx, 'ASSESSMENT_OFFICER'),
    signInAs(ctx, 'DIRECTOR_ASSESSMENT'),
    signInAs(ctx, 'PRINTING_OFFICER'),
    signInAs(ctx, 'EXECUTIVE'),
  ]);
});

afterAll(async () => {
  await ctx?.close();
});

async function list(who: SignedIn, query: string) {
  const res = await send(ctx, who, 'GET', `/api/v1/tcc?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TccPage>();
}

const numbers = (page: TccPage) => page.items.map((i) => i.number);

/** Sets what a test needs the list to see differently: the holder, when generated, the wait. */
async function adjust(
  id: string,
  changes: { name?: string; createdAt?: Date; statusChangedAt?: Date },
): Promise<void> {
  await ctx.db
    .update(tccs)
    .set({
      ...(changes.name
        ? {
            holder: {
              name: changes.name,
              address: null,
              nationalId: null,
              phone: null,
              hasPhoto: false,
            },
            holderName: changes.name.toLowerCase(),
          }
        : {}),
      ...(changes.createdAt ? { createdAt: changes.createdAt } : {}),
      ...(changes.statusChangedAt ? { statusChangedAt: changes.statusChangedAt } : {}),
    })
    .where(eq(tccs.id, id));
}

describe('kinds each user type reads', () => {
  it('a generating officer reads their own kinds; approvers and the printer all five', async () => {
    const btin = (await createTaxpayer(ctx)).btin;
    const made = {
      da: await insertTestTcc(ctx, da, { btin, kind: 'direct-assessment' }),
      pt: await insertTestTcc(ctx, pa, { btin, kind: 'presumptive' }),
      paye: await insertTestTcc(ctx, payee, { btin, kind: 'paye' }),
      mda: await insertTestTcc(ctx, payee, { btin, kind: 'mda-employee' }),
      ex: await insertTestTcc(ctx, assessmentOfficer, { btin, kind: 'exemption' }),
    };
    const kindsSeen = async (who: SignedIn) =>
      (await list(who, `btin=${btin}`)).items.map((i) => i.kind).sort();
    expect(await kindsSeen(da)).toEqual(['direct-assessment']);
    expect(await kindsSeen(pa)).toEqual(['presumptive']);
    expect(await kindsSeen(payee)).toEqual(['mda-employee', 'paye']);
    const all = ['direct-assessment', 'exemption', 'mda-employee', 'paye', 'presumptive'];
    expect(await kindsSeen(assessmentOfficer)).toEqual(all);
    expect(await kindsSeen(dirAssessment)).toEqual(all);
    expect(await kindsSeen(printer)).toEqual(all);

    // A kind filter outside the caller's kinds is a 403 that says so, not an empty page.
    const res = await send(ctx, da, 'GET', `/api/v1/tcc?kind=paye&btin=${btin}`);
    expect(res.statusCode).toBe(403);
    expect(res.json<{ error: { message: string } }>().error.message).toBe(
      'Your account does not read paye (corporate employee) certificates.',
    );
    expect((await list(payee, `kind=paye&btin=${btin}`)).items.map((i) => i.id)).toEqual([
      made.paye.id,
    ]);

    // One certificate of a kind the caller does not read is not there for them.
    expect((await send(ctx, da, 'GET', `/api/v1/tcc/${made.paye.id}`)).statusCode).toBe(404);
    expect((await send(ctx, payee, 'GET', `/api/v1/tcc/${made.paye.id}`)).statusCode).toBe(200);
    // No tcc:read at all: the gate's 403.
    expect((await send(ctx, executive, 'GET', '/api/v1/tcc')).statusCode).toBe(403);
    expect((await send(ctx, null, 'GET', '/api/v1/tcc')).statusCode).toBe(401);
  });
});

describe('filters', () => {
  it('status (one or several), purpose, btin, mine', async () => {
    const btin = (await createTaxpayer(ctx)).btin;
    const officer = await signInAs(ctx, 'OFFICER_DA');
    const make = (status: TccStatus, purpose: TccPurpose, by = officer) =>
      insertTestTcc(ctx, by, { btin, status, purpose });
    const pendingDa = await make('pending_director_assessment', 'contract');
    const pendingCh = await make('pending_chairman', 'loan');
    const rejected = await make('rejected_director_collection', 'visa');
    const approved = await make('approved', 'contract');
    const printed = await make('printed', 'land', da);

    const ids = (page: TccPage) => page.items.map((i) => i.id).sort();
    const sorted = (...rows: { id: string }[]) => rows.map((r) => r.id).sort();

    expect(ids(await list(dirAssessment, `btin=${btin}&status=pending_chairman`))).toEqual(
      sorted(pendingCh),
    );
    expect(ids(await list(dirAssessment, `btin=${btin}&status=approved,printed,revoked`))).toEqual(
      sorted(approved, printed),
    );
    expect(ids(await list(dirAssessment, `btin=${btin}&purpose=contract`))).toEqual(
      sorted(pendingDa, approved),
    );
    expect(ids(await list(officer, 'mine=true'))).toEqual(
      sorted(pendingDa, pendingCh, rejected, approved),
    );
    expect(ids(await list(da, `mine=true&btin=${btin}`))).toEqual(sorted(printed));
    const bad = await send(ctx, da, 'GET', '/api/v1/tcc?status=pending,approved');
    expect(outcomeOf(bad)).toBe('422 VALIDATION_FAILED');
  });

  it('search by number, BTIN or words of the holder’s name', async () => {
    const btin = (await createTaxpayer(ctx)).btin;
    const ada = await insertTestTcc(ctx, da, { btin, purpose: 'contract' });
    const bola = await insertTestTcc(ctx, da, { btin, purpose: 'loan' });
    await adjust(ada.id, { name: 'Adaeze Quillfeather Okafor' });
    await adjust(bola.id, { name: 'Bola Quillfeather' });

    expect(numbers(await list(dirAssessment, `search=${encodeURIComponent(ada.number)}`))).toEqual([
      ada.number,
    ]);
    expect(numbers(await list(dirAssessment, `search=${ada.number.toLowerCase()}`))).toEqual([
      ada.number,
    ]);
    expect((await list(dirAssessment, `search=${btin}`)).total).toBe(2);
    expect(numbers(await list(dirAssessment, 'search=okafor%20quillfeather'))).toEqual([
      ada.number,
    ]);
    expect(numbers(await list(dirAssessment, 'search=QUILLFEATHER&sort=number')).sort()).toEqual(
      [ada.number, bola.number].sort(),
    );
    expect((await list(dirAssessment, 'search=quill%25')).total).toBe(0);
  });

  it('generated from and to are Lagos days, inclusive', async () => {
    const btin = (await createTaxpayer(ctx)).btin;
    const before = await insertTestTcc(ctx, da, { btin, purpose: 'contract' });
    const inside = await insertTestTcc(ctx, da, { btin, purpose: 'loan' });
    const after = await insertTestTcc(ctx, da, { btin, purpose: 'visa' });
    // 23:30 UTC on 9 March is 00:30 on 10 March in Lagos.
    await adjust(before.id, { createdAt: new Date('2026-03-09T22:30:00Z') });
    await adjust(inside.id, { createdAt: new Date('2026-03-09T23:30:00Z') });
    await adjust(after.id, { createdAt: new Date('2026-03-11T23:00:00Z') });
    const q = `btin=${btin}&generatedFrom=2026-03-10&generatedTo=2026-03-11`;
    expect(numbers(await list(dirAssessment, q))).toEqual([inside.number]);
    const backwards = await send(
      ctx,
      dirAssessment,
      'GET',
      `/api/v1/tcc?generatedFrom=2026-03-11&generatedTo=2026-03-10`,
    );
    expect(outcomeOf(backwards)).toBe('422 VALIDATION_FAILED');
    // The year 0000 passes an ISO date check but not PostgreSQL's date (found by fuzzing).
    const yearZero = await send(ctx, dirAssessment, 'GET', `/api/v1/tcc?generatedFrom=0000-02-29`);
    expect(outcomeOf(yearZero)).toBe('422 VALIDATION_FAILED');
    expect(yearZero.json().error.message).toContain('generatedFrom');
  });
});

describe('sorts, waiting and pages', () => {
  it('waiting days count from the status change; -waiting puts the longest first', async () => {
    const btin = (await createTaxpayer(ctx)).btin;
    const day = 86_400_000;
    const now = Date.now();
    const a = await insertTestTcc(ctx, da, { btin, purpose: 'contract' });
    const b = await insertTestTcc(ctx, da, { btin, purpose: 'loan' });
    const c = await insertTestTcc(ctx, da, { btin, purpose: 'visa' });
    await adjust(a.id, { statusChangedAt: new Date(now - 3 * day) });
    await adjust(b.id, { statusChangedAt: new Date(now - 12 * day) });
    await adjust(c.id, { statusChangedAt: new Date(now - 1 * day) });

    const longest = await list(dirAssessment, `btin=${btin}&sort=-waiting`);
    expect(longest.items.map((i) => [i.number, i.waitingDays])).toEqual([
      [b.number, 12],
      [a.number, 3],
      [c.number, 1],
    ]);
    expect(numbers(await list(dirAssessment, `btin=${btin}&sort=waiting`))).toEqual([
      c.number,
      a.number,
      b.number,
    ]);
    expect(numbers(await list(dirAssessment, `btin=${btin}&sort=number`))).toEqual([
      a.number,
      b.number,
      c.number,
    ]);
    expect(numbers(await list(dirAssessment, `btin=${btin}&sort=-number`))).toEqual([
      c.number,
      b.number,
      a.number,
    ]);
    // Default: the newest generated first.
    expect(numbers(await list(dirAssessment, `btin=${btin}`))).toEqual([
      c.number,
      b.number,
      a.number,
    ]);

    const page2 = await list(dirAssessment, `btin=${btin}&sort=number&pageSize=2&page=2`);
    expect(page2).toMatchObject({ page: 2, pageSize: 2, total: 3 });
    expect(numbers(page2)).toEqual([c.number]);
  });

  it('items carry what the caller may do now', async () => {
    const btin = (await createTaxpayer(ctx)).btin;
    await insertTestTcc(ctx, da, { btin, purpose: 'contract' });
    await insertTestTcc(ctx, da, { btin, purpose: 'loan', status: 'approved' });
    await insertTestTcc(ctx, dirAssessment, { btin, purpose: 'visa' });
    const actions = async (who: SignedIn) =>
      (await list(who, `btin=${btin}&sort=number`)).items.map((i) => i.actions);
    expect(await actions(dirAssessment)).toEqual([['approve', 'reject'], [], []]);
    expect(await actions(printer)).toEqual([[], ['print'], []]);
    expect(await actions(da)).toEqual([[], [], []]);
  });
});

describe('export', () => {
  it('the filtered list as CSV and Excel, audited', async () => {
    const btin = (await createTaxpayer(ctx)).btin;
    const one = await insertTestTcc(ctx, da, { btin, purpose: 'contract' });
    const two = await insertTestTcc(ctx, da, { btin, purpose: 'loan', status: 'approved' });
    const csv = await send(ctx, dirAssessment, 'GET', `/api/v1/tcc?btin=${btin}&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/tax-clearance-certificates-.*\.csv/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toContain('Certificate number');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(two.number);
    expect(lines[1]).toContain('Approved');
    expect(lines[2]).toContain(one.number);
    expect(lines[2]).toContain('With Director of Assessment');

    const xlsx = await send(ctx, dirAssessment, 'GET', `/api/v1/tcc?btin=${btin}&format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    const { rows } = await xlsxSheetOf(xlsx, 'Tax clearance certificates');
    expect(rows.map((row) => row['Certificate number']?.value)).toEqual([two.number, one.number]);
    // The day generated as a date cell, the days waiting as a number.
    expect(rows[0]?.Generated?.value).toBeInstanceOf(Date);
    expect(rows[0]?.Generated?.numFmt).toBe('dd/mm/yyyy');
    expect(typeof rows[0]?.['Days waiting']?.value).toBe('number');
    expect(csvRowsOf(csv)[0]?.Generated).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const audits = await ctx.db
      .select({ after: auditEvents.after })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'tcc.exported'),
          eq(auditEvents.actorId, dirAssessment.officer.id),
        ),
      );
    expect(audits.map((a) => (a.after as { rows: number }).rows)).toEqual([2, 2]);
    // The kind rule holds for exports too.
    expect((await send(ctx, da, 'GET', `/api/v1/tcc?kind=paye&format=csv`)).statusCode).toBe(403);
  });
});

describe('one certificate', () => {
  it('has its history with the actors’ names, no fee of a free kind, and the caller’s actions', async () => {
    const tcc = await insertTestTcc(ctx, da);
    const approve = await send(ctx, dirAssessment, 'POST', `/api/v1/tcc/${tcc.id}/approve`, {
      comment: 'All three years paid',
    });
    expect(approve.statusCode, approve.body).toBe(200);
    const res = await send(ctx, da, 'GET', `/api/v1/tcc/${tcc.id}`);
    expect(res.statusCode).toBe(200);
    const view = res.json<TccView>();
    expect(view).toMatchObject({
      id: tcc.id,
      number: tcc.number,
      status: 'pending_director_collection',
      fee: null,
      actions: [],
      generatedBy: { id: da.officer.id, name: `${da.officer.firstName} ${da.officer.surname}` },
    });
    expect(view.history.map((h) => [h.action, h.actor?.name, h.comment])).toEqual([
      ['generated', `${da.officer.firstName} ${da.officer.surname}`, null],
      [
        'approved',
        `${dirAssessment.officer.firstName} ${dirAssessment.officer.surname}`,
        'All three years paid',
      ],
    ]);
    expect(view.years).toHaveLength(3);
    // A kind with a processing fee shows it, unpaid until its bill is raised and paid.
    await ctx.db.update(tccs).set({ feeKobo: 500_000 }).where(eq(tccs.id, tcc.id));
    const withFee = (
      await send(ctx, dirAssessment, 'GET', `/api/v1/tcc/${tcc.id}`)
    ).json<TccView>();
    expect(withFee.fee).toEqual({
      amountKobo: 500_000,
      rrr: null,
      paymentId: null,
      paymentStatus: null,
    });
    expect(withFee.actions).toEqual([]);
    const missing = await send(ctx, da, 'GET', '/api/v1/tcc/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(outcomeOf(await send(ctx, da, 'GET', '/api/v1/tcc/not-an-id'))).toBe(
      '422 VALIDATION_FAILED',
    );
  });
});
