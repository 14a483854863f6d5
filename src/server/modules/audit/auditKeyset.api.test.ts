import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '../../auth/actor';
import { createTestContext, type TestContext } from '../../testing/context';
import { type AuditFilter, selectAuditEvents, selectAuditEventsAfter } from './queries';
import { recordAudit } from './service';

/**
 * The audit export reads keyset pages (docs/decisions/0029-one-export-path.md). Rows written in
 * one transaction share their `occurred_at` (now() is the transaction's start), so ties on the
 * time are the common case: pages of three must follow the list's own order, ties by id.
 */
let ctx: TestContext & { close(): Promise<void> };

const FILTER: AuditFilter = {
  actorIds: null,
  actorUsername: null,
  action: null,
  actionPrefix: null,
  entityType: 'keyset_probe',
  entityId: null,
  from: null,
  to: null,
};

beforeAll(async () => {
  ctx = await createTestContext({}, { runJobs: false });
  for (let batch = 0; batch < 3; batch += 1) {
    await ctx.db.transaction(async (tx) => {
      for (let i = 0; i < 4; i += 1) {
        await recordAudit(tx, systemActor('cli'), {
          action: 'keyset.probed',
          entityType: 'keyset_probe',
          entityId: `${batch}-${i}`,
        });
      }
    });
  }
});

afterAll(async () => {
  await ctx.close();
});

describe('selectAuditEventsAfter', () => {
  it('pages of three, ties on the time: the list’s own order, no row twice or missing', async () => {
    const listed = (await selectAuditEvents(ctx.db, FILTER, { limit: 100, offset: 0 })).items;
    expect(listed).toHaveLength(12);
    const paged: number[] = [];
    let afterId: number | null = null;
    for (;;) {
      const page = await selectAuditEventsAfter(ctx.db, FILTER, { limit: 3, afterId });
      paged.push(...page.map((row) => row.id));
      if (page.length < 3) break;
      afterId = page[page.length - 1]?.id ?? null;
    }
    expect(paged).toEqual(listed.map((row) => row.id));
  });
});
