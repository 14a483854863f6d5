import { and, count, desc, eq, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AutoRegEntry, AutoRegState } from '../../../../shared/payments';
import type { Db } from '../../../db/client';
import { containsPattern } from '../../../db/like';
import { mdas, payments, taxpayers } from '../../../db/schema';

/** The auto-reg page's SQL (transactions/auto-reg). Rules live in autoReg.ts. */

export type AutoRegFilter = {
  state?: AutoRegState | undefined;
  search?: string | undefined;
  scope: SQL | undefined;
};

function whereAutoReg(filter: AutoRegFilter): SQL | undefined {
  const term = filter.search ? containsPattern(filter.search) : null;
  return and(
    eq(payments.status, 'paid'),
    // Remita's payers only: EVAS registers a payer by the RRR they paid. Money that came without
    // one (a POS levy, a bank credit posted by an officer) has no EVAS record to look for.
    isNotNull(payments.rrr),
    filter.state === 'unmatched'
      ? isNull(payments.btin)
      : filter.state === 'auto-registered'
        ? eq(taxpayers.source, 'auto-reg')
        : or(isNull(payments.btin), eq(taxpayers.source, 'auto-reg')),
    term
      ? or(
          ilike(payments.payerName, term),
          ilike(payments.payerPhone, term),
          ilike(payments.rrr, term),
          ilike(payments.receiptNumber, term),
          ilike(payments.btin, term),
        )
      : undefined,
    filter.scope,
  );
}

/** Paid payments with no taxpayer, or whose taxpayer was auto-registered; newest first. */
export async function selectAutoRegPage(
  db: Db,
  filter: AutoRegFilter,
  window: { limit: number; offset: number },
): Promise<{ items: AutoRegEntry[]; total: number }> {
  const where = whereAutoReg(filter);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({
        payment: payments,
        mdaCode: mdas.code,
        mdaName: mdas.name,
        taxpayerName: taxpayers.displayName,
      })
      .from(payments)
      .innerJoin(mdas, eq(mdas.id, payments.mdaId))
      .leftJoin(taxpayers, eq(taxpayers.btin, payments.btin))
      .where(where)
      .orderBy(desc(sql`coalesce(${payments.paidAt}, ${payments.createdAt})`), desc(payments.id))
      .limit(window.limit)
      .offset(window.offset),
    db
      .select({ total: count() })
      .from(payments)
      .leftJoin(taxpayers, eq(taxpayers.btin, payments.btin))
      .where(where),
  ]);
  return {
    items: rows.map(({ payment: p, ...row }) => ({
      paymentId: p.id,
      rrr: p.rrr,
      receiptNumber: p.receiptNumber,
      amountKobo: p.amountKobo,
      paidAt: p.paidAt?.toISOString() ?? null,
      mda: { id: p.mdaId, code: row.mdaCode, name: row.mdaName },
      payerName: p.payerName,
      payerPhone: p.payerPhone,
      payerEmail: p.payerEmail,
      state: p.btin === null ? 'unmatched' : 'auto-registered',
      btin: p.btin,
      taxpayerName: row.taxpayerName,
    })),
    total: totalRow?.total ?? 0,
  };
}
