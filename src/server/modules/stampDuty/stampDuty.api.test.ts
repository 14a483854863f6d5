import { eq } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BTIN_LAST_BODY, makeBtin } from '../../../shared/btin';
import { addDays, todayInLagos } from '../../../shared/dates';
import {
  SEEDED_MPR_RATES,
  SEEDED_STAMP_DUTY_RULES,
  SEEDED_STAMP_PENALTY_RULES,
} from '../../../shared/stampDuty/rules';
import type {
  PublicStampCheck,
  StampBillView,
  StampDutyComputation,
  StampInstrumentDetail,
  StampInstrumentPage,
} from '../../../shared/stampDuty/schemas';
import { stampInstruments } from '../../db/schema';
import { notificationOf } from '../../integrations/remita/simulator';
import { createRemitaMda, type RemitaMda } from '../../integrations/remita/testing';
import { createTestContext, type TestContext } from '../../testing/context';
import { createTaxpayer, type SignedIn, signInAs, uniquePhone } from '../../testing/factories';
import { send } from '../assessments/testing';
import { loadTables } from './view';

/**
 * Stamp duty through the API: compute, assess with parties, list, bill, pay (Remita's
 * notification), stamp, certificate, public check; 401/403/422/409 per route. Runs on
 * PostgreSQL too.
 */

let ctx: TestContext & { close(): Promise<void> };
let officer: SignedIn;
let admin: SignedIn;
let da: SignedIn;
let mda: RemitaMda;

beforeAll(async () => {
  ctx = await createTestContext({}, { listen: true });
  [officer, admin, da] = await Promise.all([
    signInAs(ctx, 'OFFICER_STAMP_DUTY'),
    signInAs(ctx, 'ADMIN'),
    signInAs(ctx, 'OFFICER_DA'),
  ]);
  mda = await createRemitaMda(ctx);
});

afterAll(async () => {
  await ctx?.close();
});

const today = () => todayInLagos();

async function leaseBody(overrides: Record<string, unknown> = {}) {
  const lessee = await createTaxpayer(ctx);
  return {
    instrumentType: 'lease',
    executedOn: today(),
    considerationKobo: 6_000_000_000, // ₦60 m over 5 years: ₦12 m a year, chargeable
    termYears: 5,
    description: 'Lease of a shop at Swali market',
    parties: [
      { role: 'lessor', name: 'Tari Ebi', phone: uniquePhone() },
      { role: 'lessee', btin: lessee.btin },
    ],
    ...overrides,
  };
}

async function assessed(overrides: Record<string, unknown> = {}): Promise<StampInstrumentDetail> {
  const res = await send(
    ctx,
    officer,
    'POST',
    '/api/v1/stamp-duty/instruments',
    await leaseBody(overrides),
  );
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json<StampInstrumentDetail>();
}

async function pay(rrr: string) {
  const paid = ctx.simulators.remita.pay(rrr);
  const notified = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/remita/notifications',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(notificationOf(paid)),
  });
  expect(notified.statusCode).toBe(200);
}

async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text.replace(/\s+/g, '');
  } finally {
    await parser.destroy();
  }
}

function issueOf(res: { json<T>(): T }) {
  return res.json<{
    error: { code: string; message: string; details?: { issues?: { path: string }[] } };
  }>().error;
}

describe('POST /api/v1/stamp-duty/compute', () => {
  it('computes duty and penalty, storing nothing', async () => {
    const res = await send(ctx, officer, 'POST', '/api/v1/stamp-duty/compute', {
      instrumentType: 'conveyance',
      considerationKobo: 2_500_000_000,
      executedOn: '2026-03-02',
      stampedOn: '2026-04-02',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<StampDutyComputation>()).toMatchObject({
      dutyKobo: 37_500_000,
      penaltyKobo: 3_777_740,
      law: 'NTA2025',
      chargedPartyRole: 'transferee',
      rule: { instrumentType: 'conveyance', ratePpm: 15_000 },
    });
  });

  it('401 without a session, 403 for an officer of another desk', async () => {
    const body = { instrumentType: 'receipt', considerationKobo: 1_000_000 };
    expect((await send(ctx, null, 'POST', '/api/v1/stamp-duty/compute', body)).statusCode).toBe(
      401,
    );
    expect((await send(ctx, da, 'POST', '/api/v1/stamp-duty/compute', body)).statusCode).toBe(403);
  });

  it.each([
    [{ instrumentType: 'lease', considerationKobo: 100 }, 'termYears'],
    [{ instrumentType: 'receipt', considerationKobo: -1 }, 'considerationKobo'],
    [{ instrumentType: 'receipt', considerationKobo: 10.5 }, 'considerationKobo'],
    [{ instrumentType: 'receipt', considerationKobo: 100_000_000_000_001 }, 'considerationKobo'],
    [{ instrumentType: 'deed_of_gift', considerationKobo: 100 }, 'instrumentType'],
    [
      { instrumentType: 'receipt', considerationKobo: 100, executedOn: addDays(todayInLagos(), 2) },
      'executedOn',
    ],
  ])('422 naming the field: %j', async (body, field) => {
    const res = await send(ctx, officer, 'POST', '/api/v1/stamp-duty/compute', body);
    expect(res.statusCode).toBe(422);
    expect(JSON.stringify(issueOf(res))).toContain(field);
  });
});

describe('POST /api/v1/stamp-duty/instruments', () => {
  it('assesses an instrument with its parties and stores the rule used', async () => {
    const created = await assessed();
    expect(created).toMatchObject({
      status: 'assessed',
      dutyKobo: 46_800_000, // 0.78 % of ₦60 m
      penaltyKobo: 0,
      law: 'NTA2025',
      chargedPartyRole: 'lessee',
      rule: { instrumentType: 'lease', law: 'NTA2025' },
    });
    expect(created.parties).toHaveLength(2);
    expect(created.parties.find((p) => p.role === 'lessee')?.isCharged).toBe(true);
    expect(created.parties.find((p) => p.role === 'lessor')?.btin).toBeNull();
  });

  it('a rule changed later does not change the duty already assessed', async () => {
    const created = await assessed();
    const rules = (await send(ctx, admin, 'GET', '/api/v1/stamp-duty/rules')).json<{
      items: {
        id: string;
        instrumentType: string;
        law: string;
        version: number;
        [k: string]: unknown;
      }[];
    }>();
    const lease = rules.items.find((r) => r.instrumentType === 'lease' && r.law === 'NTA2025');
    if (!lease) throw new Error('no lease rule');
    const { id, instrumentType: _t, law: _l, kind: _k, ...rest } = lease;
    const changed = await send(ctx, admin, 'PUT', `/api/v1/stamp-duty/rules/${id}`, {
      ...rest,
      leaseTiers: [
        { overYears: 0, ratePpm: 10_000 },
        { overYears: 7, ratePpm: 30_000 },
      ],
    });
    expect(changed.statusCode).toBe(200);
    const after = await send(ctx, officer, 'GET', `/api/v1/stamp-duty/instruments/${created.id}`);
    expect(after.json<StampInstrumentDetail>().dutyKobo).toBe(46_800_000);
    const fresh = await assessed();
    expect(fresh.dutyKobo).toBe(60_000_000);
    // Put it back for the other tests.
    const restored = await send(ctx, admin, 'PUT', `/api/v1/stamp-duty/rules/${id}`, {
      ...rest,
      version: lease.version + 1,
    });
    expect(restored.statusCode).toBe(200);
  });

  it('401, 403', async () => {
    const body = await leaseBody();
    expect((await send(ctx, null, 'POST', '/api/v1/stamp-duty/instruments', body)).statusCode).toBe(
      401,
    );
    expect((await send(ctx, da, 'POST', '/api/v1/stamp-duty/instruments', body)).statusCode).toBe(
      403,
    );
  });

  it.each([
    [
      'fewer than two parties',
      { parties: [{ role: 'lessee', name: 'Ebi Tari', phone: '08031234567' }] },
      'parties',
    ],
    [
      'a party with neither BTIN nor name and phone',
      {
        parties: [
          { role: 'lessor', name: 'Ebi' },
          { role: 'lessee', name: 'Tari', phone: '08031234567' },
        ],
      },
      'parties',
    ],
    [
      'an unknown BTIN',
      {
        parties: [
          { role: 'lessor', name: 'Ebi', phone: '08031234567' },
          { role: 'lessee', btin: makeBtin(BTIN_LAST_BODY) },
        ],
      },
      'btin',
    ],
    ['an execution date in the future', { executedOn: addDays(todayInLagos(), 1) }, 'executedOn'],
    ['a lease with no term', { termYears: undefined }, 'termYears'],
    ['a negative consideration', { considerationKobo: -5 }, 'considerationKobo'],
    ['a fractional consideration', { considerationKobo: 12.5 }, 'considerationKobo'],
    ['an absurd consideration', { considerationKobo: 200_000_000_000_000 }, 'considerationKobo'],
    ['an unknown type', { instrumentType: 'deed' }, 'instrumentType'],
    [
      'no party in the charged role',
      {
        parties: [
          { role: 'lessor', name: 'Ebi', phone: '08031234567' },
          { role: 'party', name: 'Tari', phone: '08031234568' },
        ],
      },
      'lessee',
    ],
  ])('422 for %s, nothing stored', async (_what, overrides, field) => {
    const before = (
      await send(ctx, admin, 'GET', '/api/v1/stamp-duty/instruments?pageSize=1')
    ).json<StampInstrumentPage>().total;
    const res = await send(
      ctx,
      officer,
      'POST',
      '/api/v1/stamp-duty/instruments',
      await leaseBody(overrides),
    );
    expect(res.statusCode).toBe(422);
    expect(JSON.stringify(issueOf(res))).toContain(field);
    const after = (
      await send(ctx, admin, 'GET', '/api/v1/stamp-duty/instruments?pageSize=1')
    ).json<StampInstrumentPage>().total;
    expect(after).toBe(before);
  });
});

describe('parties, list and detail', () => {
  it('adds a party while assessed', async () => {
    const created = await assessed();
    const res = await send(
      ctx,
      officer,
      'POST',
      `/api/v1/stamp-duty/instruments/${created.id}/parties`,
      {
        role: 'party',
        name: 'Witness Ebiere',
        phone: uniquePhone(),
      },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json<StampInstrumentDetail>().parties).toHaveLength(3);
    expect(
      (await send(ctx, null, 'POST', `/api/v1/stamp-duty/instruments/${created.id}/parties`, {}))
        .statusCode,
    ).toBe(401);
    expect(
      (
        await send(ctx, da, 'POST', `/api/v1/stamp-duty/instruments/${created.id}/parties`, {
          role: 'party',
          name: 'X',
          phone: uniquePhone(),
        })
      ).statusCode,
    ).toBe(403);
    const bad = await send(
      ctx,
      officer,
      'POST',
      `/api/v1/stamp-duty/instruments/${created.id}/parties`,
      { role: 'party' },
    );
    expect(bad.statusCode).toBe(422);
  });

  it('lists with filters and exports CSV', async () => {
    const created = await assessed({ description: 'Lease of a unique warehouse Kpansia' });
    const res = await send(
      ctx,
      officer,
      'GET',
      '/api/v1/stamp-duty/instruments?search=unique%20warehouse&status=assessed&instrumentType=lease',
    );
    expect(res.statusCode).toBe(200);
    const page = res.json<StampInstrumentPage>();
    expect(page.items.map((i) => i.id)).toContain(created.id);
    const csv = await send(
      ctx,
      officer,
      'GET',
      '/api/v1/stamp-duty/instruments?search=unique%20warehouse&format=csv',
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Lease');
    expect((await send(ctx, null, 'GET', '/api/v1/stamp-duty/instruments')).statusCode).toBe(401);
    expect((await send(ctx, da, 'GET', '/api/v1/stamp-duty/instruments')).statusCode).toBe(403);
    expect(
      (await send(ctx, officer, 'GET', '/api/v1/stamp-duty/instruments?status=lost')).statusCode,
    ).toBe(422);
  });

  it('detail: 404 for an unknown id, 422 for a bad one, 403', async () => {
    expect(
      (
        await send(
          ctx,
          officer,
          'GET',
          '/api/v1/stamp-duty/instruments/5b3a3a1e-7d2a-4a55-9a0f-0c8f6a3c1d11',
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (await send(ctx, officer, 'GET', '/api/v1/stamp-duty/instruments/nope')).statusCode,
    ).toBe(422);
    expect((await send(ctx, da, 'GET', '/api/v1/stamp-duty/instruments/nope')).statusCode).toBe(
      403,
    );
    expect((await send(ctx, null, 'GET', '/api/v1/stamp-duty/instruments/nope')).statusCode).toBe(
      401,
    );
  });
});

describe('bill → paid → stamped → certificate → public check', () => {
  it('goes through the ledger and the certificate', async () => {
    const created = await assessed();
    const early = await send(
      ctx,
      officer,
      'POST',
      `/api/v1/stamp-duty/instruments/${created.id}/stamp`,
    );
    expect(early.statusCode).toBe(409);

    const billed = await send(
      ctx,
      officer,
      'POST',
      `/api/v1/stamp-duty/instruments/${created.id}/bill`,
      { mdaId: mda.id },
    );
    expect(billed.statusCode).toBe(201);
    const { bill, instrument } = billed.json<StampBillView>();
    expect(instrument.status).toBe('billed');
    expect(bill).toMatchObject({
      amountKobo: 46_800_000,
      type: 'stamp-duty',
      subjectKind: 'stamp_duty',
      subjectId: created.id,
    });
    expect(bill.rrr).toBeTruthy();
    const party = await send(
      ctx,
      officer,
      'POST',
      `/api/v1/stamp-duty/instruments/${created.id}/parties`,
      { role: 'party', name: 'Late Comer', phone: uniquePhone() },
    );
    expect(party.statusCode).toBe(409);
    expect(
      (await send(ctx, officer, 'POST', `/api/v1/stamp-duty/instruments/${created.id}/stamp`))
        .statusCode,
    ).toBe(409);

    await pay(bill.rrr as string);
    const paid = (
      await send(ctx, officer, 'GET', `/api/v1/stamp-duty/instruments/${created.id}`)
    ).json<StampInstrumentDetail>();
    expect(paid).toMatchObject({ status: 'paid', rrr: bill.rrr });
    expect(paid.receiptNumber).toBeTruthy();
    const cancel = await send(
      ctx,
      officer,
      'POST',
      `/api/v1/stamp-duty/instruments/${created.id}/cancel`,
      { reason: 'Parties withdrew' },
    );
    expect(cancel.statusCode).toBe(409);

    const [a, b] = await Promise.all([
      send(ctx, officer, 'POST', `/api/v1/stamp-duty/instruments/${created.id}/stamp`),
      send(ctx, admin, 'POST', `/api/v1/stamp-duty/instruments/${created.id}/stamp`),
    ]);
    expect([a?.statusCode, b?.statusCode].sort()).toEqual([200, 409]);
    const stamped = (a?.statusCode === 200 ? a : b)?.json<{
      certificateNumber: string;
      status: string;
    }>();
    expect(stamped?.status).toBe('stamped');
    expect(stamped?.certificateNumber).toMatch(/^SD-\d{4}-\d{7}$/);

    const pdf = await send(
      ctx,
      officer,
      'GET',
      `/api/v1/stamp-duty/instruments/${created.id}/certificate.pdf`,
    );
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    expect(
      (await send(ctx, da, 'GET', `/api/v1/stamp-duty/instruments/${created.id}/certificate.pdf`))
        .statusCode,
    ).toBe(403);

    // The first download is the certificate; every later one says COPY.
    const again = await send(
      ctx,
      officer,
      'GET',
      `/api/v1/stamp-duty/instruments/${created.id}/certificate.pdf`,
    );
    const [first, second] = await Promise.all([pdfText(pdf.rawPayload), pdfText(again.rawPayload)]);
    expect(first).toContain(stamped?.certificateNumber);
    expect(first).toContain('StampDutyCertificate');
    expect(first).not.toContain('COPY');
    expect(second).toContain('COPY');

    // By the code the QR code prints (ADR 0032): the facts, names masked.
    const number = stamped?.certificateNumber as string;
    const [row] = await ctx.db
      .select({ code: stampInstruments.publicCode })
      .from(stampInstruments)
      .where(eq(stampInstruments.id, created.id));
    const byCode = await send(ctx, null, 'GET', `/api/v1/public/stamp-duty/${row?.code}`);
    expect(byCode.statusCode).toBe(200);
    expect(byCode.headers['cache-control']).toContain('no-store');
    const check = byCode.json<PublicStampCheck>();
    expect(check).toMatchObject({
      status: 'valid',
      certificateNumber: number,
      instrumentType: 'lease',
      dutyKobo: 46_800_000,
    });
    expect(check.parties?.map((p) => p.name)).toContain('T*** E**');
    expect(byCode.body).not.toContain('Tari');
    expect(byCode.body).not.toContain(created.parties[1]?.btin as string);
    expect(
      (await send(ctx, null, 'GET', `/api/v1/public/stamp-duty/${row?.code.toLowerCase()}`))
        .statusCode,
    ).toBe(200);

    // The bare number (sequential, walkable) answers match or no match with its duty, nothing else.
    const match = (n: string, amountKobo: number | string) =>
      send(
        ctx,
        null,
        'GET',
        `/api/v1/public/stamp-duty/match?number=${encodeURIComponent(n)}&amountKobo=${amountKobo}`,
      );
    const matched = await match(number, 46_800_000);
    expect(matched.statusCode).toBe(200);
    expect(matched.headers['cache-control']).toContain('no-store');
    expect(matched.json()).toEqual({ match: true });
    expect(matched.body).not.toMatch(/T\*\*\*|Tari|lease|valid/i);
    expect((await match(number.toLowerCase(), 46_800_000)).json()).toEqual({ match: true });
    expect((await match(number, 46_800_001)).json()).toEqual({ match: false });
    expect((await match('SD-1999-0000000', 46_800_000)).json()).toEqual({ match: false });
    expect((await match(number, 'lots')).statusCode).toBe(422);
    expect((await match('<script>', 1)).statusCode).toBe(422);

    // By the bare number (the contract's path): the verdict and the number, nothing more.
    const byNumber = await send(ctx, null, 'GET', `/api/v1/public/stamp-duty/${number}`);
    expect(byNumber.statusCode).toBe(200);
    expect(byNumber.json()).toEqual({ status: 'valid', certificateNumber: number });
    expect(byNumber.body).not.toContain('Tari');
    expect(
      (await send(ctx, null, 'GET', '/api/v1/public/stamp-duty/SD-1999-0000000')).statusCode,
    ).toBe(404);
    expect((await send(ctx, null, 'GET', '/api/v1/public/stamp-duty/ZZZZZZZZZZ')).statusCode).toBe(
      404,
    );
    expect((await send(ctx, null, 'GET', '/api/v1/public/stamp-duty/hello')).statusCode).toBe(422);
  });

  it('of two officers billing at once one bills, the other gets 409', async () => {
    const created = await assessed();
    const results = await Promise.all([
      send(ctx, officer, 'POST', `/api/v1/stamp-duty/instruments/${created.id}/bill`, {
        mdaId: mda.id,
      }),
      send(ctx, admin, 'POST', `/api/v1/stamp-duty/instruments/${created.id}/bill`, {
        mdaId: mda.id,
      }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('a named person pays when the charged party is not registered', async () => {
    const created = await assessed({
      parties: [
        { role: 'lessor', btin: (await createTaxpayer(ctx)).btin },
        { role: 'lessee', name: 'Preye Douglas', phone: uniquePhone() },
      ],
    });
    const billed = await send(
      ctx,
      officer,
      'POST',
      `/api/v1/stamp-duty/instruments/${created.id}/bill`,
      { mdaId: mda.id },
    );
    expect(billed.statusCode).toBe(201);
    expect(billed.json<StampBillView>().bill).toMatchObject({
      btin: null,
      payerName: 'Preye Douglas',
    });
  });

  it('bill, stamp, cancel: 401 and 403', async () => {
    const created = await assessed();
    for (const action of ['bill', 'stamp', 'cancel']) {
      expect(
        (
          await send(
            ctx,
            null,
            'POST',
            `/api/v1/stamp-duty/instruments/${created.id}/${action}`,
            {},
          )
        ).statusCode,
      ).toBe(401);
      expect(
        (
          await send(ctx, da, 'POST', `/api/v1/stamp-duty/instruments/${created.id}/${action}`, {
            reason: 'A reason here',
          })
        ).statusCode,
      ).toBe(403);
    }
  });

  it('cancels a billed instrument with its bill; a reason is required', async () => {
    const created = await assessed();
    await send(ctx, officer, 'POST', `/api/v1/stamp-duty/instruments/${created.id}/bill`, {
      mdaId: mda.id,
    });
    expect(
      (await send(ctx, officer, 'POST', `/api/v1/stamp-duty/instruments/${created.id}/cancel`, {}))
        .statusCode,
    ).toBe(422);
    const res = await send(
      ctx,
      officer,
      'POST',
      `/api/v1/stamp-duty/instruments/${created.id}/cancel`,
      { reason: 'Executed in error' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json<StampInstrumentDetail>()).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Executed in error',
    });
  });

  it('an instrument not chargeable is stamped without a bill', async () => {
    const created = await assessed({ considerationKobo: 4_500_000_000 }); // ₦9 m a year: s.135
    expect(created.dutyKobo).toBe(0);
    expect(
      (
        await send(ctx, officer, 'POST', `/api/v1/stamp-duty/instruments/${created.id}/bill`, {
          mdaId: mda.id,
        })
      ).statusCode,
    ).toBe(422);
    expect(
      (await send(ctx, officer, 'POST', `/api/v1/stamp-duty/instruments/${created.id}/stamp`))
        .statusCode,
    ).toBe(200);
  });
});

describe('rules', () => {
  it('the migration seeds the rules of src/shared/stampDuty/rules.ts, both periods', async () => {
    const tables = await loadTables(ctx.db);
    const strip = <T extends object>(rows: readonly T[]) =>
      rows.map((r) => {
        const { id: _id, ...rest } = r as T & { id?: unknown };
        return rest;
      });
    const byKey = (a: { instrumentType: string; validFrom: string }, b: typeof a) =>
      `${a.instrumentType}${a.validFrom}`.localeCompare(`${b.instrumentType}${b.validFrom}`);
    expect(strip(tables.rules).sort(byKey)).toEqual([...SEEDED_STAMP_DUTY_RULES].sort(byKey));
    expect(tables.penalties).toEqual(SEEDED_STAMP_PENALTY_RULES);
    expect(tables.mprRates).toEqual(SEEDED_MPR_RATES);
  });

  it('lists both periods; only ADMIN changes them', async () => {
    const res = await send(ctx, officer, 'GET', '/api/v1/stamp-duty/rules');
    expect(res.statusCode).toBe(200);
    const body = res.json<{
      items: { law: string; toConfirm: boolean; id: string }[];
      penalties: unknown[];
    }>();
    expect(body.items.filter((r) => r.law === 'SDA')).toHaveLength(8);
    expect(body.items.filter((r) => r.law === 'NTA2025')).toHaveLength(8);
    expect(body.items.filter((r) => r.toConfirm)).toHaveLength(3);
    expect(body.penalties).toHaveLength(2);
    const id = body.items[0]?.id;
    expect((await send(ctx, officer, 'PUT', `/api/v1/stamp-duty/rules/${id}`, {})).statusCode).toBe(
      403,
    );
    expect((await send(ctx, null, 'GET', '/api/v1/stamp-duty/rules')).statusCode).toBe(401);
    expect((await send(ctx, da, 'GET', '/api/v1/stamp-duty/rules')).statusCode).toBe(403);
    expect(
      (await send(ctx, admin, 'PUT', `/api/v1/stamp-duty/rules/${id}`, { name: 'x' })).statusCode,
    ).toBe(422);
  });
});
