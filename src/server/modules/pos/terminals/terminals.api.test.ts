import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, officers } from '../../../db/schema';
import { createTestContext, type TestContext } from '../../../testing/context';
import { createMda, type SignedIn, signIn, signInAs } from '../../../testing/factories';
import { createRevenueHead } from '../../payments/testing';
import { createPosAgent, randomTerminalId } from '../testing';

let ctx: TestContext & { close(): Promise<void> };
let admin: SignedIn;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signInAs(ctx, 'ADMIN');
});

afterAll(async () => {
  await ctx?.close();
});

function post(url: string, payload: unknown, as: SignedIn = admin) {
  return ctx.app.inject({ method: 'POST', url, headers: as.bearer, payload: payload as object });
}

describe('POS agents and terminals', () => {
  it('registers an agent with their own POS officer account, in one step, audited', async () => {
    const mda = await createMda(ctx);
    const username = `agent_${randomTerminalId().toLowerCase()}`;
    const res = await post('/api/v1/pos/agents', {
      name: 'Ebiere Tonye',
      phone: '08031234567',
      mdaId: mda.id,
      lga: 'Yenagoa',
      officer: {
        username,
        email: `${username}@example.ng`,
        temporaryPassword: 'Market-Levy-2026!',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const agent = res.json();
    expect(agent).toMatchObject({
      name: 'Ebiere Tonye',
      phone: '+2348031234567',
      mda: { id: mda.id },
      officer: { username },
      terminalCount: 0,
    });
    const [officer] = await ctx.db.select().from(officers).where(eq(officers.username, username));
    expect(officer).toMatchObject({ userType: 'OFFICER_BENJIS_READ', mustChangePassword: true });
    const audits = await ctx.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityId, agent.id));
    expect(audits.map((a) => a.action)).toEqual(['pos_agent.created']);
    // The same username again: nothing is created.
    const again = await post('/api/v1/pos/agents', {
      name: 'Someone Else',
      phone: '08031234568',
      mdaId: mda.id,
      officer: {
        username,
        email: `x${username}@example.ng`,
        temporaryPassword: 'Market-Levy-2026!',
      },
    });
    expect(again.statusCode).toBe(409);
  });

  it('refuses to link an officer who is not of a POS user type', async () => {
    const mda = await createMda(ctx);
    const res = await post('/api/v1/pos/agents', {
      name: 'Preye Alagoa',
      phone: '08031234569',
      mdaId: mda.id,
      officerId: admin.officer.id,
    });
    expect(res.statusCode).toBe(422);
  });

  it('registers a terminal, reassigns and deactivates it, keeping every assignment', async () => {
    const mda = await createMda(ctx);
    const other = await createMda(ctx);
    await createRevenueHead(ctx, mda.id, { code: '12020401', name: 'Market levy' });
    await createRevenueHead(ctx, other.id, { code: '12020455', name: 'Motor park' });
    const agent = await createPosAgent(ctx, { mdaId: mda.id });
    const otherAgent = await createPosAgent(ctx, { mdaId: other.id });
    const terminalId = randomTerminalId();
    const created = await post('/api/v1/pos/terminals', {
      terminalId,
      serialNumber: `SN-${terminalId}`,
      agentId: agent.id,
      mdaId: mda.id,
      revenueHeadCode: '12020401',
    });
    expect(created.statusCode, created.body).toBe(201);
    const terminal = created.json();
    expect(terminal).toMatchObject({ terminalId, isActive: true, agent: { id: agent.id } });

    const duplicate = await post('/api/v1/pos/terminals', {
      terminalId,
      serialNumber: 'SN-OTHER-1',
      mdaId: mda.id,
    });
    expect(duplicate.statusCode).toBe(409);

    // An agent of another MDA, or a head the MDA does not have: 422.
    const wrongAgent = await post(`/api/v1/pos/terminals/${terminal.id}/reassign`, {
      agentId: otherAgent.id,
      mdaId: mda.id,
      revenueHeadCode: null,
      reason: 'Moved',
    });
    expect(wrongAgent.statusCode).toBe(422);
    const wrongHead = await post(`/api/v1/pos/terminals/${terminal.id}/reassign`, {
      agentId: otherAgent.id,
      mdaId: other.id,
      revenueHeadCode: '12020401',
      reason: 'Moved',
    });
    expect(wrongHead.statusCode).toBe(422);

    const moved = await post(`/api/v1/pos/terminals/${terminal.id}/reassign`, {
      agentId: otherAgent.id,
      mdaId: other.id,
      revenueHeadCode: '12020455',
      reason: 'Moved to the motor park',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ mda: { id: other.id }, revenueHeadCode: '12020455' });

    const stopped = await post(`/api/v1/pos/terminals/${terminal.id}/active`, {
      isActive: false,
      reason: 'Reported stolen',
    });
    expect(stopped.json().isActive).toBe(false);

    const history = await ctx.app.inject({
      url: `/api/v1/pos/terminals/${terminal.id}/assignments`,
      headers: admin.bearer,
    });
    expect(history.json().items.map((i: { reason: string }) => i.reason)).toEqual([
      'Reported stolen',
      'Moved to the motor park',
      'Registered',
    ]);
    expect(history.json().items[0].changedBy).toBe(admin.officer.username);
    const audits = await ctx.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityId, terminal.id));
    expect(audits.map((a) => a.action).sort()).toEqual([
      'pos_terminal.created',
      'pos_terminal.deactivated',
      'pos_terminal.reassigned',
    ]);

    const list = await ctx.app.inject({
      url: `/api/v1/pos/terminals?keyword=${terminalId}`,
      headers: admin.bearer,
    });
    expect(list.json()).toMatchObject({ total: 1, items: [{ terminalId, isActive: false }] });
  });

  it('gives an agent’s officer their terminal in the session answer (SPEC §3)', async () => {
    const mda = await createMda(ctx);
    const username = `agent_${randomTerminalId().toLowerCase()}`;
    const agent = (
      await post('/api/v1/pos/agents', {
        name: 'Tari Owei',
        phone: '08035551234',
        mdaId: mda.id,
        officer: {
          username,
          email: `${username}@example.ng`,
          temporaryPassword: 'Market-Levy-2026!',
          userType: 'OFFICER_BENJIS',
        },
      })
    ).json();
    const terminalId = randomTerminalId();
    await post('/api/v1/pos/terminals', {
      terminalId,
      serialNumber: `SN-${terminalId}`,
      agentId: agent.id,
      mdaId: mda.id,
    });
    const [officer] = await ctx.db.select().from(officers).where(eq(officers.username, username));
    await ctx.db
      .update(officers)
      .set({ mustChangePassword: false })
      .where(eq(officers.username, username));
    const signedIn = await signIn(ctx, {
      ...(officer as unknown as Parameters<typeof signIn>[1]),
      username,
      password: 'Market-Levy-2026!',
    });
    const me = await ctx.app.inject({ url: '/api/v1/auth/me', headers: signedIn.bearer });
    expect(me.json().terminalId).toBe(terminalId);
    const adminMe = await ctx.app.inject({ url: '/api/v1/auth/me', headers: admin.bearer });
    expect(adminMe.json()).not.toHaveProperty('terminalId');
  });

  it('is ADMIN’s alone', async () => {
    const officer = await signInAs(ctx, 'OFFICER_BENJIS');
    const res = await ctx.app.inject({ url: '/api/v1/pos/terminals', headers: officer.bearer });
    expect(res.statusCode).toBe(403);
  });
});
