import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { systemActor } from '../../auth/actor';
import type { Db } from '../../db/client';
import { auditChainHead, auditEvents } from '../../db/schema';
import { createTestContext, type TestContext } from '../../testing/context';
import { type SignedIn, signInAs } from '../../testing/factories';
import { verifyAuditChain } from './chain';
import { recordAudit } from './service';

type Context = TestContext & { close(): Promise<void> };

/** Writes `rows` audit rows, as a busy day of officers would. */
async function fillTrail(db: Db, rows: number) {
  await db.transaction(async (tx) => {
    for (let i = 0; i < rows; i++) {
      await recordAudit(tx, systemActor('system'), {
        action: 'test.filled',
        entityType: 'test',
        entityId: String(i),
        after: { i, note: `row ${i}`, nested: { ok: i % 2 === 0 } },
      });
    }
  });
}

/** Changes audit rows as someone with the table owner's rights could: past the append-only trigger. */
async function tamper(db: Db, statement: ReturnType<typeof sql>) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`alter table audit_events disable trigger audit_events_append_only`);
    await tx.execute(statement);
    await tx.execute(sql`alter table audit_events enable trigger audit_events_append_only`);
  });
}

/** The ids of the trail in chain order. */
async function chainIds(db: Db): Promise<number[]> {
  const rows = await db
    .select({ id: auditEvents.id })
    .from(auditEvents)
    .orderBy(auditEvents.chainSeq);
  return rows.map((row) => row.id);
}

async function verifyThroughApi(ctx: Context, admin: SignedIn) {
  const res = await ctx.app.inject({ url: '/api/v1/audit-events/verify', headers: admin.bearer });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    intact: boolean;
    checked: number;
    firstBadId?: number;
    reason?: string;
    headHash: string | null;
  };
}

describe('GET /api/v1/audit-events/verify on an untouched trail', () => {
  let ctx: Context;
  let admin: SignedIn;
  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await signInAs(ctx, 'ADMIN');
    await fillTrail(ctx.db, 600);
  });
  afterAll(() => ctx.close());

  it('says intact, having checked every row, and names the head', async () => {
    const [{ rows } = { rows: 0 }] = await ctx.db.select({ rows: count() }).from(auditEvents);
    const result = await verifyThroughApi(ctx, admin);
    expect(result).toEqual({
      intact: true,
      checked: rows,
      headHash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const [head] = await ctx.db
      .select({ lastHash: sql<string>`encode(${auditChainHead.lastHash}, 'hex')` })
      .from(auditChainHead);
    // The verification recorded itself after answering: the head moved on past the hash it named.
    expect(head?.lastHash).not.toBe(result.headHash);
    const [recorded] = await ctx.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'audit.verified'));
    expect(recorded).toMatchObject({
      actorId: admin.officer.id,
      entityType: 'audit_trail',
      after: { intact: true, checked: rows, firstBadId: null, chainHead: result.headHash },
    });
    expect((await verifyThroughApi(ctx, admin)).checked).toBe(rows + 1);
  });

  it('walks in chunks to the same answer', async () => {
    const whole = await verifyAuditChain(ctx.db);
    expect(await verifyAuditChain(ctx.db, 7)).toEqual(whole);
    expect(await verifyAuditChain(ctx.db, 1)).toEqual(whole);
  });

  it('401 without a session, 403 for an officer who is not an administrator', async () => {
    const officer = await signInAs(ctx, 'DIRECTOR_ASSESSMENT');
    expect((await ctx.app.inject({ url: '/api/v1/audit-events/verify' })).statusCode).toBe(401);
    const res = await ctx.app.inject({
      url: '/api/v1/audit-events/verify',
      headers: officer.bearer,
    });
    expect(res.statusCode).toBe(403);
  });

  it('a failed change leaves no audit row, and the chain goes on intact', async () => {
    const [before] = await ctx.db.select().from(auditChainHead);
    await expect(
      ctx.db.transaction(async (tx) => {
        await recordAudit(tx, systemActor('system'), {
          action: 'test.rolled_back',
          entityType: 'test',
        });
        throw new Error('the change failed after its audit row was written');
      }),
    ).rejects.toThrow('the change failed');
    const rolledBack = await ctx.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'test.rolled_back'));
    expect(rolledBack).toEqual([]);
    expect(await ctx.db.select().from(auditChainHead)).toEqual([before]);
    await recordAudit(ctx.db, systemActor('system'), { action: 'test.after', entityType: 'test' });
    expect((await verifyAuditChain(ctx.db)).intact).toBe(true);
  });
});

describe('verify finds the first row that was altered or removed', () => {
  let ctx: Context;
  let admin: SignedIn;
  /** The trail's ids in chain order, the last 20 written just now. */
  let ids: number[];

  const opened: Context[] = [];

  // Each case breaks the chain, and a break hides the ones after it: a fresh trail per case.
  // All are closed at the end: dropping a PostgreSQL copy while the next case runs makes its
  // pool log the terminated connections.
  beforeEach(async () => {
    ctx = await createTestContext();
    opened.push(ctx);
    admin = await signInAs(ctx, 'ADMIN');
    await fillTrail(ctx.db, 20);
    ids = await chainIds(ctx.db);
  });
  afterAll(async () => {
    for (const each of opened) await each.close();
  });

  const nth = (i: number) => ids.at(i) as number;

  it('a row whose content was changed: that row', async () => {
    await tamper(ctx.db, sql`update audit_events set after = '{"x":1}' where id = ${nth(-10)}`);
    const result = await verifyThroughApi(ctx, admin);
    expect(result).toMatchObject({ intact: false, firstBadId: nth(-10), headHash: null });
    expect(result.reason).toMatch(/content no longer matches its hash/);
    expect(result.checked).toBe(ids.length - 9);
  });

  it('a row whose content and hash were both rewritten: the next row', async () => {
    await tamper(ctx.db, sql`update audit_events set after = '{"x":1}' where id = ${nth(-10)}`);
    await tamper(
      ctx.db,
      sql`update audit_events
          set hash = sha256(coalesce(prev_hash, ''::bytea) || audit_event_content(audit_events))
          where id = ${nth(-10)}`,
    );
    const result = await verifyThroughApi(ctx, admin);
    expect(result).toMatchObject({ intact: false, firstBadId: nth(-9) });
    expect(result.reason).toContain(`no longer links to audit row ${nth(-10)}`);
  });

  it('a deleted row: the row after the gap', async () => {
    await tamper(ctx.db, sql`delete from audit_events where id = ${nth(-10)}`);
    const result = await verifyThroughApi(ctx, admin);
    expect(result).toMatchObject({ intact: false, firstBadId: nth(-9) });
    expect(result.reason).toMatch(/deleted \(chain position \d+ is missing\)/);
  });

  it('the last row deleted: the chain is short of its head', async () => {
    await tamper(ctx.db, sql`delete from audit_events where id = ${nth(-1)}`);
    const result = await verifyAuditChain(ctx.db);
    expect(result).toMatchObject({ intact: false, checked: ids.length - 1 });
    expect(result.firstBadId).toBeUndefined();
    expect(result.reason).toMatch(/last rows of the chain were deleted/);
  });

  it('the last row rewritten with its hash: the head no longer matches it', async () => {
    await tamper(ctx.db, sql`update audit_events set after = null where id = ${nth(-1)}`);
    await tamper(
      ctx.db,
      sql`update audit_events
          set hash = sha256(coalesce(prev_hash, ''::bytea) || audit_event_content(audit_events))
          where id = ${nth(-1)}`,
    );
    const result = await verifyAuditChain(ctx.db);
    expect(result).toMatchObject({ intact: false, firstBadId: nth(-1) });
    expect(result.reason).toMatch(/recorded end does not match/);
  });
});
