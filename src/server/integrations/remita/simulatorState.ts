import { demoRemitaCredentials } from '../../db/seed/mdas';

/**
 * What the Remita simulator remembers: merchants (an MDA's merchant ID, API key and service
 * types), the invoices (RRRs) it raised, and — for tests only, never saved — every request it
 * was asked, so a test can count retries. simulator.ts answers the protocol from this state;
 * the demo seed and tests write into it directly.
 */

export type SimMerchant = {
  merchantId: string;
  apiKey: string;
  serviceTypeIds: string[];
  /** Answer this merchant's calls only after this long: how tests reach the client's timeout. */
  delayMs?: number;
  /** Raise each paymentinit's RRR, then close the connection unanswered (a lost answer). */
  dropsInvoiceAnswers?: boolean;
};

export type SimInvoice = {
  rrr: string;
  merchantId: string;
  serviceTypeId: string;
  amountKobo: number;
  orderId: string;
  payerName: string;
  payerEmail: string;
  payerPhone: string;
  description: string;
  /** Any code Remita could answer, one it never lists included (simulator.ts MESSAGES). */
  statusCode: string;
  createdAt: string;
  paidAt: string | null;
  /** What the payer paid; differs from `amountKobo` only when a test forged it (`pay`). */
  paidAmountKobo: number | null;
  /** Remita's own reference for the payment (`remitaTransRef`). */
  transactionRef: string | null;
};

export type NewSimInvoice = {
  rrr?: string;
  merchantId: string;
  serviceTypeId: string;
  amountKobo: number;
  orderId: string;
  payerName: string;
  payerEmail: string;
  payerPhone: string;
  description: string;
  statusCode?: string;
  paidAt?: Date;
};

export type SimRequest = { kind: 'status' | 'order-status' | 'invoice'; merchantId: string };

export type RemitaSimulatorSnapshot = {
  merchants: SimMerchant[];
  invoices: SimInvoice[];
  nextSequence: number;
};

/** The demo MDAs' credentials: n = 0…40 covers every demo MDA and room for more. */
const DEMO_MERCHANT_COUNT = 41;

/** RRRs the simulator raises: 2800 followed by an 8-digit sequence, 12 digits as Remita's. */
const RRR_BASE = 280_000_000_000;
const FIRST_SEQUENCE = 10_001;

function isPaidCode(code: string): boolean {
  return code === '00' || code === '01';
}

export function createRemitaSimulator(
  options: { snapshot?: RemitaSimulatorSnapshot | null; onChange?: () => void } = {},
) {
  const merchants = new Map<string, SimMerchant>();
  const invoices = new Map<string, SimInvoice>();
  let nextSequence = options.snapshot?.nextSequence ?? FIRST_SEQUENCE;
  for (const merchant of options.snapshot?.merchants ?? []) {
    merchants.set(merchant.merchantId, merchant);
  }
  for (const invoice of options.snapshot?.invoices ?? []) invoices.set(invoice.rrr, invoice);
  // Always present, whatever was saved: the demo seed's MDAs are created with exactly these.
  for (let n = 0; n < DEMO_MERCHANT_COUNT; n += 1) {
    const credentials = demoRemitaCredentials(n);
    merchants.set(credentials.merchantId, credentials);
  }
  const changed = () => options.onChange?.();

  function newRrr(): string {
    for (;;) {
      const rrr = String(RRR_BASE + nextSequence);
      nextSequence += 1;
      if (!invoices.has(rrr)) return rrr;
    }
  }

  function invoiceOrThrow(rrr: string): SimInvoice {
    const invoice = invoices.get(rrr);
    if (!invoice) throw new Error(`the Remita simulator has no RRR ${rrr}`);
    return invoice;
  }

  return {
    /**
     * Where payment notifications go; null: RevDesk's own /api/v1/remita/notifications.
     * Tests point it at a receiver of their own.
     */
    notificationUrl: null as string | null,
    /** Every protocol call received, oldest first (memory only). */
    requests: [] as SimRequest[],

    registerMerchant(merchant: SimMerchant): void {
      merchants.set(merchant.merchantId, {
        ...merchant,
        serviceTypeIds: [...merchant.serviceTypeIds],
      });
      changed();
    },

    getMerchant(merchantId: string): SimMerchant | null {
      return merchants.get(merchantId) ?? null;
    },

    /** Raises an invoice as Remita would (a new 12-digit RRR unless one is given). */
    addInvoice(input: NewSimInvoice): SimInvoice {
      if (!merchants.has(input.merchantId)) {
        throw new Error(`the Remita simulator has no merchant ${input.merchantId}`);
      }
      if (input.rrr !== undefined && (!/^\d{12}$/.test(input.rrr) || invoices.has(input.rrr))) {
        throw new Error(`the RRR ${input.rrr} is not 12 digits or is taken`);
      }
      if (!Number.isSafeInteger(input.amountKobo) || input.amountKobo <= 0) {
        throw new Error(`not an amount in kobo: ${input.amountKobo}`);
      }
      const statusCode = input.statusCode ?? '025';
      const rrr = input.rrr ?? newRrr();
      const paidAt = isPaidCode(statusCode) ? (input.paidAt ?? new Date()) : null;
      const invoice: SimInvoice = {
        rrr,
        merchantId: input.merchantId,
        serviceTypeId: input.serviceTypeId,
        amountKobo: input.amountKobo,
        orderId: input.orderId,
        payerName: input.payerName,
        payerEmail: input.payerEmail,
        payerPhone: input.payerPhone,
        description: input.description,
        statusCode,
        createdAt: (paidAt && paidAt < new Date() ? paidAt : new Date()).toISOString(),
        paidAt: paidAt?.toISOString() ?? null,
        paidAmountKobo: paidAt ? input.amountKobo : null,
        transactionRef: paidAt ? `SIM${rrr}` : null,
      };
      invoices.set(rrr, invoice);
      changed();
      return { ...invoice };
    },

    /** The invoice a merchant raised for an order id (orderstatus.reg). */
    findInvoiceByOrderId(merchantId: string, orderId: string): SimInvoice | null {
      for (const invoice of invoices.values()) {
        if (invoice.merchantId === merchantId && invoice.orderId === orderId) return { ...invoice };
      }
      return null;
    },

    getInvoice(rrr: string): SimInvoice | null {
      const invoice = invoices.get(rrr);
      return invoice ? { ...invoice } : null;
    },

    /** Sets the code Remita answers for this RRR, whatever it is (tests of each code). */
    setStatus(rrr: string, statusCode: string): SimInvoice {
      const invoice = invoiceOrThrow(rrr);
      invoice.statusCode = statusCode;
      if (isPaidCode(statusCode)) {
        invoice.paidAt ??= new Date().toISOString();
        invoice.paidAmountKobo ??= invoice.amountKobo;
        invoice.transactionRef ??= `SIM${rrr}`;
      }
      changed();
      return { ...invoice };
    },

    /**
     * The payer pays (demo "Simulate payment", tests). `amountKobo` forges a different paid
     * amount, which the status then reports: RevDesk must refuse it against the bill.
     */
    pay(rrr: string, payment: { amountKobo?: number; paidAt?: Date } = {}): SimInvoice {
      const invoice = invoiceOrThrow(rrr);
      // Paying twice is one payment: the first payment's time stands.
      if (!isPaidCode(invoice.statusCode) || !invoice.paidAt || payment.paidAt) {
        invoice.paidAt = (payment.paidAt ?? new Date()).toISOString();
      }
      invoice.statusCode = '00';
      invoice.paidAmountKobo = payment.amountKobo ?? invoice.amountKobo;
      invoice.transactionRef ??= `SIM${rrr}`;
      changed();
      return { ...invoice };
    },

    snapshot(): RemitaSimulatorSnapshot {
      return { merchants: [...merchants.values()], invoices: [...invoices.values()], nextSequence };
    },
  };
}

export type RemitaSimulator = ReturnType<typeof createRemitaSimulator>;
