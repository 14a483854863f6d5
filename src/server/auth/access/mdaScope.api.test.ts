import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasPermission } from '../../../shared/permissions';
import { payments } from '../../db/schema';
import { signInForMdas } from '../../modules/payments/remita/testing';
import { createTestContext, type TestContext } from '../../testing/context';
import { createTaxpayer, type SignedIn, signInAs } from '../../testing/factories';
import { MDA_SCOPED_USER_TYPES } from '../mdaScope';
import { isLetIn } from '../routeAccess';
import { type MdaWorld, readableText, seedMdaWorld, squeeze } from './mdaWorld';
import { fakePathValue, guardedOperations, type Operation, operationsOf } from './routeTable';

/**
 * MDA scoping (docs/architecture.md §4: "data of an MDA is visible only to officers holding that MDA
 * privilege"; src/server/auth/mdaScope.ts). Two MDAs, each with payments, bills, an RRR at
 * Remita, a revenue head and an MDA-staff certificate; officers of MDA Alpha go through every
 * GET operation of the OpenAPI document — lists, exports, PDFs — with Zulu's ids in the path
 * and Zulu asked for by name in the query, and nothing of Zulu may appear in any answer.
 */

/** Operations MDA staff may call that answer an MDA's rows: each is swept below. */
const MDA_SCOPED: Record<string, string> = {
  'GET /api/v1/payments': 'payment history, its totals and its CSV/XLSX export',
  'GET /api/v1/payments/{id}': 'one payment',
  'GET /api/v1/payments/{id}/receipt.pdf': "a payment's e-receipt",
  'GET /api/v1/invoices': 'the bills raised here',
  'GET /api/v1/mdas': 'the MDA select of the RRR check and the bill form',
  'GET /api/v1/mdas/{id}/revenue-heads': "an MDA's revenue heads",
  'GET /api/v1/remita/rrr/{rrr}/status': "an RRR's status at Remita, with its ledger row",
  'GET /api/v1/demand-notices': "the MDAs' demand notices",
  'GET /api/v1/demand-notices/{id}': 'one demand notice',
  'GET /api/v1/demand-notices/{id}/notice.pdf': "a demand notice's paper",
  'GET /api/v1/reports/mda-transactions': 'the MDA transaction report, its totals and export',
  'GET /api/v1/reports/collections-by-mda': "the MDAs' collections this year, and export",
  'GET /api/v1/reports/mda-revenue': "an MDA's collections by revenue head and month, and export",
  'GET /api/v1/reports/mda-summary': "one MDA's summary, and export",
  'GET /api/v1/reports/pos-takings': "the MDAs' POS takings, and export",
  'GET /api/v1/reports/budget-performance': "the MDAs' budget against collections, and export",
  'GET /api/v1/dashboards/mda/{mdaId}': "one MDA's dashboard: collections, budget and POS takings",
};

/** Operations MDA staff may call that hold no MDA's rows, and why. */
const NOT_MDA_SCOPED: Record<string, string> = {
  'GET /api/health': 'liveness: no data',
  'GET /api/ready': 'readiness: no data',
  'GET /api/v1/system': 'the server and its version',
  'GET /api/openapi.json': 'the API description',
  'GET /api/v1/auth/me': "the caller's own account and menu",
  'GET /api/v1/dashboards/me':
    "the caller's own work queue: counts and links, no MDA's rows; each count is its list's total in the caller's MDA scope (dashboards/queues/queues.api.test.ts)",
  'GET /api/v1/auth/session': "the caller's own session",
  'GET /api/v1/profile': "the caller's own profile",
  'GET /api/v1/profile/photo': "the caller's own photo",
  'GET /api/v1/profile/sessions': "the caller's own sessions",
  'GET /api/v1/reference/states': 'reference data of the whole country',
  'GET /api/v1/reference/states/{id}/lgas': 'reference data of the whole country',
  'GET /api/v1/reference/lgas/{id}/towns': 'reference data of the whole country',
  'GET /api/v1/reference/occupations': 'reference data of the whole country',
  'GET /api/v1/reference/profession-categories': 'reference data of the whole country',
  'GET /api/v1/reference/profession-categories/{code}/subcategories':
    'reference data of the whole country',
  'GET /api/v1/reference/profession-subcategories/{code}/professions':
    'reference data of the whole country',
  'GET /api/v1/taxpayers/lookup':
    "the top bar's search by BTIN, e-mail or phone: taxpayers belong to the state, not to an MDA",
  'GET /api/v1/public/receipts/{code}':
    'public by design: whoever holds a receipt may check it (its MDA, a masked payer)',
  'GET /api/v1/public/receipts/match': 'public by design: match or no match, nothing else',
  'GET /api/v1/public/assessments/{code}': 'public by design: a notice is checked by anyone',
  'GET /api/v1/public/assessments/match': 'public by design: match or no match, nothing else',
  'GET /api/v1/public/tcc/{code}': 'public by design: a certificate is checked by anyone',
  'GET /api/v1/public/tcc/match': 'public by design: match or no match, nothing else',
  'GET /api/v1/public/keys': 'the public keys that sign certificates',
  'GET /api/v1/public/stamp-duty/{certificateNumber}':
    'public by design: a stamp certificate is checked by anyone holding it (masked parties)',
  'GET /api/v1/public/stamp-duty/match': 'public by design: match or no match, nothing else',
  'GET /api/v1/public/demand-notices/{code}':
    'public by design: a demand notice is checked by anyone holding its code (a masked payer)',
  'GET /api/v1/public/demand-notices/match': 'public by design: match or no match, nothing else',
};

let ctx: TestContext & { close(): Promise<void> };
let operations: Operation[];
let alpha: MdaWorld;
let zulu: MdaWorld;
const staff: { userType: (typeof MDA_SCOPED_USER_TYPES)[number]; session: SignedIn }[] = [];

beforeAll(async () => {
  ctx = await createTestContext({}, { listen: true, runJobs: false });
  operations = operationsOf((await ctx.app.inject({ url: '/api/openapi.json' })).json());
  const certificateMaker = await signInAs(ctx, 'ASSESSMENT_OFFICER');
  alpha = await seedMdaWorld(ctx, 'Alpha', certificateMaker);
  zulu = await seedMdaWorld(ctx, 'Zulu', certificateMaker);
  for (const userType of MDA_SCOPED_USER_TYPES) {
    staff.push({ userType, session: await signInForMdas(ctx, userType, [alpha.mdaId]) });
  }
}, 120_000);
afterAll(() => ctx.close());

/** GET operations an officer of an MDA-bound type gets past the gate on. */
function reachableByMdaStaff(): string[] {
  return [...guardedOperations(ctx.app)]
    .filter(([key, access]) => {
      if (!key.startsWith('GET ')) return false;
      if ('public' in access) return true;
      return MDA_SCOPED_USER_TYPES.some((userType) =>
        isLetIn(access, (permission) => hasPermission(userType, permission)),
      );
    })
    .map(([key]) => key);
}

describe('the MDA-scoped operations', () => {
  it('are every GET MDA staff may call, or listed as holding no MDA rows with a reason', () => {
    const reachable = reachableByMdaStaff();
    const unclassified = reachable.filter((k) => !(k in MDA_SCOPED) && !(k in NOT_MDA_SCOPED));
    expect(
      unclassified,
      'MDA staff may call these: add each to MDA_SCOPED (and seed its rows) or to NOT_MDA_SCOPED with a reason',
    ).toEqual([]);
    const stale = [...Object.keys(MDA_SCOPED), ...Object.keys(NOT_MDA_SCOPED)].filter(
      (k) => !reachable.includes(k),
    );
    expect(stale, 'listed here but MDA staff cannot call it (any more)').toEqual([]);
  });

  it('include every one MDA staff may call whose answer names an MDA, unless it is public', () => {
    const mentionsMda = (operation: Operation) =>
      /"mda[A-Z]\w*"|"mda"/.test(JSON.stringify(operation.responses['200'] ?? {}));
    const guarded = guardedOperations(ctx.app);
    const unscoped = reachableByMdaStaff().filter((key) => {
      const operation = operations.find((o) => `${o.method} ${o.path}` === key);
      const access = guarded.get(key);
      return (
        operation &&
        mentionsMda(operation) &&
        !(access && 'public' in access) &&
        !(key in MDA_SCOPED)
      );
    });
    expect(unscoped, 'these answer MDA fields to MDA staff without being swept').toEqual([]);
  });
});

/** Path values to try for one parameter: both MDAs' rows of the kind it names. */
function candidatesFor(name: string, schema: Operation['pathParams'][number]['schema']): string[] {
  const both = (pick: (world: MdaWorld) => string[]) => [...pick(alpha), ...pick(zulu)];
  if (schema.format === 'uuid') return both((w) => w.ids);
  if (name === 'rrr') return both((w) => w.rrrs);
  if (schema.type === 'string' && name !== 'btin' && name !== 'code') return both((w) => w.numbers);
  return [fakePathValue(name, schema)];
}

function urlsOf(operation: Operation): string[] {
  let paths = [operation.path];
  for (const { name, schema } of operation.pathParams) {
    paths = paths.flatMap((path) =>
      candidatesFor(name, schema).map((value) =>
        path.replace(`{${name}}`, encodeURIComponent(value)),
      ),
    );
  }
  // As the officer's own MDA, and asking for the other MDA by id and by code; a list is also
  // exported as CSV and XLSX, asking for Zulu and not.
  const queries = [`mdaId=${alpha.mdaId}`, `mdaId=${zulu.mdaId}&mdaCode=${zulu.mdaCode}`];
  if (operation.pathParams.length === 0) {
    queries.push(`format=csv&mdaCode=${zulu.mdaCode}`, 'format=csv', 'format=xlsx');
  }
  return paths.flatMap((path) => queries.map((query) => `${path}?${query}`));
}

describe('officers of MDA Alpha', () => {
  it('read nothing of MDA Zulu through any GET operation, and do read their own', async () => {
    const leaks: string[] = [];
    const seesOwn = new Set<string>();
    const guarded = guardedOperations(ctx.app);
    for (const operation of operations.filter((o) => o.method === 'GET')) {
      const key = `GET ${operation.path}`;
      if (key in NOT_MDA_SCOPED) continue;
      const access = guarded.get(key);
      for (const { userType, session } of staff) {
        const passesGate =
          access !== undefined &&
          isLetIn(access, (permission) => hasPermission(userType, permission));
        // Past the gate only: every other operation is refused whatever it is asked.
        const urls = passesGate ? urlsOf(operation) : [operation.path.replace(/\{\w+\}/g, '1')];
        for (const url of urls) {
          const res = await ctx.app.inject({ url, headers: session.bearer });
          if (!passesGate) {
            if (res.statusCode !== 403)
              leaks.push(`${userType} ${url}: ${res.statusCode}, not 403`);
            continue;
          }
          if (res.statusCode >= 500) leaks.push(`${userType} ${url}: ${res.statusCode}`);
          if (res.statusCode !== 200) continue;
          const text = squeeze(await readableText(res));
          const asked = squeeze(decodeURIComponent(url));
          const shown = (world: MdaWorld) =>
            world.markers.filter((m) => !asked.includes(squeeze(m)) && text.includes(squeeze(m)));
          for (const marker of shown(zulu)) leaks.push(`${userType} ${url}: shows "${marker}"`);
          // Asked for Zulu by a filter it documents: nothing, not even Zulu's totals.
          const filtersByMda = operation.queryParams.some((q) => q === 'mdaId' || q === 'mdaCode');
          if (filtersByMda && url.includes(`mdaCode=${zulu.mdaCode}`) && !url.includes('format=')) {
            const page = res.json<{ total?: number; totals?: Record<string, unknown> }>();
            // Only the figures: the totals also say whether the count was capped (a boolean).
            const figures = Object.values(page.totals ?? {}).filter((v) => typeof v === 'number');
            const counts = [page.total ?? 0, ...figures];
            if (counts.some((n) => n !== 0)) {
              leaks.push(`${userType} ${url}: counts Zulu's rows ${JSON.stringify(counts)}`);
            }
          }
          if (shown(alpha).length > 0) seesOwn.add(key);
        }
      }
    }
    expect(leaks, 'MDA Zulu seen by officers of MDA Alpha').toEqual([]);
    // Not vacuous: every swept operation showed Alpha's own rows at least once.
    expect(Object.keys(MDA_SCOPED).filter((key) => !seesOwn.has(key))).toEqual([]);
  }, 180_000);
});

describe('officers of MDA Alpha, writing', () => {
  it('raise bills for their own MDA only, and cancel none of MDA Zulu', async () => {
    const taxpayer = await createTaxpayer(ctx);
    const billFor = (world: MdaWorld) => ({
      btin: taxpayer.btin,
      mdaId: world.mdaId,
      revenueHeadCode: world.revenueHeadCode,
      amountKobo: 150_000,
      description: 'Jetty levy for one canoe',
    });
    for (const { userType, session } of staff) {
      const raise = (world: MdaWorld) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/v1/invoices',
          headers: session.cookieHeaders,
          payload: billFor(world),
        });
      expect((await raise(alpha)).statusCode, userType).toBe(201);
      const foreign = await raise(zulu);
      expect(foreign.statusCode, userType).toBe(404);
      expect(foreign.body).not.toContain('Zulu');

      const cancel = await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/invoices/${zulu.pendingBillId}/cancel`,
        headers: session.cookieHeaders,
        payload: { reason: 'Raised for the wrong payer' },
      });
      expect(cancel.statusCode, userType).toBe(404);
    }
    const [bill] = await ctx.db.select().from(payments).where(eq(payments.id, zulu.pendingBillId));
    expect(bill?.status).toBe('pending');
    const zuluBills = await ctx.db.select().from(payments).where(eq(payments.mdaId, zulu.mdaId));
    expect(zuluBills).toHaveLength(3);
  });
});
