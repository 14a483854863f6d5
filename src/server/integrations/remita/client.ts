import { z } from 'zod';
import { AppError } from '../../errors';
import {
  callRemote,
  parseJson,
  type RemoteAnswer,
  type RemoteCall,
  type RemoteCallRecorder,
  RemoteFailure,
} from '../http';
import {
  AUTH_FAILURE_CODES,
  authorizationHeader,
  INVOICE_PATH,
  invoiceHash,
  isConfigurationFaultCode,
  koboToNaira,
  nairaToKobo,
  ORDER_NOT_FOUND_CODES,
  orderStatusPath,
  RRR_NOT_FOUND_CODE,
  remitaTimeToIso,
  statusHash,
  statusMeaning,
  statusPath,
  unwrapJsonp,
} from './protocol';
import type {
  RemitaClient,
  RemitaCredentials,
  RemitaInvoice,
  RemitaInvoiceRequest,
  RemitaRrrStatus,
} from './types';
import { InvoiceAnswerLost } from './types';

/**
 * Remita over HTTP, exactly as docs/remita.md describes it. Nothing here is logged:
 * URLs and headers carry the MDA's hash, and errors name the code, never the credentials.
 */

const Text = z.union([z.string(), z.number()]).transform(String);

const StatusAnswer = z.object({
  status: z.string(),
  message: z.string().nullish(),
  amount: z.union([z.string(), z.number()]).nullish(),
  RRR: Text.nullish(),
  orderId: Text.nullish(),
  transactiontime: z.string().nullish(),
  paymentDate: z.string().nullish(),
  remitaTransRef: Text.nullish(),
  payerName: z.string().nullish(),
  payerEmail: z.string().nullish(),
  payerPhoneNumber: Text.nullish(),
  payerPhone: Text.nullish(),
});

const InvoiceAnswer = z.object({
  statuscode: z.string(),
  status: z.string().nullish(),
  RRR: Text.nullish(),
});

function unavailable(reason: string): AppError {
  return new AppError('REMITA_UNAVAILABLE', `Remita ${reason}. Please try again in a few minutes.`);
}

/**
 * A configuration fault of the MDA's Remita settings (013, 020, 023, 024, HTTP 401/403): the
 * code and Remita's own words ride along in `details`, so the MDA's record can keep them for
 * an administrator (ADR 0021).
 */
function authFailed(code: string, merchantId: string, remitaMessage?: string | null): AppError {
  const meaning =
    remitaMessage || (AUTH_FAILURE_CODES as Record<string, string>)[code] || 'access refused';
  return new AppError(
    'REMITA_AUTH_FAILED',
    `Remita refused this MDA's credentials (code ${code}: ${meaning}). An administrator must check the MDA's Remita merchant ID (${merchantId}) and API key under Manage MDAs.`,
    { details: { remitaCode: code, remitaMessage: meaning } },
  );
}

function rrrNotFound(rrr: string): AppError {
  return new AppError(
    'RRR_NOT_FOUND',
    `Remita has no payment with RRR ${rrr} for this MDA. Check the RRR and the MDA chosen.`,
  );
}

/** The label of each call in the metrics. */
type RemitaOperation = 'rrr-status' | 'order-status' | 'invoice';

export function createRemitaClient(options: {
  /** Read at each call: the simulator's address is known only once the server listens. */
  baseUrl: () => string;
  timeoutMs: number;
  /** Told of every call's outcome and time (the metrics, ADR 0015). */
  record?: RemoteCallRecorder | undefined;
}): RemitaClient {
  /** One call; transport failures, 401/403 and other HTTP errors become AppErrors here. */
  async function call(
    credentials: RemitaCredentials,
    request: Omit<RemoteCall, 'url' | 'timeoutMs' | 'observe'> & {
      path: string;
      operation: RemitaOperation;
    },
  ): Promise<RemoteAnswer> {
    const { path, operation, ...rest } = request;
    let answer: RemoteAnswer;
    try {
      answer = await callRemote({
        ...rest,
        url: `${options.baseUrl()}${path}`,
        timeoutMs: options.timeoutMs,
        ...(options.record
          ? { observe: { system: 'remita', operation, record: options.record } }
          : {}),
      });
    } catch (err) {
      if (err instanceof RemoteFailure) throw noAnswer(operation, err.reason);
      throw err;
    }
    if (answer.status === 401 || answer.status === 403) {
      throw authFailed(`HTTP ${answer.status}`, credentials.merchantId);
    }
    if (answer.status < 200 || answer.status > 299) {
      throw noAnswer(operation, `answered with an error (HTTP ${answer.status})`);
    }
    return answer;
  }

  /**
   * No answer to read. For paymentinit that is not a refusal: Remita may have raised the RRR
   * and the answer was lost on the way (ADR 0020), so the caller keeps the bill to confirm.
   */
  function noAnswer(operation: RemitaOperation, reason: string): AppError {
    return operation === 'invoice'
      ? new InvoiceAnswerLost(`Remita ${reason}.`)
      : unavailable(reason);
  }

  function read<T>(schema: z.ZodType<T>, text: string, operation?: RemitaOperation): T {
    try {
      const parsed = schema.safeParse(parseJson(text));
      if (parsed.success) return parsed.data;
    } catch (err) {
      if (!(err instanceof RemoteFailure)) throw err;
    }
    throw noAnswer(operation ?? 'rrr-status', 'answered with something RevDesk cannot read');
  }

  function authHeaders(credentials: RemitaCredentials, hash: string) {
    return { authorization: authorizationHeader(credentials.merchantId, hash) };
  }

  const client: RemitaClient = {
    async getRrrStatus(credentials, rrr): Promise<RemitaRrrStatus> {
      const hash = statusHash(rrr, credentials.apiKey, credentials.merchantId);
      const answer = await call(credentials, {
        method: 'GET',
        operation: 'rrr-status',
        path: statusPath(credentials.merchantId, encodeURIComponent(rrr), hash),
        headers: authHeaders(credentials, hash),
        isIdempotent: true,
      });
      const body = read(StatusAnswer, answer.text);
      const code = body.status;
      if (isConfigurationFaultCode(code)) {
        throw authFailed(code, credentials.merchantId, body.message);
      }
      if (code === RRR_NOT_FOUND_CODE) throw rrrNotFound(rrr);
      const amountKobo =
        body.amount == null || body.amount === '' ? null : nairaToKobo(body.amount);
      if (amountKobo === null && body.amount != null && body.amount !== '') {
        throw unavailable('answered with an amount RevDesk cannot read');
      }
      // A code docs/remita.md does not list is `unrecognised`, shown with Remita's own message.
      const meaning = statusMeaning(code);
      return {
        rrr: body.RRR ?? rrr,
        statusCode: code,
        status: meaning.status,
        outcome: meaning.outcome,
        isPaid: meaning.outcome === 'paid',
        amountKobo,
        payerName: body.payerName || null,
        payerEmail: body.payerEmail || null,
        payerPhone: body.payerPhoneNumber || body.payerPhone || null,
        orderId: body.orderId || null,
        message: body.message || meaning.status,
        transactionDate: remitaTimeToIso(body.paymentDate) ?? remitaTimeToIso(body.transactiontime),
        transactionRef: body.remitaTransRef || null,
      };
    },

    async generateRrr(credentials, request: RemitaInvoiceRequest): Promise<RemitaInvoice> {
      const amount = koboToNaira(request.amountKobo);
      const hash = invoiceHash(
        credentials.merchantId,
        request.serviceTypeId,
        request.orderId,
        amount,
        credentials.apiKey,
      );
      const answer = await call(credentials, {
        method: 'POST',
        operation: 'invoice',
        path: INVOICE_PATH,
        headers: { ...authHeaders(credentials, hash), 'content-type': 'application/json' },
        body: JSON.stringify({
          serviceTypeId: request.serviceTypeId,
          amount,
          orderId: request.orderId,
          payerName: request.payerName,
          payerEmail: request.payerEmail,
          payerPhone: request.payerPhone,
          description: request.description,
        }),
        isIdempotent: false,
      });
      const body = read(InvoiceAnswer, unwrapJsonp(answer.text), 'invoice');
      if (Object.hasOwn(AUTH_FAILURE_CODES, body.statuscode)) {
        throw authFailed(body.statuscode, credentials.merchantId);
      }
      if (body.statuscode !== '025' || !body.RRR) {
        throw new AppError(
          'REMITA_UNAVAILABLE',
          `Remita did not raise the bill (code ${body.statuscode}: ${body.status ?? 'no reason given'}). Check the amount and the MDA's service type, then try again.`,
        );
      }
      return { rrr: body.RRR, statusCode: body.statuscode, message: body.status ?? '' };
    },

    async getOrderStatus(credentials, orderId): Promise<RemitaRrrStatus | null> {
      const hash = statusHash(orderId, credentials.apiKey, credentials.merchantId);
      const answer = await call(credentials, {
        method: 'GET',
        operation: 'order-status',
        path: orderStatusPath(credentials.merchantId, encodeURIComponent(orderId), hash),
        headers: authHeaders(credentials, hash),
        isIdempotent: true,
      });
      const body = read(StatusAnswer, answer.text);
      // "No such order": 022, or 023 naming the order id. Either way Remita holds no RRR for
      // it; a merchant that is really wrong is refused again, clearly, by the paymentinit retry.
      if ((ORDER_NOT_FOUND_CODES as readonly string[]).includes(body.status)) return null;
      if (Object.hasOwn(AUTH_FAILURE_CODES, body.status)) {
        throw authFailed(body.status, credentials.merchantId);
      }
      if (!body.RRR) throw unavailable('answered an order status without its RRR');
      // The RRR's own status is then read as everywhere else, so one place (getRrrStatus)
      // says what each code means. A bill needs this only while its RRR is unconfirmed.
      return client.getRrrStatus(credentials, body.RRR);
    },
  };
  return client;
}
