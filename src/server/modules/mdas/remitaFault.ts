import { and, eq, isNotNull } from 'drizzle-orm';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/client';
import { mdas } from '../../db/schema';
import { AppError } from '../../errors';
import { recordAudit } from '../audit/service';

/**
 * An MDA's Remita configuration fault (ADR 0021): Remita refused its settings (013, 020, 023,
 * 024, HTTP 401/403). The officer is told to ask an administrator, naming the MDA; the MDA's
 * record keeps the last fault for the administrator, in the audit trail when it starts or
 * changes, and cleared when Remita next accepts the settings or an administrator changes them.
 */

export type RemitaFault = { code: string; message: string };

/** The fault an error from the Remita client carries, or null when it is another error. */
export function remitaFaultOf(err: unknown): RemitaFault | null {
  if (!(err instanceof AppError) || err.code !== 'REMITA_AUTH_FAILED') return null;
  const details = (err.details ?? {}) as { remitaCode?: unknown; remitaMessage?: unknown };
  return {
    code: typeof details.remitaCode === 'string' ? details.remitaCode : 'unknown',
    message: typeof details.remitaMessage === 'string' ? details.remitaMessage : err.message,
  };
}

/**
 * Keeps the fault on the MDA (its time every time, an audit row when it is new or another code:
 * a batch of ten thousand RRRs refused alike writes one) and gives the officer's error.
 */
export async function recordRemitaFault(
  db: Db,
  actor: Actor,
  mdaId: string,
  fault: RemitaFault,
): Promise<AppError> {
  const name = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ name: mdas.name, code: mdas.remitaFaultCode })
      .from(mdas)
      .where(eq(mdas.id, mdaId))
      .for('update');
    if (!row) return null;
    await tx
      .update(mdas)
      .set({
        remitaFaultCode: fault.code,
        remitaFaultMessage: fault.message,
        remitaFaultAt: new Date(),
      })
      .where(eq(mdas.id, mdaId));
    if (row.code !== fault.code) {
      await recordAudit(tx, actor, {
        action: 'mda.remita_fault',
        entityType: 'mda',
        entityId: mdaId,
        before: { remitaFaultCode: row.code },
        after: { remitaFaultCode: fault.code, remitaFaultMessage: fault.message },
      });
    }
    return row.name;
  });
  const mda = name ?? 'this MDA';
  return new AppError(
    'REMITA_AUTH_FAILED',
    `Remita refused ${mda}'s Remita settings (code ${fault.code}: ${fault.message}). Ask an administrator to check ${mda}'s Remita settings under Manage MDAs.`,
    { details: { remitaCode: fault.code, remitaMessage: fault.message } },
  );
}

/** Remita accepted the MDA's settings: a fault kept on it is over (audited when there was one). */
export async function clearRemitaFault(db: Db, actor: Actor, mdaId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const cleared = await tx
      .update(mdas)
      .set({ remitaFaultCode: null, remitaFaultMessage: null, remitaFaultAt: null })
      .where(and(eq(mdas.id, mdaId), isNotNull(mdas.remitaFaultCode)))
      .returning({ id: mdas.id });
    if (cleared.length > 0) {
      await recordAudit(tx, actor, {
        action: 'mda.remita_fault_cleared',
        entityType: 'mda',
        entityId: mdaId,
        after: { remitaFaultCode: null },
      });
    }
  });
}
