import { eq } from 'drizzle-orm';
import type { TccYear } from '../../../../shared/tcc/views';
import { tccs } from '../../../db/schema';
import type { TestContext } from '../../../testing/context';
import type { SignedIn } from '../../../testing/factories';
import { insertTccHistory, type TccRow } from '../queries';
import { insertTestTcc } from '../testing';
import { recordSigningKey, signerFromConfig } from './signing';

/** Helpers of the certificate tests (not a test file itself). */

/**
 * An issued certificate with a REAL signed payload, signed by the test app's own key as the
 * chairman's approval signs it (ADR 0013), and, when `chairman` is given, their approval in the
 * history (the name and signature the PDF prints).
 */
export async function insertIssuedTestTcc(
  ctx: TestContext,
  by: SignedIn,
  options: {
    status?: 'approved' | 'printed' | 'revoked';
    chairman?: SignedIn;
    printCount?: number;
    holderName?: string;
    expiresOn?: string;
    kind?: TccRow['kind'];
    changes?: Partial<typeof tccs.$inferInsert>;
  } = {},
): Promise<TccRow> {
  const row = await insertTestTcc(ctx, by, {
    status: options.status ?? 'printed',
    kind: options.kind,
  });
  const signer = signerFromConfig(ctx.config);
  const holder = { ...(row.holder as object), name: options.holderName ?? 'Amaka Okafor' };
  const expiresOn = options.expiresOn ?? row.expiresOn ?? '2026-12-31';
  const years = (options.changes?.years ?? row.years) as TccYear[];
  const signedPayload = signer.sign({
    n: row.number,
    b: row.btin,
    m: holder.name,
    i: '2026-06-01',
    e: expiresOn,
    y: years.map((y) => [y.year, y.paidKobo]),
    ...(row.kind === 'exemption' ? { x: true as const } : {}),
  });
  return ctx.db.transaction(async (tx) => {
    await recordSigningKey(tx, signer);
    if (options.chairman) {
      await insertTccHistory(tx, {
        tccId: row.id,
        action: 'approved',
        fromStatus: 'pending_chairman',
        toStatus: 'approved',
        stage: 'chairman',
        actorId: options.chairman.officer.id,
        at: new Date('2026-06-01T10:00:00Z'),
      });
    }
    const [updated] = await tx
      .update(tccs)
      .set({
        holder,
        holderName: holder.name.toLowerCase(),
        expiresOn,
        signedPayload,
        signingKeyId: signer.keyId,
        ...(options.printCount === undefined ? {} : { printCount: options.printCount }),
        ...options.changes,
      })
      .where(eq(tccs.id, row.id))
      .returning();
    if (!updated) throw new Error('test certificate vanished');
    return updated;
  });
}
