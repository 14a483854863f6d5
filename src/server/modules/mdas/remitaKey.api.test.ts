import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, systemActor } from '../../auth/actor';
import { auditEvents, mdas } from '../../db/schema';
import { createSecretBox, decryptSecret } from '../../secrets';
import { createTestContext, TEST_SECRETS_KEY, type TestContext } from '../../testing/context';
import { type SignedIn, signInAs } from '../../testing/factories';
import { createMdaService } from './service';

/**
 * The Remita API key is write-only (ADR 0008). It is stored sealed with SECRETS_KEY and bound to
 * its MDA, and no route, export or audit row ever holds it.
 */

let ctx: TestContext & { close(): Promise<void> };
let admin: SignedIn;
let assessor: SignedIn;

const FIRST_KEY = 'QzAwMDAyNzEyNTl8MTEwNjE4NjF8first-key';
const SECOND_KEY = 'QzAwMDAyNzEyNTl8MTEwNjE4NjF8second-key';

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signInAs(ctx, 'ADMIN');
  assessor = await signInAs(ctx, 'OFFICER_DA');
});

afterAll(async () => {
  await ctx.close();
});

async function storedKeyOf(id: string): Promise<string | null> {
  const [row] = await ctx.db
    .select({ sealed: mdas.remitaApiKeyEncrypted })
    .from(mdas)
    .where(eq(mdas.id, id));
  return row?.sealed ?? null;
}

async function xlsxText(bytes: Buffer): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const cells: string[] = [];
  workbook.eachSheet((sheet) => {
    sheet.eachRow((row) => {
      row.eachCell((cell) => {
        cells.push(String(cell.value));
      });
    });
  });
  return cells.join('\n');
}

describe('the Remita API key', () => {
  it('is sealed at rest, set, replaced and cleared, and never answered anywhere', async () => {
    const bodies: string[] = [];
    const call = async (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) => {
      const res = await ctx.app.inject({
        method,
        url,
        headers: admin.bearer,
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
      bodies.push(res.body);
      return res;
    };

    const created = await call('POST', '/api/v1/mdas', {
      code: 'BIRS-T',
      name: 'Bayelsa State Board of Internal Revenue (test)',
      category: 'agency',
      merchantId: '2547916',
      serviceTypeIds: ['4430731'],
      apiKey: FIRST_KEY,
    });
    const id = created.json().id as string;
    expect(created.json().hasRemitaCredentials).toBe(true);

    const sealed = await storedKeyOf(id);
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain(FIRST_KEY);
    expect(decryptSecret(TEST_SECRETS_KEY, sealed as string, id)).toBe(FIRST_KEY);

    await call('PATCH', `/api/v1/mdas/${id}`, { apiKey: SECOND_KEY });
    const resealed = await storedKeyOf(id);
    expect(resealed).not.toBe(sealed);
    expect(decryptSecret(TEST_SECRETS_KEY, resealed as string, id)).toBe(SECOND_KEY);

    await call('GET', '/api/v1/mdas?includeInactive=true');
    await call('GET', '/api/v1/mdas/details');
    await call('GET', `/api/v1/mdas/${id}`);
    await call('POST', `/api/v1/mdas/${id}/revenue-heads`, { code: '12020401', name: 'Fees' });
    bodies.push((await call('GET', '/api/v1/mdas/details?format=csv')).body);
    bodies.push(await xlsxText((await call('GET', '/api/v1/mdas/details?format=xlsx')).rawPayload));
    const assessorView = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/mdas/${id}`,
      headers: assessor.bearer,
    });
    bodies.push(assessorView.body);

    const cleared = await call('PATCH', `/api/v1/mdas/${id}`, { apiKey: null });
    expect(cleared.json().hasRemitaCredentials).toBe(false);
    expect(await storedKeyOf(id)).toBeNull();

    // The audit trail as officers read it (its route and its export), and its rows in the database.
    await call('GET', '/api/v1/audit-events?pageSize=200');
    bodies.push((await call('GET', '/api/v1/audit-events?format=csv')).body);
    const audit = await ctx.db.select().from(auditEvents).where(eq(auditEvents.entityId, id));
    expect(audit.map((e) => e.action)).toEqual(
      expect.arrayContaining(['mda.created', 'mda.updated', 'mda.revenue_head_added']),
    );
    const auditText = JSON.stringify(audit.map((e) => [e.before, e.after]));
    // The replacement is recorded as a fact; the removal as hasRemitaKey true → false.
    expect(auditText).toContain('"remitaKeyReplaced":true');
    expect(audit.find((e) => JSON.stringify(e.after) === '{"hasRemitaKey":false}')).toBeDefined();

    for (const text of [...bodies, auditText]) {
      for (const secret of [FIRST_KEY, SECOND_KEY, sealed as string, resealed as string]) {
        expect(text).not.toContain(secret);
      }
      expect(text).not.toMatch(/"apiKey"|remitaApiKeyEncrypted/);
    }
  });

  it('does not open on another MDA: the ciphertext is bound to its MDA id', async () => {
    const service = createMdaService({ db: ctx.db, secrets: createSecretBox(TEST_SECRETS_KEY) });
    const seed = systemActor('seed');
    const a = await service.createMda(seed, {
      code: 'MOVE-A',
      name: 'Key owner',
      category: 'agency',
      isActive: true,
      merchantId: '2547916',
      serviceTypeIds: [],
      apiKey: FIRST_KEY,
    });
    const b = await service.createMda(seed, {
      code: 'MOVE-B',
      name: 'Key thief',
      category: 'agency',
      isActive: true,
      merchantId: '2547916',
      serviceTypeIds: [],
    });
    await ctx.db
      .update(mdas)
      .set({ remitaApiKeyEncrypted: await storedKeyOf(a.id) })
      .where(eq(mdas.id, b.id));
    await expect(service.getRemitaCredentials(seed, b.id)).rejects.toThrow(
      /could not be decrypted/,
    );
  });
});

describe('getRemitaCredentials (server-internal, for the Remita client)', () => {
  const service = () =>
    createMdaService({ db: ctx.db, secrets: createSecretBox(TEST_SECRETS_KEY) });

  it("opens an MDA's credentials for an actor who may act for it, and only then", async () => {
    const seed = systemActor('seed');
    const mda = await service().createMda(seed, {
      code: 'CRED-1',
      name: 'Credentials test agency',
      category: 'agency',
      isActive: true,
      merchantId: '2547916',
      serviceTypeIds: ['4430731', '4430732'],
      apiKey: '1946',
    });
    expect(await service().getRemitaCredentials(seed, mda.id)).toEqual({
      merchantId: '2547916',
      apiKey: '1946',
      serviceTypeIds: ['4430731', '4430732'],
    });
    const otherMdaOfficer: Actor = {
      ...seed,
      userType: 'OFFICER_MDA',
      mdaPrivileges: [randomUUID()],
    };
    await expect(service().getRemitaCredentials(otherMdaOfficer, mda.id)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    const ownOfficer: Actor = { ...otherMdaOfficer, mdaPrivileges: [mda.id] };
    expect((await service().getRemitaCredentials(ownOfficer, mda.id)).apiKey).toBe('1946');
  });

  it('says plainly when an MDA has no credentials yet', async () => {
    const seed = systemActor('seed');
    const mda = await service().createMda(seed, {
      code: 'CRED-2',
      name: 'No credentials agency',
      category: 'agency',
      isActive: true,
      serviceTypeIds: [],
    });
    await expect(service().getRemitaCredentials(seed, mda.id)).rejects.toMatchObject({
      code: 'REMITA_NOT_CONFIGURED',
      message: expect.stringContaining('no Remita credentials'),
    });
  });
});
