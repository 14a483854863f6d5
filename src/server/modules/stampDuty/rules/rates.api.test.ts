import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInLagos } from '../../../../shared/dates';
import { latePenaltyOf, type StampPenaltyRule } from '../../../../shared/stampDuty/rules';
import type {
  StampBillView,
  StampDutyRuleTables,
  StampInstrumentDetail,
} from '../../../../shared/stampDuty/schemas';

type MprRow = StampDutyRuleTables['mprRates'][number];
type PenaltyRow = StampDutyRuleTables['penalties'][number];

import { auditEvents } from '../../../db/schema';
import { createRemitaMda, type RemitaMda } from '../../../integrations/remita/testing';
import { createTestContext, type TestContext } from '../../../testing/context';
import { createTaxpayer, type SignedIn, signInAs, uniquePhone } from '../../../testing/factories';
import { send } from '../../assessments/testing';

/**
 * The late-stamping penalty settings and the Monetary Policy Rate kept by ADMIN (ADR 0033): a
 * change is a new dated row; a row a billed instrument was charged under is never changed.
 * The tests run in order on one database of their own: the first MPR row starts today, before
 * anything is billed. Runs on PostgreSQL too.
 */

let ctx: TestContext & { close(): Promise<void> };
let officer: SignedIn;
let admin: SignedIn;
let mda: RemitaMda;

beforeAll(async () => {
  ctx = await createTestContext({}, { listen: true });
  [officer, admin] = await Promise.all([
    signInAs(ctx, 'OFFICER_STAMP_DUTY'),
    signInAs(ctx, 'ADMIN'),
  ]);
  mda = await createRemitaMda(ctx);
});

afterAll(async () => {
  await ctx?.close();
});

const today = () => todayInLagos();

const mprRow = (overrides: Record<string, unknown> = {}) => ({
  annualBasisPoints: 1_850,
  validFrom: today(),
  toConfirm: false,
  source: 'Central Bank of Nigeria, MPC communiqué',
  ...overrides,
});

const penaltyRow = (overrides: Record<string, unknown> = {}) => ({
  law: 'NTA2025',
  graceDays: 10,
  penaltyBasisPoints: 500,
  interestBasis: 'mpr',
  interestAnnualBasisPoints: null,
  validFrom: addDays(today(), -14),
  toConfirm: true,
  source: 'A circular of the service: to confirm',
  ...overrides,
});

/** A lease of ₦60 m over 5 years (duty ₦468,000), executed `daysAgo` days ago, billed today. */
async function billedLease(daysAgo: number): Promise<StampInstrumentDetail> {
  const lessee = await createTaxpayer(ctx);
  const created = await send(ctx, officer, 'POST', '/api/v1/stamp-duty/instruments', {
    instrumentType: 'lease',
    executedOn: addDays(today(), -daysAgo),
    considerationKobo: 6_000_000_000,
    termYears: 5,
    description: 'Lease of a warehouse at Yenagoa',
    parties: [
      { role: 'lessor', name: 'Preye Dounama', phone: uniquePhone() },
      { role: 'lessee', btin: lessee.btin },
    ],
  });
  expect(created.statusCode).toBe(201);
  const { id } = created.json<StampInstrumentDetail>();
  const billed = await send(ctx, officer, 'POST', `/api/v1/stamp-duty/instruments/${id}/bill`, {
    mdaId: mda.id,
  });
  expect(billed.statusCode).toBe(201);
  return billed.json<StampBillView>().instrument;
}

async function rules() {
  const res = await send(ctx, admin, 'GET', '/api/v1/stamp-duty/rules');
  expect(res.statusCode).toBe(200);
  return res.json<StampDutyRuleTables>();
}

async function penaltyInForce(law: 'SDA' | 'NTA2025', day: string): Promise<StampPenaltyRule> {
  const row = (await rules()).penalties.find(
    (p) => p.law === law && p.validFrom <= day && (p.validTo === null || day <= p.validTo),
  );
  if (!row) throw new Error(`no ${law} penalty on ${day}`);
  return row;
}

function issuePaths(res: { json<T>(): T }) {
  return res
    .json<{ error: { details?: { issues?: { path: string }[] } } }>()
    .error.details?.issues?.map((i) => i.path);
}

describe('who may add', () => {
  it('401 without a session, 403 for a stamp duty officer', async () => {
    for (const [url, body] of [
      ['/api/v1/stamp-duty/mpr-rates', mprRow()],
      ['/api/v1/stamp-duty/penalty-rules', penaltyRow()],
    ] as const) {
      expect((await send(ctx, null, 'POST', url, body)).statusCode).toBe(401);
      expect((await send(ctx, officer, 'POST', url, body)).statusCode).toBe(403);
    }
  });
});

describe('POST /api/v1/stamp-duty/mpr-rates', () => {
  it('422 for a rate out of bounds, no source, or a day not after the rate in force', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ annualBasisPoints: 10_001 }, 'annualBasisPoints'],
      [{ annualBasisPoints: 12.5 }, 'annualBasisPoints'],
      [{ source: '' }, 'source'],
      [{ validFrom: '27/11/2026' }, 'validFrom'],
      // The seeded rate runs from 1 February 2020: a new one starts after that day.
      [{ validFrom: '2020-02-01' }, 'validFrom'],
    ];
    for (const [overrides, path] of cases) {
      const res = await send(ctx, admin, 'POST', '/api/v1/stamp-duty/mpr-rates', mprRow(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(422);
      expect(issuePaths(res)).toContain(path);
    }
    expect((await rules()).mprRates).toHaveLength(1);
  });

  it('a new rate closes the one in force, is audited, and charges bills raised from its day only', async () => {
    const added = await send(ctx, admin, 'POST', '/api/v1/stamp-duty/mpr-rates', mprRow());
    expect(added.statusCode).toBe(201);
    const { mprRates } = added.json<StampDutyRuleTables>();
    expect(mprRates.map((m) => [m.annualBasisPoints, m.validFrom, m.validTo])).toEqual([
      [2_700, '2020-02-01', addDays(today(), -1)],
      [1_850, today(), null],
    ]);
    const newId = mprRates[1]?.id as string;
    const audit = await ctx.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'stamp_duty.mpr_rate_added'), eq(auditEvents.entityId, newId)),
      );
    expect(audit).toHaveLength(1);
    expect(audit[0]?.actorId).toBe(admin.officer.id);

    // Billed from the new rate's day: its interest is at 18.5 %, not the 27 % before.
    const lease = await billedLease(100);
    const penalty = await penaltyInForce('NTA2025', lease.executedOn);
    const facts = { dutyKobo: lease.dutyKobo, executedOn: lease.executedOn, stampedOn: today() };
    expect(lease.dutyKobo).toBe(46_800_000);
    expect(lease.penaltyKobo).toBe(latePenaltyOf(penalty, 1_850, facts).totalKobo);
    expect(lease.penaltyKobo).not.toBe(latePenaltyOf(penalty, 2_700, facts).totalKobo);

    // A rate from a day a bill was raised on would change what that bill was charged under.
    const again = await send(
      ctx,
      admin,
      'POST',
      '/api/v1/stamp-duty/mpr-rates',
      mprRow({ validFrom: today(), annualBasisPoints: 3_000 }),
    );
    expect(again.statusCode).toBe(422);
    expect(issuePaths(again)).toEqual(['validFrom']);

    // From tomorrow: accepted, and the bill already raised keeps its penalty.
    const later = await send(
      ctx,
      admin,
      'POST',
      '/api/v1/stamp-duty/mpr-rates',
      mprRow({ validFrom: addDays(today(), 1), annualBasisPoints: 3_000 }),
    );
    expect(later.statusCode).toBe(201);
    expect(later.json<StampDutyRuleTables>().mprRates.map((m) => [m.validFrom, m.validTo])).toEqual(
      [
        ['2020-02-01', addDays(today(), -1)],
        [today(), today()],
        [addDays(today(), 1), null],
      ],
    );
    const reread = await send(ctx, officer, 'GET', `/api/v1/stamp-duty/instruments/${lease.id}`);
    expect(reread.json<StampInstrumentDetail>().penaltyKobo).toBe(lease.penaltyKobo);
    // A bill raised today, before the new rate's day, is still at 18.5 %.
    const second = await billedLease(100);
    expect(second.penaltyKobo).toBe(lease.penaltyKobo);
  });
});

describe('POST /api/v1/stamp-duty/penalty-rules', () => {
  it('422 for a fixed interest with no rate, an MPR interest with one, or days outside the law', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ interestBasis: 'fixed', interestAnnualBasisPoints: null }, 'interestAnnualBasisPoints'],
      [{ interestBasis: 'mpr', interestAnnualBasisPoints: 1_000 }, 'interestAnnualBasisPoints'],
      [{ penaltyBasisPoints: -1 }, 'penaltyBasisPoints'],
      [{ graceDays: 400 }, 'graceDays'],
      [{ law: 'FA2019' }, 'law'],
      // The Stamp Duties Act's penalty ends with the Act, on 31 December 2025.
      [{ law: 'SDA', validFrom: '2026-02-01' }, 'validFrom'],
      [{ validFrom: '2026-01-01' }, 'validFrom'],
    ];
    for (const [overrides, path] of cases) {
      const res = await send(
        ctx,
        admin,
        'POST',
        '/api/v1/stamp-duty/penalty-rules',
        penaltyRow(overrides),
      );
      expect(res.statusCode, JSON.stringify(overrides)).toBe(422);
      expect(issuePaths(res)).toContain(path);
    }
  });

  it('a new row applies by the date of execution, after the last instrument billed under the old', async () => {
    // The leases billed above were executed 100 days ago: a row from then would re-price them.
    const early = await send(
      ctx,
      admin,
      'POST',
      '/api/v1/stamp-duty/penalty-rules',
      penaltyRow({ validFrom: addDays(today(), -100) }),
    );
    expect(early.statusCode).toBe(422);

    const added = await send(ctx, admin, 'POST', '/api/v1/stamp-duty/penalty-rules', penaltyRow());
    expect(added.statusCode).toBe(201);
    const nta = added.json<StampDutyRuleTables>().penalties.filter((p) => p.law === 'NTA2025');
    expect(nta.map((p) => [p.validFrom, p.validTo, p.graceDays, p.toConfirm])).toEqual([
      ['2026-01-01', addDays(today(), -15), 30, false],
      [addDays(today(), -14), null, 10, true],
    ]);
    const audit = await ctx.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'stamp_duty.penalty_rule_added'),
          eq(auditEvents.entityId, nta[1]?.id as string),
        ),
      );
    expect(audit).toHaveLength(1);

    // Executed 12 days ago: late by 2 days under the new row's 10, not late under the old 30.
    const lease = await billedLease(12);
    expect(lease.penaltyKobo).toBeGreaterThan(0);
    expect(lease.penaltyKobo).toBe(
      latePenaltyOf(nta[1] as StampPenaltyRule, 1_850, {
        dutyKobo: lease.dutyKobo,
        executedOn: lease.executedOn,
        stampedOn: today(),
      }).totalKobo,
    );
    const after = await send(
      ctx,
      admin,
      'POST',
      '/api/v1/stamp-duty/penalty-rules',
      penaltyRow({ validFrom: addDays(today(), -13) }),
    );
    expect(after.statusCode).toBe(422);
  });
});

describe('PUT …/mpr-rates/{id} and …/penalty-rules/{id}: a mistake corrected', () => {
  it("a row's figures change only while nothing was billed under it; its source and flag always", async () => {
    const { mprRates, penalties } = await rules();
    const billedToday = mprRates.find((m) => m.validFrom === today()) as MprRow;
    const fromTomorrow = mprRates.find((m) => m.validFrom === addDays(today(), 1)) as MprRow;
    const body = (m: MprRow, overrides: Record<string, unknown> = {}) => ({
      annualBasisPoints: m.annualBasisPoints,
      toConfirm: m.toConfirm,
      source: m.source,
      ...overrides,
    });

    // Not yet in force, nothing billed at it: its rate may be corrected.
    const fixed = await send(
      ctx,
      admin,
      'PUT',
      `/api/v1/stamp-duty/mpr-rates/${fromTomorrow.id}`,
      body(fromTomorrow, { annualBasisPoints: 3_100 }),
    );
    expect(fixed.statusCode).toBe(200);
    const corrected = fixed
      .json<StampDutyRuleTables>()
      .mprRates.find((m) => m.id === fromTomorrow.id);
    expect(corrected).toMatchObject({
      annualBasisPoints: 3_100,
      validFrom: fromTomorrow.validFrom,
      validTo: null,
    });
    const audit = await ctx.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'stamp_duty.mpr_rate_corrected'),
          eq(auditEvents.entityId, fromTomorrow.id),
        ),
      );
    expect(audit).toHaveLength(1);

    // Billed at today's rate: its rate stays; its source and "to confirm" may change.
    const refused = await send(
      ctx,
      admin,
      'PUT',
      `/api/v1/stamp-duty/mpr-rates/${billedToday.id}`,
      body(billedToday, { annualBasisPoints: 1_900 }),
    );
    expect(refused.statusCode).toBe(409);
    const annotated = await send(
      ctx,
      admin,
      'PUT',
      `/api/v1/stamp-duty/mpr-rates/${billedToday.id}`,
      body(billedToday, { toConfirm: true, source: 'MPC communiqué, to confirm the day' }),
    );
    expect(annotated.statusCode).toBe(200);
    expect(
      annotated.json<StampDutyRuleTables>().mprRates.find((m) => m.id === billedToday.id),
    ).toMatchObject({ annualBasisPoints: 1_850, toConfirm: true });

    // The NTA penalty row added above charged the lease executed 12 days ago.
    const nta = penalties.find(
      (p) => p.law === 'NTA2025' && p.validFrom === addDays(today(), -14),
    ) as PenaltyRow;
    const penaltyBody = (p: PenaltyRow, overrides: Record<string, unknown> = {}) => ({
      graceDays: p.graceDays,
      penaltyBasisPoints: p.penaltyBasisPoints,
      interestBasis: p.interestBasis,
      interestAnnualBasisPoints: p.interestAnnualBasisPoints,
      toConfirm: p.toConfirm,
      source: p.source,
      ...overrides,
    });
    const url = `/api/v1/stamp-duty/penalty-rules/${nta.id}`;
    expect(
      (await send(ctx, admin, 'PUT', url, penaltyBody(nta, { graceDays: 30 }))).statusCode,
    ).toBe(409);
    const confirmed = await send(
      ctx,
      admin,
      'PUT',
      url,
      penaltyBody(nta, { toConfirm: false, source: 'Circular 4/2026' }),
    );
    expect(confirmed.statusCode).toBe(200);
    expect(
      confirmed.json<StampDutyRuleTables>().penalties.find((p) => p.id === nta.id),
    ).toMatchObject({ graceDays: 10, toConfirm: false, source: 'Circular 4/2026' });
    // No instrument of the Stamp Duties Act was billed here: its row's figures may be corrected.
    const sda = penalties.find((p) => p.law === 'SDA') as PenaltyRow;
    const sdaFixed = await send(
      ctx,
      admin,
      'PUT',
      `/api/v1/stamp-duty/penalty-rules/${sda.id}`,
      penaltyBody(sda, { interestAnnualBasisPoints: 1_200 }),
    );
    expect(sdaFixed.statusCode).toBe(200);
  });

  it('404 for an unknown row, 422 for a bad one, 403 for an officer', async () => {
    const { mprRates, penalties } = await rules();
    const mpr = mprRates[0] as MprRow;
    const penalty = penalties[0] as PenaltyRow;
    const mprBody = { annualBasisPoints: 2_700, toConfirm: true, source: 'CBN' };
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(
      (await send(ctx, admin, 'PUT', `/api/v1/stamp-duty/mpr-rates/${unknown}`, mprBody))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await send(ctx, admin, 'PUT', `/api/v1/stamp-duty/penalty-rules/${unknown}`, {
          graceDays: 30,
          penaltyBasisPoints: 1_000,
          interestBasis: 'mpr',
          interestAnnualBasisPoints: null,
          toConfirm: true,
          source: 'x to confirm',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await send(ctx, admin, 'PUT', '/api/v1/stamp-duty/mpr-rates/nope', mprBody)).statusCode,
    ).toBe(422);
    const noRate = await send(ctx, admin, 'PUT', `/api/v1/stamp-duty/penalty-rules/${penalty.id}`, {
      graceDays: 30,
      penaltyBasisPoints: 1_000,
      interestBasis: 'fixed',
      interestAnnualBasisPoints: null,
      toConfirm: true,
      source: 'to confirm',
    });
    expect(noRate.statusCode).toBe(422);
    expect(issuePaths(noRate)).toContain('interestAnnualBasisPoints');
    expect(
      (await send(ctx, officer, 'PUT', `/api/v1/stamp-duty/mpr-rates/${mpr.id}`, mprBody))
        .statusCode,
    ).toBe(403);
  });
});
