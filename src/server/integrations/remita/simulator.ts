import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors';
import {
  type AnsweredStatusCode,
  AUTH_FAILURE_CODES,
  ECHANNEL_PATH,
  INVOICE_PATH,
  invoiceHash,
  koboToNaira,
  nairaToKobo,
  parseAuthorizationHeader,
  RRR_NOT_FOUND_CODE,
  statusHash,
  toRemitaTime,
} from './protocol';
import type { RemitaSimulator, SimInvoice, SimMerchant } from './simulatorState';

/**
 * Remita, as the protocol in docs/remita.md answers it, on this server under
 * /_sim/remita (demo mode and tests only). The client cannot tell it from the real one: the
 * same paths, the hash and Authorization header checked (a wrong key answers 020, an unknown
 * merchant 023, an unknown RRR or order 022), JSONP from paymentinit, and nothing else: Remita
 * publishes no re-push, so no re-push path is answered. Plus one demo-only call, POST /pay/:rrr.
 *
 * A merchant registered with `delayMs` answers that late (or when the caller gives up):
 * the way tests reach the client's timeout for real. One registered with `dropsInvoiceAnswers`
 * raises the RRR and then closes the connection unanswered: a lost paymentinit answer.
 */

/**
 * Remita's own words for each code it answers (its status `message`). An invoice set to any
 * other code (setStatus) is answered with that code and "Unrecognised status": how tests reach
 * every code, the configuration faults and codes no table lists included.
 */
const MESSAGES: Record<string, string> = {
  '00': 'Successful',
  '01': 'Approved',
  '021': 'Transaction Pending',
  '025': 'Payment Reference generated',
  '02': 'Transaction Failed',
  '012': 'User Aborted Transaction',
  '013': 'Invalid Hash Value',
  '020': 'Invalid User Authentication',
  '022': 'Invalid Request',
  '023': 'Invalid Merchant or Order Id',
  '024': 'Inactive Merchant',
  '040': 'Invalid Bank Code',
  '045': 'Transaction Not Permitted',
  '046': 'Duplicate Order Id',
  '055': 'Insufficient Funds',
  '999': 'Unknown error',
} satisfies Record<AnsweredStatusCode | keyof typeof AUTH_FAILURE_CODES | '022', string>;

/** What the simulator answers for `code`. */
export function simulatorMessage(code: string): string {
  return MESSAGES[code] ?? 'Unrecognised status';
}

/** How long the simulator waits for RevDesk to take a notification. */
const NOTIFICATION_TIMEOUT_MS = 10_000;

const hide = true;
/**
 * `{merchantId}/{rrr}/{hash}/status.reg`: the hash is 128 hex digits, beyond the router's
 * 100-character limit for a `:param`, so it is read from the wildcard, which has none.
 */
const RrrCallParams = z.object({
  merchantId: z.string(),
  rrr: z.string(),
  '*': z.string().regex(/^[0-9a-fA-F]+\/(status|orderstatus)\.reg$/),
});
type RrrCall = { merchantId: string; rrr: string; hash: string };

function rrrCallOf(params: z.infer<typeof RrrCallParams>): RrrCall & { isOrder: boolean } {
  const [hash = '', action] = params['*'].split('/');
  return {
    merchantId: params.merchantId,
    rrr: params.rrr,
    hash,
    isOrder: action === 'orderstatus.reg',
  };
}
const InvoiceBody = z.object({
  serviceTypeId: z.string(),
  amount: z.union([z.string(), z.number()]),
  orderId: z.string(),
  payerName: z.string(),
  payerEmail: z.string(),
  payerPhone: z.string(),
  description: z.string(),
});
const PayBody = z.object({ amountKobo: z.number().int().positive().optional() }).nullish();
const PayAnswer = z.object({
  rrr: z.string(),
  statusCode: z.string(),
  notified: z.boolean(),
  /** RevDesk's HTTP status for the notification; null when it could not be reached. */
  notificationStatus: z.number().int().nullable(),
});

/** Waits `ms`, or less when the caller hangs up first (a timed-out client must not hold the server). */
function delay(request: FastifyRequest, ms: number | undefined): Promise<void> {
  if (!ms) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      request.raw.socket.off('close', done);
      resolve();
    }
    request.raw.socket.once('close', done);
  });
}

/**
 * The remita-shaped notification of one paid invoice (docs/remita.md, "Payment notification"), as
 * Remita sends it: every value text (the amount too), `channnel` spelt as Remita spells it
 * beside the newer `channel`, the times as Lagos wall-clock text, the custom fields as
 * DESCRIPTION/COLVAL pairs.
 */
export function notificationOf(invoice: SimInvoice, sentAt: Date = new Date()) {
  const paidAt = toRemitaTime(new Date(invoice.paidAt ?? invoice.createdAt));
  return [
    {
      rrr: invoice.rrr,
      channnel: 'BRANCH',
      channel: 'BRANCH',
      amount: koboToNaira(invoice.paidAmountKobo ?? invoice.amountKobo),
      transactiondate: paidAt,
      debitdate: paidAt,
      dateRequested: toRemitaTime(new Date(invoice.createdAt)),
      dateSent: toRemitaTime(sentAt),
      bank: '058',
      branch: 'Yenagoa',
      serviceTypeId: invoice.serviceTypeId,
      orderRef: invoice.orderId,
      orderId: invoice.orderId,
      payerName: invoice.payerName,
      payerEmail: invoice.payerEmail,
      payerPhoneNumber: invoice.payerPhone,
      uniqueIdentifier: invoice.transactionRef ?? invoice.rrr,
      paymentDescription: invoice.description,
      customFieldData: [{ DESCRIPTION: 'Description', COLVAL: invoice.description }],
    },
  ];
}

export const remitaSimulatorRoutes: FastifyPluginAsyncZod<{
  remita: RemitaSimulator;
  selfUrl: () => string;
}> = async (app, { remita, selfUrl }) => {
  /** POSTs the invoice's notification where RevDesk (or a test's receiver) takes them. */
  async function notify(request: FastifyRequest, invoice: SimInvoice) {
    const url = remita.notificationUrl ?? `${selfUrl()}/api/v1/remita/notifications`;
    try {
      const answer = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(notificationOf(invoice)),
        signal: AbortSignal.timeout(NOTIFICATION_TIMEOUT_MS),
      });
      await answer.arrayBuffer();
      return { notified: answer.ok, notificationStatus: answer.status };
    } catch (err) {
      // Said in the answer (notified: false) and logged: the demo button shows it.
      request.log.warn({ err, rrr: invoice.rrr }, 'the simulated notification was not delivered');
      return { notified: false, notificationStatus: null };
    }
  }

  /** The merchant whose key made this call's hash, or the code Remita would answer. */
  function authenticate(
    request: FastifyRequest,
    merchantId: string,
    expectedHash: (merchant: SimMerchant) => string,
    pathHash?: string,
  ): SimMerchant | '020' | '023' {
    const merchant = remita.getMerchant(merchantId);
    if (!merchant) return '023';
    const header = parseAuthorizationHeader(request.headers.authorization);
    const hash = expectedHash(merchant);
    const isValid =
      header?.merchantId === merchantId &&
      header.hash.toLowerCase() === hash &&
      (pathHash === undefined || pathHash.toLowerCase() === hash);
    return isValid ? merchant : '020';
  }

  function refusal(code: '020' | '023') {
    return { status: code, message: AUTH_FAILURE_CODES[code] };
  }

  async function rrrCall(
    kind: 'status' | 'order-status',
    request: FastifyRequest,
    params: RrrCall,
  ) {
    remita.requests.push({ kind, merchantId: params.merchantId });
    const merchant = authenticate(
      request,
      params.merchantId,
      (m) => statusHash(params.rrr, m.apiKey, m.merchantId),
      params.hash,
    );
    if (typeof merchant === 'string') return { refused: refusal(merchant) } as const;
    await delay(request, merchant.delayMs);
    const invoice =
      kind === 'order-status'
        ? remita.findInvoiceByOrderId(merchant.merchantId, params.rrr)
        : remita.getInvoice(params.rrr);
    if (!invoice || invoice.merchantId !== merchant.merchantId) {
      return {
        refused:
          kind === 'order-status'
            ? { status: RRR_NOT_FOUND_CODE, message: 'Invalid Request', orderId: params.rrr }
            : { status: RRR_NOT_FOUND_CODE, message: 'Invalid Request', RRR: params.rrr },
      } as const;
    }
    return { invoice } as const;
  }

  app.get(
    `${ECHANNEL_PATH}/:merchantId/:rrr/*`,
    { schema: { hide, params: RrrCallParams } },
    async (request) => {
      const params = rrrCallOf(request.params);
      const call = await rrrCall(params.isOrder ? 'order-status' : 'status', request, params);
      if (call.refused) return call.refused;
      const { invoice } = call;
      const isPaid = invoice.paidAt !== null && ['00', '01'].includes(invoice.statusCode);
      return {
        // Remita sends naira as a JSON number (1234.5); the client must not lose a kobo.
        amount: Number((isPaid ? invoice.paidAmountKobo : null) ?? invoice.amountKobo) / 100,
        RRR: invoice.rrr,
        orderId: invoice.orderId,
        message: simulatorMessage(invoice.statusCode),
        transactiontime: toRemitaTime(new Date(invoice.paidAt ?? invoice.createdAt)),
        status: invoice.statusCode,
        ...(isPaid && invoice.paidAt
          ? {
              paymentDate: toRemitaTime(new Date(invoice.paidAt)),
              remitaTransRef: invoice.transactionRef,
            }
          : {}),
        payerName: invoice.payerName,
        payerEmail: invoice.payerEmail,
        payerPhoneNumber: invoice.payerPhone,
      };
    },
  );

  app.post(INVOICE_PATH, { schema: { hide, body: InvoiceBody } }, async (request, reply) => {
    const body = request.body;
    const merchantId = parseAuthorizationHeader(request.headers.authorization)?.merchantId ?? '';
    remita.requests.push({ kind: 'invoice', merchantId });
    const merchant = authenticate(request, merchantId, (m) =>
      invoiceHash(m.merchantId, body.serviceTypeId, body.orderId, String(body.amount), m.apiKey),
    );
    if (typeof merchant === 'string') {
      return jsonp(reply, { statuscode: merchant, status: AUTH_FAILURE_CODES[merchant] });
    }
    await delay(request, merchant.delayMs);
    if (!merchant.serviceTypeIds.includes(body.serviceTypeId)) {
      return jsonp(reply, { statuscode: '023', status: 'Invalid Service Type' });
    }
    const amountKobo = nairaToKobo(body.amount);
    if (!amountKobo) return jsonp(reply, { statuscode: '999', status: 'Invalid amount' });
    const invoice = remita.addInvoice({ ...body, merchantId, amountKobo });
    if (merchant.dropsInvoiceAnswers) {
      // The RRR is raised; the answer never arrives (the client sees a network error).
      request.raw.socket.destroy();
      return reply.hijack();
    }
    return jsonp(reply, {
      statuscode: '025',
      RRR: invoice.rrr,
      status: 'Payment Reference generated',
    });
  });

  app.post(
    '/pay/:rrr',
    {
      schema: {
        hide,
        params: z.object({ rrr: z.string() }),
        body: PayBody,
        response: { 200: PayAnswer },
      },
    },
    async (request) => {
      const { rrr } = request.params;
      if (!remita.getInvoice(rrr)) {
        throw new AppError('RRR_NOT_FOUND', `The Remita simulator has no payment with RRR ${rrr}.`);
      }
      const amountKobo = request.body?.amountKobo;
      const invoice = remita.pay(rrr, amountKobo === undefined ? {} : { amountKobo });
      return { rrr, statusCode: invoice.statusCode, ...(await notify(request, invoice)) };
    },
  );
};

/** Remita wraps paymentinit's answer as `jsonp ({...})`. */
function jsonp(reply: FastifyReply, answer: Record<string, string>) {
  return reply.type('application/json; charset=utf-8').send(`jsonp (${JSON.stringify(answer)})`);
}
