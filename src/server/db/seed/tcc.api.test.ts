import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TCC_KINDS, type TccStatus } from '../../../shared/tcc/enums';
import {
  listSigningKeys,
  signerFromConfig,
  verifySignedPayload,
} from '../../modules/tcc/certificate/signing';
import { createTestContext, type TestContext } from '../../testing/context';
import { auditEvents, tccHistory, tccs } from '../schema';
import { seedDemoAssessments } from './assessments';
import { seedDemo, seedDemoTaxpayers } from './demo';
import { seedDemoPayments } from './payments';
import { seedDemoTccs } from './tcc';
import { seedDemoTradeCategories } from './tradeCategories';

/** The demo certificates (seed/tcc.ts): every kind in every status of the chain but the fee's. */

let ctx: TestContext & { close(): Promise<void> };
let added: Awaited<ReturnType<typeof seedDemoTccs>>;

beforeAll(async () => {
  ctx = await createTestContext({ seed: 'demo' });
  await seedDemo(ctx.db, ctx.config);
  await seedDemoTaxpayers(ctx.db, ctx.config);
  await seedDemoTradeCategories(ctx.db, ctx.config);
  await seedDemoPayments(ctx.db, ctx.config, ctx.simulators);
  await seedDemoAssessments(ctx.db, ctx.config, ctx.simulators);
  added = await seedDemoTccs(ctx.db, ctx.config);
}, 300_000);
afterAll(() => ctx?.close());

const SEEDED: readonly TccStatus[] = [
  'pending_director_assessment',
  'pending_director_collection',
  'pending_chairman',
  'rejected_director_assessment',
  'rejected_director_collection',
  'rejected_chairman',
  'approved',
  'printed',
  'revoked',
];

describe('demo certificates seed', () => {
  it('gives every kind a certificate in every status but awaiting payment', async () => {
    expect(added.certificates).toBe(75);
    const rows = await ctx.db.select({ kind: tccs.kind, status: tccs.status }).from(tccs);
    for (const kind of TCC_KINDS) {
      const statuses = new Set(rows.filter((r) => r.kind === kind).map((r) => r.status));
      expect([...statuses].sort()).toEqual([...SEEDED].sort());
    }
  });

  it('went through the chain: history, audit, signed payloads that check', async () => {
    const issued = await ctx.db.select().from(tccs).where(eq(tccs.status, 'printed'));
    expect(issued.length).toBe(10);
    const keys = new Map(
      (await listSigningKeys(ctx.db, signerFromConfig(ctx.config))).map((k) => [
        k.keyId,
        k.publicKey,
      ]),
    );
    for (const row of issued) {
      expect(row.signedPayload).toBeTruthy();
      expect(verifySignedPayload(row.signedPayload as string, keys)?.n).toBe(row.number);
    }
    const [history] = await ctx.db.select({ n: count() }).from(tccHistory);
    expect(history?.n).toBeGreaterThan(75 * 2);
    const [audits] = await ctx.db
      .select({ n: count() })
      .from(auditEvents)
      .where(eq(auditEvents.entityType, 'tcc'));
    expect(audits?.n).toBeGreaterThanOrEqual(history?.n ?? 0);
  });

  it('waits vary: some certificates waited past the two-week warning', async () => {
    const rows = await ctx.db
      .select({ at: tccs.statusChangedAt, generatedAt: tccs.createdAt })
      .from(tccs)
      .where(eq(tccs.status, 'pending_director_assessment'));
    const oldest = Math.min(...rows.map((r) => r.at.getTime()));
    expect(Date.now() - oldest).toBeGreaterThan(14 * 86_400_000);
    // Generated on the seed's day, not the day the server started.
    const firstGenerated = Math.min(...rows.map((r) => r.generatedAt.getTime()));
    expect(Date.now() - firstGenerated).toBeGreaterThan(14 * 86_400_000);
  });

  it('seeds once', async () => {
    expect(await seedDemoTccs(ctx.db, ctx.config)).toEqual({ certificates: 0 });
  });
});
