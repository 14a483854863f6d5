import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInLagos } from '../../../../shared/dates';
import { permissionsOf } from '../../../../shared/permissions';
import type { TccBulkResult, TccPage, TccView } from '../../../../shared/tcc/views';
import type { UserType } from '../../../../shared/userTypes';
import type { Actor } from '../../../auth/actor';
import { auditEvents, taxSettings, tccSigningKeys, tccs } from '../../../db/schema';
import { createTestContext, type TestContext } from '../../../testing/context';
import { type SignedIn, signInAs } from '../../../testing/factories';
import { outcomeOf } from '../../../testing/outcomes';
import { verifySignedPayload } from '../certificate/signing';
import { insertTccHistory } from '../queries';
import { insertTestTcc, send } from '../testing';
import { createTccChainService, expiryOf } from './service';

/**
 * The approval chain of docs/product.md §4 / docs/architecture.md §5 through the real routes: three officers decide
 * in turn, the chairman's approval issues a certificate with a signed payload, each 403 and 409
 * rule, two approvals at once (on PostgreSQL they truly race), rejection, revocation, printing
 * and approving many.
 */

let ctx: TestContext & { close(): Promise<void> };
let da: SignedIn;
let dirAssessment: SignedIn;
let dirAssessment2: SignedIn;
let dirCollection: SignedIn;
let chairman: SignedIn;
let printer: SignedIn;

type ErrorJson = { error: { code: string; message: string } };

beforeAll(async () => {
  ctx = await createTestContext({}, { runJobs: false });
  [da, dirAssessment, dirAssessment2, dirCollection, chairman, printer] = await Promise.all([
    signInAs(ctx, 'OFFICER_DA'),
    signInAs(ctx, 'DIRECTOR_ASSESSMENT'),
    signInAs(ctx, 'DIRECTOR_ASSESSMENT'),
    signInAs(ctx, 'DIRECTOR_COLLECTION'),
    signInAs(ctx, 'TCC_CHAIRMAN'),
    signInAs(ctx, 'PRINTING_OFFICER'),
  ]);
});

afterAll(async () => {
  await ctx?.close();
});

const url = (id: string, action: string) => `/api/v1/tcc/${id}/${action}`;

async function approve(who: SignedIn, id: string, comment?: string) {
  return send(ctx, who, 'POST', url(id, 'approve'), comment ? { comment } : {});
}

/** The actor a signed-in officer's requests carry, for calling the service past the gate. */
function actorOf(who: SignedIn, userType: UserType): Actor {
  return {
    officerId: who.officer.id,
    username: who.officer.username,
    userType,
    mdaPrivileges: [],
    permissions: permissionsOf(userType),
    sessionId: null,
    requestId: null,
    ip: null,
  };
}

async function auditActions(id: string) {
  const rows = await ctx.db
    .select({ action: auditEvents.action })
    .from(auditEvents)
    .where(and(eq(auditEvents.entityType, 'tcc'), eq(auditEvents.entityId, id)));
  return rows.map((r) => r.action).sort();
}

describe('expiry', () => {
  it('0 months is 31 December of the issue year; n months ends the day before', () => {
    expect(expiryOf('2026-03-15', 0)).toBe('2026-12-31');
    expect(expiryOf('2026-03-15', 12)).toBe('2027-03-14');
    expect(expiryOf('2026-08-31', 6)).toBe('2027-02-27');
    expect(expiryOf('2026-11-01', 3)).toBe('2027-01-31');
  });
});

describe('the full chain', () => {
  it('three officers approve in turn; the chairman issues it with a signed payload', async () => {
    const tcc = await insertTestTcc(ctx, da, { kind: 'exemption' });

    const first = await approve(dirAssessment, tcc.id, 'Assessments all paid');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<TccView>().status).toBe('pending_director_collection');

    const second = await approve(dirCollection, tcc.id);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json<TccView>().status).toBe('pending_chairman');

    const third = await approve(chairman, tcc.id);
    expect(third.statusCode, third.body).toBe(200);
    const issued = third.json<TccView>();
    expect(issued.status).toBe('approved');
    expect(issued.issuedAt).not.toBeNull();
    const today = todayInLagos();
    expect(issued.expiresOn).toBe(`${today.slice(0, 4)}-12-31`);
    expect(issued.history.map((h) => [h.action, h.stage, h.actor?.id])).toEqual([
      ['generated', null, da.officer.id],
      ['approved', 'director_assessment', dirAssessment.officer.id],
      ['approved', 'director_collection', dirCollection.officer.id],
      ['approved', 'chairman', chairman.officer.id],
    ]);
    expect(issued.history[1]?.comment).toBe('Assessments all paid');
    expect(issued.actions).toEqual(['revoke']);

    const [row] = await ctx.db
      .select({ signed: tccs.signedPayload, keyId: tccs.signingKeyId })
      .from(tccs)
      .where(eq(tccs.id, tcc.id));
    const keys = await ctx.db.select().from(tccSigningKeys);
    const payload = verifySignedPayload(
      String(row?.signed),
      new Map(keys.map((k) => [k.keyId, k.publicKey])),
    );
    expect(payload).toMatchObject({
      k: row?.keyId,
      n: tcc.number,
      b: tcc.btin,
      m: 'Test Holder',
      i: today,
      e: issued.expiresOn,
      y: [
        [2023, 20_000_000],
        [2024, 20_000_000],
        [2025, 20_000_000],
      ],
      x: true,
    });
    expect(await auditActions(tcc.id)).toEqual(['tcc.approved', 'tcc.approved', 'tcc.approved']);
  });

  it('expiry follows tcc.validityMonths when it is set', async () => {
    const today = todayInLagos();
    await ctx.db.insert(taxSettings).values({
      key: 'tcc.validityMonths',
      effectiveFrom: today,
      value: 6,
      note: 'test: six months',
    });
    try {
      const tcc = await insertTestTcc(ctx, da, { status: 'pending_chairman' });
      const res = await approve(chairman, tcc.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<TccView>().expiresOn).toBe(expiryOf(today, 6));
      expect(expiryOf(today, 6)).not.toBe(`${today.slice(0, 4)}-12-31`);
    } finally {
      await ctx.db
        .delete(taxSettings)
        .where(
          and(eq(taxSettings.key, 'tcc.validityMonths'), eq(taxSettings.effectiveFrom, today)),
        );
    }
  });
});

describe('who may decide', () => {
  it('403 at the gate for an officer whose account decides at no stage (ADR 0005, amended)', async () => {
    const tcc = await insertTestTcc(ctx, da);
    const refusals = [
      await approve(da, tcc.id),
      await send(ctx, printer, 'POST', url(tcc.id, 'reject'), { reason: 'Not my job at all' }),
      await send(ctx, da, 'POST', '/api/v1/tcc/approve', { ids: [tcc.id] }),
    ];
    for (const res of refusals) {
      expect(res.statusCode).toBe(403);
      expect(res.json<ErrorJson>().error.code).toBe('FORBIDDEN');
    }
    expect(await auditActions(tcc.id)).toEqual([]);
  });

  it('the service refuses such an officer too, in its own words, whatever the route let in', async () => {
    const tcc = await insertTestTcc(ctx, da);
    const chain = createTccChainService({ db: ctx.db, config: ctx.config });
    await expect(chain.approve(actorOf(da, 'OFFICER_DA'), tcc.id, {})).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: expect.stringMatching(/does not approve or reject/),
    });
    expect(await auditActions(tcc.id)).toEqual([]);
  });

  it('409 for an approver of another stage than the one awaited', async () => {
    const tcc = await insertTestTcc(ctx, da);
    const res = await approve(chairman, tcc.id);
    expect(outcomeOf(res)).toBe('409 CONFLICT');
    expect(res.json<ErrorJson>().error.message).toMatch(/waits on the Director of Assessment/);
    const approved = await insertTestTcc(ctx, da, { status: 'approved' });
    expect(outcomeOf(await approve(dirAssessment, approved.id))).toBe('409 CONFLICT');
  });

  it('403 for the officer who generated it, with the separation-of-duties words', async () => {
    const tcc = await insertTestTcc(ctx, dirAssessment2);
    const res = await approve(dirAssessment2, tcc.id);
    expect(res.statusCode).toBe(403);
    expect(res.json<ErrorJson>().error.message).toBe(
      'You generated or resubmitted this certificate: another officer must decide it.',
    );
  });

  it('403 for one who decided it at another stage', async () => {
    const tcc = await insertTestTcc(ctx, da, { status: 'pending_director_collection' });
    // The director of collection decided it earlier as Director of Assessment (their type changed).
    await insertTccHistory(ctx.db, {
      tccId: tcc.id,
      action: 'approved',
      fromStatus: 'pending_director_assessment',
      toStatus: 'pending_director_collection',
      stage: 'director_assessment',
      actorId: dirCollection.officer.id,
    });
    const res = await approve(dirCollection, tcc.id);
    expect(res.statusCode).toBe(403);
    expect(res.json<ErrorJson>().error.message).toMatch(
      /already decided this certificate as Director of Assessment/,
    );
    const view = await send(ctx, dirCollection, 'GET', `/api/v1/tcc/${tcc.id}`);
    expect(view.statusCode).toBe(200);
    expect(view.json<TccView>().actions).toEqual([]);
  });

  it('404 for a certificate of a kind the officer does not read', async () => {
    const payeOfficer = await signInAs(ctx, 'OFFICER_PAYEE');
    const tcc = await insertTestTcc(ctx, payeOfficer, { kind: 'paye' });
    // Every user type that decides reads all five kinds today, so the gate's 403 comes first
    // through the route; the service's own rule is checked with a decider of one kind.
    const res = await send(ctx, da, 'POST', url(tcc.id, 'reject'), { reason: 'Not mine to see' });
    expect(res.statusCode).toBe(403);
    const chain = createTccChainService({ db: ctx.db, config: ctx.config });
    const oneKindDecider: Actor = {
      ...actorOf(da, 'OFFICER_DA'),
      permissions: [...permissionsOf('OFFICER_DA'), 'tcc:approve:director_assessment'],
    };
    await expect(
      chain.reject(oneKindDecider, tcc.id, { reason: 'Not mine to see' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await auditActions(tcc.id)).toEqual([]);
  });
});

describe('two approvals at once', () => {
  it('give one transition and one 409', async () => {
    const tcc = await insertTestTcc(ctx, da);
    const [a, b] = await Promise.all([
      approve(dirAssessment, tcc.id),
      approve(dirAssessment2, tcc.id),
    ]);
    expect([a, b].map(outcomeOf).sort()).toEqual(['200', '409 CONFLICT']);
    const loser = (a.statusCode === 409 ? a : b).json<ErrorJson>();
    expect(loser.error.message).toMatch(/With Director of Collection/);
    expect(await auditActions(tcc.id)).toEqual(['tcc.approved']);
    const view = await send(ctx, dirCollection, 'GET', `/api/v1/tcc/${tcc.id}`);
    expect(view.statusCode).toBe(200);
    expect(view.json<TccView>().history.filter((h) => h.action === 'approved')).toHaveLength(1);
  });
});

describe('rejection', () => {
  it('sends it back to the generating officer with the reason, at any stage', async () => {
    const tcc = await insertTestTcc(ctx, da, { status: 'pending_director_collection' });
    const short = await send(ctx, dirCollection, 'POST', url(tcc.id, 'reject'), { reason: 'no' });
    expect(outcomeOf(short)).toBe('422 VALIDATION_FAILED');
    const res = await send(ctx, dirCollection, 'POST', url(tcc.id, 'reject'), {
      reason: 'The 2024 receipt does not match the ledger',
    });
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json<TccView>();
    expect(view.status).toBe('rejected_director_collection');
    expect(view.history.at(-1)).toMatchObject({
      action: 'rejected',
      stage: 'director_collection',
      comment: 'The 2024 receipt does not match the ledger',
    });
    expect(await auditActions(tcc.id)).toEqual(['tcc.rejected']);
    // Rejected, it waits on nobody: a second decision is a 409.
    expect(outcomeOf(await approve(dirCollection, tcc.id))).toBe('409 CONFLICT');
    // It is on the rejected list, where its officer may resubmit it.
    const rejectedList = await send(
      ctx,
      da,
      'GET',
      `/api/v1/tcc?btin=${tcc.btin}&status=rejected_director_assessment,rejected_director_collection,rejected_chairman`,
    );
    expect(rejectedList.json<TccPage>().items.map((i) => [i.id, i.actions])).toEqual([
      [tcc.id, ['resubmit']],
    ]);
    const pendingList = await send(
      ctx,
      dirCollection,
      'GET',
      `/api/v1/tcc?btin=${tcc.btin}&status=pending_director_collection`,
    );
    expect(pendingList.json<TccPage>().total).toBe(0);

    const atDirector = await insertTestTcc(ctx, da);
    const byDirector = await send(ctx, dirAssessment, 'POST', url(atDirector.id, 'reject'), {
      reason: 'No assessment for 2023 and no justification',
    });
    expect(byDirector.json<TccView>().status).toBe('rejected_director_assessment');

    const atChairman = await insertTestTcc(ctx, da, { status: 'pending_chairman' });
    const byChairman = await send(ctx, chairman, 'POST', url(atChairman.id, 'reject'), {
      reason: 'Holder name differs from the NIN record',
    });
    expect(byChairman.json<TccView>().status).toBe('rejected_chairman');
  });
});

describe('revocation', () => {
  it('the chairman revokes an issued certificate with the reason; twice is a 409', async () => {
    const tcc = await insertTestTcc(ctx, da, { status: 'printed' });
    const byPrinter = await send(ctx, printer, 'POST', url(tcc.id, 'revoke'), {
      reason: 'Issued in error',
    });
    expect(byPrinter.statusCode).toBe(403);
    const res = await send(ctx, chairman, 'POST', url(tcc.id, 'revoke'), {
      reason: 'The holder owes 2024 tax',
    });
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json<TccView>();
    expect(view.status).toBe('revoked');
    expect(view.revokedAt).not.toBeNull();
    expect(view.revokeReason).toBe('The holder owes 2024 tax');
    expect(view.actions).toEqual([]);
    const again = await send(ctx, chairman, 'POST', url(tcc.id, 'revoke'), {
      reason: 'Once more for luck',
    });
    expect(outcomeOf(again)).toBe('409 CONFLICT');
    expect(await auditActions(tcc.id)).toEqual(['tcc.revoked']);
  });

  it('a certificate still in the chain cannot be revoked', async () => {
    const tcc = await insertTestTcc(ctx, da, { status: 'pending_chairman' });
    const res = await send(ctx, chairman, 'POST', url(tcc.id, 'revoke'), {
      reason: 'Changed my mind',
    });
    expect(outcomeOf(res)).toBe('409 CONFLICT');
    expect(res.json<ErrorJson>().error.message).toMatch(/only an approved or printed/);
  });
});

describe('printing', () => {
  it('prints an approved certificate, then counts each reprint', async () => {
    const tcc = await insertTestTcc(ctx, da, { status: 'approved' });
    const byChairman = await send(ctx, chairman, 'POST', url(tcc.id, 'print'));
    expect(byChairman.statusCode).toBe(403);
    const first = await send(ctx, printer, 'POST', url(tcc.id, 'print'));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<TccView>()).toMatchObject({ status: 'printed', printCount: 1 });
    const second = await send(ctx, printer, 'POST', url(tcc.id, 'print'));
    const view = second.json<TccView>();
    expect(view).toMatchObject({ status: 'printed', printCount: 2 });
    expect(view.lastPrintedAt).not.toBeNull();
    expect(view.history.filter((h) => h.action === 'printed').map((h) => h.comment)).toEqual([
      null,
      'Copy 2',
    ]);
    expect(await auditActions(tcc.id)).toEqual(['tcc.printed', 'tcc.printed']);
  });

  it('two prints at once both count: the row lock loses no copy', async () => {
    const tcc = await insertTestTcc(ctx, da, { status: 'approved' });
    const printer2 = await signInAs(ctx, 'PRINTING_OFFICER');
    const [a, b] = await Promise.all([
      send(ctx, printer, 'POST', url(tcc.id, 'print')),
      send(ctx, printer2, 'POST', url(tcc.id, 'print')),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const view = await send(ctx, printer, 'GET', `/api/v1/tcc/${tcc.id}`);
    expect(view.json<TccView>()).toMatchObject({ status: 'printed', printCount: 2 });
  });

  it('a certificate not yet issued, or revoked, is not printed', async () => {
    const pending = await insertTestTcc(ctx, da, { status: 'pending_chairman' });
    expect(outcomeOf(await send(ctx, printer, 'POST', url(pending.id, 'print')))).toBe(
      '409 CONFLICT',
    );
    const revoked = await insertTestTcc(ctx, da, { status: 'revoked' });
    expect(outcomeOf(await send(ctx, printer, 'POST', url(revoked.id, 'print')))).toBe(
      '409 CONFLICT',
    );
  });
});

describe('approving many', () => {
  it('approves each on its own; the one that cannot be approved says why', async () => {
    const a = await insertTestTcc(ctx, da);
    const b = await insertTestTcc(ctx, da);
    const atCollection = await insertTestTcc(ctx, da, { status: 'pending_director_collection' });
    const res = await send(ctx, dirAssessment, 'POST', '/api/v1/tcc/approve', {
      ids: [a.id, atCollection.id, b.id],
      comment: 'Checked in a batch',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { results } = res.json<TccBulkResult>();
    expect(results.map((r) => [r.id, r.outcome, r.status])).toEqual([
      [a.id, 'approved', 'pending_director_collection'],
      [atCollection.id, 'failed', 'pending_director_collection'],
      [b.id, 'approved', 'pending_director_collection'],
    ]);
    expect(results[1]?.number).toBe(atCollection.number);
    expect(results[1]?.message).toMatch(/waits on the Director of Collection, not on you/);
    expect(await auditActions(atCollection.id)).toEqual([]);
    expect(await auditActions(b.id)).toEqual(['tcc.approved']);
  });

  it('an id that is no certificate fails with words, not a 500', async () => {
    const res = await send(ctx, dirAssessment, 'POST', '/api/v1/tcc/approve', {
      ids: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<TccBulkResult>().results[0]).toMatchObject({
      outcome: 'failed',
      number: null,
      message: 'No tax clearance certificate has this id.',
    });
  });
});
