import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, posAgents } from '../../../db/schema';
import { createTestContext, type TestContext } from '../../../testing/context';
import { createMda, type SignedIn, signInAs } from '../../../testing/factories';
import { createPosAgent, createPosTerminal } from '../testing';

let ctx: TestContext & { close(): Promise<void> };
let admin: SignedIn;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signInAs(ctx, 'ADMIN');
});

afterAll(async () => {
  await ctx?.close();
});

function patch(id: string, payload: unknown, as: SignedIn = admin) {
  return ctx.app.inject({
    method: 'PATCH',
    url: `/api/v1/pos/agents/${id}`,
    headers: as.bearer,
    payload: payload as object,
  });
}

async function auditsOf(id: string) {
  return ctx.db.select().from(auditEvents).where(eq(auditEvents.entityId, id));
}

describe('editing and deactivating a POS agent', () => {
  it('edits name, phone, MDA and LGA, audited with what was before', async () => {
    const agent = await createPosAgent(ctx);
    const mda = await createMda(ctx);
    const res = await patch(agent.id, {
      name: 'Tamara Ebi Koko',
      phone: '08035550000',
      mdaId: mda.id,
      lga: 'Sagbama',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Tamara Ebi Koko',
      phone: '+2348035550000',
      mda: { id: mda.id },
      lga: 'Sagbama',
      isActive: true,
    });
    const [audit] = await auditsOf(agent.id);
    expect(audit).toMatchObject({ action: 'pos_agent.updated' });
    expect(audit?.before).toMatchObject({ name: agent.name, mdaId: agent.mdaId, lga: 'Yenagoa' });
    expect(audit?.after).toMatchObject({ name: 'Tamara Ebi Koko', mdaId: mda.id });

    // Nothing changed: nothing audited.
    const same = await patch(agent.id, { name: 'Tamara Ebi Koko' });
    expect(same.statusCode).toBe(200);
    expect(await auditsOf(agent.id)).toHaveLength(1);
  });

  it('deactivates with a reason and activates again, each audited', async () => {
    const agent = await createPosAgent(ctx);
    const noReason = await patch(agent.id, { isActive: false });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.body).toContain('Say why the agent is deactivated');

    const off = await patch(agent.id, { isActive: false, reason: 'Left the motor park' });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().isActive).toBe(false);
    // A deactivated agent is given no terminal.
    const given = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/pos/terminals',
      headers: admin.bearer,
      payload: {
        terminalId: `2BAG${Date.now() % 10_000_000}`,
        serialNumber: `SN-AG-${Date.now()}`,
        agentId: agent.id,
        mdaId: agent.mdaId,
      },
    });
    expect(given.statusCode).toBe(422);
    expect(given.body).toContain('The agent is deactivated');
    const on = await patch(agent.id, { isActive: true });
    expect(on.statusCode, on.body).toBe(200);
    const audits = await auditsOf(agent.id);
    expect(audits.map((a) => a.action).sort()).toEqual([
      'pos_agent.activated',
      'pos_agent.deactivated',
    ]);
    const deactivated = audits.find((a) => a.action === 'pos_agent.deactivated');
    expect(deactivated?.after).toMatchObject({ isActive: false, reason: 'Left the motor park' });
  });

  it('refuses to deactivate an agent with active terminals, naming them, and changes nothing', async () => {
    const mda = await createMda(ctx);
    const agent = await createPosAgent(ctx, { mdaId: mda.id });
    const terminal = await createPosTerminal(ctx, { mdaId: mda.id, agentId: agent.id });
    await createPosTerminal(ctx, { mdaId: mda.id, agentId: agent.id, isActive: false });
    const res = await patch(agent.id, { isActive: false, reason: 'Left the motor park' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toContain(`active terminal ${terminal.terminalId};`);
    const [row] = await ctx.db.select().from(posAgents).where(eq(posAgents.id, agent.id));
    expect(row?.isActive).toBe(true);
    expect(await auditsOf(agent.id)).toHaveLength(0);

    // Once its terminals are off, the agent is deactivated; their terminals stay off.
    const offTerminal = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/pos/terminals/${terminal.id}/active`,
      headers: admin.bearer,
      payload: { isActive: false, reason: 'Sent back to the provider' },
    });
    expect(offTerminal.statusCode, offTerminal.body).toBe(200);
    const off = await patch(agent.id, { isActive: false, reason: 'Left the motor park' });
    expect(off.statusCode, off.body).toBe(200);
    const onTerminal = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/pos/terminals/${terminal.id}/active`,
      headers: admin.bearer,
      payload: { isActive: true, reason: 'Back from the provider' },
    });
    expect(onTerminal.statusCode).toBe(409);
    expect(onTerminal.json().error.message).toContain('agent is deactivated');
    await patch(agent.id, { isActive: true });

    const moved = await patch(agent.id, { mdaId: (await createMda(ctx)).id });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().error.message).toContain('reassign them before moving');
  });

  it('checks the fields and the agent, and is for pos:manage only', async () => {
    const agent = await createPosAgent(ctx);
    const bad = await patch(agent.id, { name: 'A', phone: 'not a phone' });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('name');
    expect(bad.body).toContain('phone');
    const unknownMda = await patch(agent.id, { mdaId: '00000000-0000-4000-8000-000000000000' });
    expect(unknownMda.statusCode).toBe(422);
    const missing = await patch('00000000-0000-4000-8000-000000000000', { name: 'Preye' });
    expect(missing.statusCode).toBe(404);

    const officer = await signInAs(ctx, 'OFFICER_BENJIS');
    const refused = await patch(agent.id, { name: 'Preye Alagoa' }, officer);
    expect(refused.statusCode).toBe(403);
    expect(await auditsOf(agent.id)).toHaveLength(0);
  });
});
