import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '../../auth/actor';
import { createMdaService } from '../../modules/mdas/service';
import { createSecretBox } from '../../secrets';
import { createTestContext, TEST_SECRETS_KEY, type TestContext } from '../../testing/context';
import { mdaRevenueHeads, mdas, officerMdaPrivileges, officers } from '../schema';
import { seedDemo } from './demo';
import { DEMO_MDAS, demoRemitaCredentials, seedDemoMdas } from './mdas';

let ctx: TestContext & { close(): Promise<void> };
beforeAll(async () => {
  ctx = await createTestContext({ seed: 'demo' });
});
afterAll(() => ctx.close());

describe('demo MDAs', () => {
  it('seeds about 25 Bayelsa MDAs with 2–7 revenue heads each, once', async () => {
    const ids = await seedDemoMdas(ctx.db, ctx.config);
    expect(ids.size).toBe(DEMO_MDAS.length);
    expect(DEMO_MDAS.length).toBeGreaterThanOrEqual(24);
    expect(DEMO_MDAS.filter((m) => m.category === 'lga')).toHaveLength(8);

    const heads = await ctx.db
      .select({ mdaId: mdaRevenueHeads.mdaId, n: count() })
      .from(mdaRevenueHeads)
      .groupBy(mdaRevenueHeads.mdaId);
    expect(heads).toHaveLength(DEMO_MDAS.length);
    // The Civil Service Commission sells one form; every other MDA collects 2 to 7 heads (BIRS 7).
    expect(heads.filter((h) => h.n < 2 || h.n > 7)).toHaveLength(1);

    await seedDemoMdas(ctx.db, ctx.config);
    const [total] = await ctx.db.select({ n: count() }).from(mdas);
    expect(total?.n).toBe(DEMO_MDAS.length);
  });

  it("stores the simulator's credentials sealed, openable for the Remita client", async () => {
    const ids = await seedDemoMdas(ctx.db, ctx.config);
    const birs = ids.get('BIRS') as string;
    const [row] = await ctx.db.select().from(mdas).where(eq(mdas.id, birs));
    expect(row?.remitaApiKeyEncrypted).toMatch(/^v1\./);
    const service = createMdaService({ db: ctx.db, secrets: createSecretBox(TEST_SECRETS_KEY) });
    expect(await service.getRemitaCredentials(systemActor('system'), birs)).toEqual(
      demoRemitaCredentials(0),
    );
    const judiciary = await service.getMda(systemActor('system'), ids.get('JUD') as string);
    expect(judiciary.hasRemitaCredentials).toBe(false);
  });

  it('gives the demo MDA staff the Ministry of Health', async () => {
    await seedDemo(ctx.db, ctx.config);
    const rows = await ctx.db
      .select({ username: officers.username, mdaCode: mdas.code })
      .from(officerMdaPrivileges)
      .innerJoin(officers, eq(officers.id, officerMdaPrivileges.officerId))
      .innerJoin(mdas, eq(mdas.id, officerMdaPrivileges.mdaId));
    expect(rows).toEqual(
      expect.arrayContaining([
        { username: 'officer_mda', mdaCode: 'MOH' },
        { username: 'officer_mda_admin', mdaCode: 'MOH' },
      ]),
    );
  });

  it('refuses to run in production', async () => {
    await expect(seedDemoMdas(ctx.db, { ...ctx.config, env: 'production' })).rejects.toThrow(
      /production/,
    );
  });
});
