import { z } from 'zod';
import { isValidBtin } from '../../../../shared/btin';
import { Rrr } from '../../../../shared/payments';
import { type Actor, systemActor } from '../../../auth/actor';
import { limitPerMinute } from '../../../auth/rateLimit';
import type { Db } from '../../../db/client';
import { AppError } from '../../../errors';
import { nairaToKobo } from '../../../integrations/remita/protocol';
import type { RemitaRrrStatus } from '../../../integrations/remita/types';
import { addressMatcher } from '../../../security/addresses';
import { recordAudit } from '../../audit/service';
import { remitaFaultOf } from '../../mdas/remitaFault';
import { createMdaService } from '../../mdas/service';
import { autoRegisterPayer, findTaxpayerByBtin } from '../../taxpayers/service';
import { linkPaymentToTaxpayer } from '../autoReg/service';
import type { PaymentDeps } from '../deps';
import { createLedger } from '../ledger/ledger';
import type { PaymentRow } from '../ledger/queries';
import { findPaymentByRrr } from './queries';

/**
 * Remita's payment notification (docs/remita.md "Payment notification"), read
 * leniently: unknown fields are allowed, numbers may come as strings. Only `rrr` must be an
 * RRR; nothing else in it is trusted, since anyone can post to a public route.
 */
const text = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .nullish();

export const NotificationItem = z.looseObject({
  rrr: z.union([z.string(), z.number()]).transform(String).pipe(Rrr),
  amount: text,
  serviceTypeId: text,
  payerName: text,
  payerEmail: text,
  payerPhoneNumber: text,
  uniqueIdentifier: text,
  customFieldData: z.unknown().optional(),
});
export type NotificationItem = z.infer<typeof NotificationItem>;

/**
 * At most this many items in one notification. Remita notifies a payment as it is made
 * (docs/remita.md, "Payment notification"; its own plugin's handler loops over a handful), so a real
 * notification holds one item or a few; 100 leaves Remita a hundredfold room for a batch it
 * replays, while each item costs a status call to Remita of up to REMITA_TIMEOUT_MS, so one
 * public request can no longer hold a worker for a thousand of them (ADR 0031).
 */
export const NOTIFICATION_ITEMS_MAX = 100;

/**
 * Each item is read on its own (NotificationItem, in receiveNotification): one malformed item
 * is refused alone and never costs the others (docs/remita.md, "Payment notification").
 */
export const NotificationBody = z.union([
  z.array(z.unknown()).min(1).max(NOTIFICATION_ITEMS_MAX),
  z.looseObject({}).transform((item): unknown[] => [item]),
]);

/** Why an item was not recorded, in words for the administrator reading the audit trail. */
type Refusal = {
  reason: string;
  message: string;
  mdaId?: string | null;
  paymentId?: string | null;
};

type ItemOutcome = { rrr: string | null; recorded: boolean; refusal?: Refusal };

/** How many refused items one request's audit row names in full; the rest are counted. */
const REFUSALS_NAMED_PER_AUDIT_ROW = 5;

/** A BTIN the payer gave Remita (a custom field or the unique identifier), when it is one. */
function btinGiven(item: NotificationItem): string | null {
  const candidates: unknown[] = [item.uniqueIdentifier];
  if (Array.isArray(item.customFieldData)) {
    for (const field of item.customFieldData) {
      if (field && typeof field === 'object') candidates.push(...Object.values(field));
    }
  }
  for (const value of candidates) {
    const candidate = typeof value === 'string' ? value.trim() : '';
    if (isValidBtin(candidate)) return candidate;
  }
  return null;
}

/**
 * The amount an item claims, in kobo, when it is plain naira ("5000", "5000.50", 5000.5); null
 * when it is missing or unreadable ("", "1,234.00": a separator Remita does not write, which
 * could be read two ways). Null is no reason to refuse: Remita's own amount is then judged
 * against the bill by the ledger, as for a status check (docs/remita.md, "Payment notification").
 */
function claimedKoboOf(amount: string | null | undefined): number | null {
  return amount && /^\d+(\.\d{1,2})?$/.test(amount) ? nairaToKobo(amount) : null;
}

/** A field of an unreadable item, as text for the audit trail (cut short), or null. */
function claimedTextOf(raw: unknown, field: string): string | null {
  const value = raw && typeof raw === 'object' ? (raw as Record<string, unknown>)[field] : null;
  return typeof value === 'string' || typeof value === 'number' ? String(value).slice(0, 40) : null;
}

/** An item that is not a notification (no 12-digit `rrr`, not an object): refused alone. */
function malformed(raw: unknown, error: z.ZodError): ItemOutcome {
  const problems = error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || 'item'}: ${issue.message}`)
    .join('; ');
  return {
    rrr: claimedTextOf(raw, 'rrr'),
    recorded: false,
    refusal: { reason: 'malformed-item', message: `The item cannot be read (${problems}).` },
  };
}

const errorReasons: Partial<Record<string, string>> = {
  RRR_NOT_FOUND: 'unknown-rrr',
  REMITA_NOT_CONFIGURED: 'mda-not-configured',
  REMITA_UNAVAILABLE: 'remita-unavailable',
  REMITA_AUTH_FAILED: 'remita-auth-failed',
  AMOUNT_MISMATCH: 'bill-amount-mismatch',
};

export function createNotificationService({
  db,
  config,
  integrations,
  secrets,
  settlements,
}: PaymentDeps) {
  const mdas = createMdaService({ db, secrets });
  const ledger = createLedger({ receiptPrefix: config.receiptPrefix, settlements });
  const sources = config.remitaNotificationSources;
  const isAllowedSource = sources ? addressMatcher(sources) : () => true;
  const remita = systemActor('remita');

  /** Whose RRR it is: the bill's MDA when the ledger has one, else the service type's. */
  async function mdaOf(item: NotificationItem, bill: PaymentRow | null): Promise<string | null> {
    if (bill) return bill.mdaId;
    return item.serviceTypeId ? mdas.findMdaIdForServiceType(remita, item.serviceTypeId) : null;
  }

  /** The payer's BTIN: one given with the payment, else auto-registration when it can. */
  async function taxpayerOf(tx: Db, item: NotificationItem, status: RemitaRrrStatus) {
    const given = btinGiven(item);
    if (given && (await findTaxpayerByBtin(tx, given))) return given;
    const name = status.payerName || item.payerName;
    const phone = status.payerPhone || item.payerPhoneNumber;
    if (!name || !phone) return null;
    const email = status.payerEmail || item.payerEmail || null;
    const registered = await autoRegisterPayer(tx, remita, { name, phone, email });
    return registered?.btin ?? null;
  }

  async function receiveItem(item: NotificationItem): Promise<ItemOutcome> {
    const bill = await findPaymentByRrr(db, item.rrr);
    const refuse = (refusal: Omit<Refusal, 'paymentId'>): ItemOutcome => ({
      rrr: item.rrr,
      recorded: false,
      refusal: { ...refusal, paymentId: bill?.id ?? null },
    });
    const mdaId = await mdaOf(item, bill);
    if (!mdaId) {
      return refuse({
        reason: 'unknown-mda',
        message: `The ledger has no bill for RRR ${item.rrr} and no MDA collects with service type ${item.serviceTypeId ?? '(none)'}.`,
      });
    }
    const claimedKobo = claimedKoboOf(item.amount);
    try {
      const credentials = await mdas.getRemitaCredentials(remita, mdaId);
      const status = await integrations.remita.getRrrStatus(credentials, item.rrr);
      if (!status.isPaid || status.amountKobo === null) {
        return refuse({
          reason: 'unpaid',
          message: `Remita says RRR ${item.rrr} is ${status.status} (${status.statusCode}).`,
          mdaId,
        });
      }
      if (claimedKobo !== null && claimedKobo !== status.amountKobo) {
        return refuse({
          reason: 'amount-mismatch',
          message: `The notification says ${item.amount ?? '(no amount)'} naira was paid; Remita says ${status.amountKobo / 100}.`,
          mdaId,
        });
      }
      const paidKobo = status.amountKobo;
      const recorded = await db.transaction(async (tx) => {
        const result = await ledger.recordConfirmedPayment(tx, remita, {
          rrr: item.rrr,
          mdaId,
          amountKobo: paidKobo,
          paidAt: status.transactionDate ? new Date(status.transactionDate) : new Date(),
          arrival: 'notification',
          payerName: status.payerName ?? item.payerName ?? null,
          payerPhone: status.payerPhone ?? item.payerPhoneNumber ?? null,
          payerEmail: status.payerEmail ?? item.payerEmail ?? null,
          orderId: status.orderId,
          sourceReference: status.transactionRef,
        });
        if (result.isNew && !result.payment.btin) {
          const btin = await taxpayerOf(tx, item, status);
          if (btin) await linkPaymentToTaxpayer(tx, remita, result.payment, btin, 'notification');
        }
        return result.isNew;
      });
      return { rrr: item.rrr, recorded };
    } catch (err) {
      const reason = err instanceof AppError ? errorReasons[err.code] : undefined;
      if (!reason || !(err instanceof AppError)) throw err;
      const fault = remitaFaultOf(err);
      if (fault) {
        // Kept on the MDA for an administrator (ADR 0021); the item is refused as before.
        const faultError = await mdas.recordRemitaFault(remita, mdaId, fault);
        return refuse({ reason, message: faultError.message, mdaId });
      }
      return refuse({ reason, message: err.message, mdaId });
    }
  }

  return {
    /**
     * Before a notification is read (ADR 0014): only from REMITA_NOTIFICATION_SOURCES when set
     * (another address gets 403, in the audit trail), and at most
     * REMITA_NOTIFICATION_RATE_LIMIT_PER_MINUTE from one address (429 with Retry-After).
     */
    async admitSender(caller: Actor): Promise<void> {
      if (!isAllowedSource(caller.ip)) {
        await recordAudit(db, caller, {
          action: 'payment.notification_source_refused',
          entityType: 'payment',
          after: { ip: caller.ip, allowedSources: sources },
        });
        throw new AppError(
          'FORBIDDEN',
          'Payment notifications are taken only from Remita’s addresses (REMITA_NOTIFICATION_SOURCES).',
        );
      }
      await limitPerMinute(db, {
        bucket: 'remita-notification',
        ip: caller.ip,
        perMinute: config.remitaNotificationRateLimitPerMinute,
        what: 'payment notifications',
      });
    },

    /**
     * Once the body is read: its items count against REMITA_NOTIFICATION_ITEMS_PER_MINUTE from
     * the address, all requests together (ADR 0031), so a hundred items cost what a hundred
     * one-item notifications cost. 429 with Retry-After beyond it, before any call to Remita.
     */
    async admitItems(caller: Actor, itemCount: number): Promise<void> {
      await limitPerMinute(db, {
        bucket: 'remita-notification-items',
        ip: caller.ip,
        perMinute: config.remitaNotificationItemsPerMinute,
        what: 'payment notification items',
        weight: itemCount,
      });
    },

    /**
     * Re-queries Remita for every item and records only what Remita confirms as paid with
     * the amount the item claims (when it claims a readable one) and the bill's. Items are
     * read and taken one by one: one that cannot be read is refused alone, each records in its
     * own transaction (the ledger's rule), and a notification holds one item or a few.
     * The request's refusals are summarised in ONE audit row (ADR 0031): the count, each
     * reason's count, and the first few items in full; made-up RRRs from a public route cost
     * one row a request, not one an item. "Payments needing attention" reads these rows.
     */
    async receiveNotification(caller: Actor, rawItems: readonly unknown[]) {
      const outcomes: ItemOutcome[] = [];
      const refused: Array<Record<string, string | null>> = [];
      for (const raw of rawItems) {
        const parsed = NotificationItem.safeParse(raw);
        const outcome = parsed.success
          ? await receiveItem(parsed.data)
          : malformed(raw, parsed.error);
        if (outcome.refusal) {
          const claimedAmount = parsed.success
            ? (parsed.data.amount ?? null)
            : claimedTextOf(raw, 'amount');
          refused.push({
            rrr: outcome.rrr,
            reason: outcome.refusal.reason,
            message: outcome.refusal.message,
            mdaId: outcome.refusal.mdaId ?? null,
            paymentId: outcome.refusal.paymentId ?? null,
            claimedAmount,
          });
        }
        outcomes.push(outcome);
      }
      const [only] = refused;
      if (only) {
        const reasons: Record<string, number> = {};
        for (const item of refused) {
          const reason = item.reason ?? 'unknown';
          reasons[reason] = (reasons[reason] ?? 0) + 1;
        }
        await recordAudit(db, caller, {
          action: 'payment.notification_refused',
          entityType: 'payment',
          // One refused item of a known bill: the bill's trail shows it.
          entityId: refused.length === 1 ? (only.paymentId ?? null) : null,
          after: {
            refusedCount: refused.length,
            itemCount: rawItems.length,
            reasons,
            items: refused.slice(0, REFUSALS_NAMED_PER_AUDIT_ROW),
          },
        });
      }
      return outcomes;
    },
  };
}
