import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_TYPES } from '../../../shared/userTypes';
import { readLetterhead } from '../../documents/letterhead';
import { createTestContext, type TestContext } from '../../testing/context';
import { letterhead, officers, taxpayers } from '../schema';
import { DEMO_COMPANIES, DEMO_INDIVIDUALS, seedDemo, seedDemoTaxpayers } from './demo';
import { seedDemoPaperwork } from './paperwork';

let ctx: TestContext & { close(): Promise<void> };
beforeAll(async () => {
  ctx = await createTestContext({ seed: 'demo' });
});
afterAll(() => ctx.close());

describe('demo seed', () => {
  it('makes one officer per user type who can sign in with DEMO_PASSWORD, and seeds nothing twice', async () => {
    const first = await seedDemo(ctx.db, ctx.config);
    expect(first.map((s) => s.username)).toEqual(USER_TYPES.map((t) => t.toLowerCase()));
    expect(first.every((s) => s.created)).toBe(true);
    const second = await seedDemo(ctx.db, ctx.config);
    expect(second.some((s) => s.created)).toBe(false);
    const [row] = await ctx.db.select({ n: count() }).from(officers);
    expect(row?.n).toBe(USER_TYPES.length);

    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: 'tcc_chairman', password: ctx.config.demoPassword },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.userType).toBe('TCC_CHAIRMAN');
  });

  it("prints on paper: a drawn crest and the board's name on every document, the chairman's signature; once", async () => {
    await seedDemo(ctx.db, ctx.config);
    await seedDemoPaperwork(ctx.db, ctx.config);
    const printed = await readLetterhead(ctx.db);
    expect(printed.serviceName).toBe('Bayelsa State Board of Internal Revenue');
    expect(printed.crest?.mime).toBe('image/png');
    const [chairman] = await ctx.db
      .select({ signatureKey: officers.signatureKey })
      .from(officers)
      .where(eq(officers.username, 'tcc_chairman'));
    expect(chairman?.signatureKey).toMatch(/^officers\/.+\/signature-demo\.png$/);
    // An administrator's own letterhead is left alone by a later start.
    await ctx.db.update(letterhead).set({ serviceName: 'Renamed by ADMIN' });
    await seedDemoPaperwork(ctx.db, ctx.config);
    expect((await readLetterhead(ctx.db)).serviceName).toBe('Renamed by ADMIN');
  });

  it('adds 2,000 individuals and 300 companies in Bayelsa once, findable by name', async () => {
    expect(await seedDemoTaxpayers(ctx.db, ctx.config)).toBe(DEMO_INDIVIDUALS + DEMO_COMPANIES);
    expect(await seedDemoTaxpayers(ctx.db, ctx.config)).toBe(0);
    const rows = await ctx.db
      .select({ kind: taxpayers.kind, stateId: taxpayers.stateId, n: count() })
      .from(taxpayers)
      .groupBy(taxpayers.kind, taxpayers.stateId);
    expect(rows).toEqual(
      expect.arrayContaining([
        { kind: 'individual', stateId: 6, n: DEMO_INDIVIDUALS },
        { kind: 'corporate', stateId: 6, n: DEMO_COMPANIES },
      ]),
    );
    await expect(seedDemoTaxpayers(ctx.db, { ...ctx.config, env: 'production' })).rejects.toThrow(
      /production/,
    );
  });

  it('refuses to run in production', async () => {
    await expect(seedDemo(ctx.db, { ...ctx.config, env: 'production' })).rejects.toThrow(
      /production/,
    );
  });

  it('the sign-in page is told it is demo data, and which usernames to offer', async () => {
    const res = await ctx.app.inject({ url: '/api/v1/system' });
    expect(res.json()).toMatchObject({ demoMode: true });
    expect(res.json().demoUsernames).toContain('admin');
  });
});
