import { z } from 'zod';
import { AppError } from '../../errors';
import {
  callRemote,
  parseJson,
  type RemoteAnswer,
  type RemoteCallRecorder,
  RemoteFailure,
} from '../http';
import { CARD_CHARGES_PATH, cardAuthorization, cardChargePath } from './protocol';
import {
  CardAnswerLost,
  type CardChargeState,
  type CardGatewayClient,
  type CardOutcome,
} from './types';

/**
 * The card gateway over HTTP, in the protocol RevDesk defined for it (protocol.ts,
 * docs/card.md). Nothing here is logged: the Authorization header carries the secret.
 */

const Text = z.union([z.string(), z.number()]).transform(String);

const ChargeAnswer = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('APPROVED'),
    reference: Text,
    gatewayReference: Text,
    amountKobo: z.number().int(),
    approvedAt: z.string(),
  }),
  z.object({
    status: z.literal('DECLINED'),
    reference: Text,
    declineCode: Text.nullish(),
    declineReason: z.string().nullish(),
  }),
  z.object({ status: z.literal('PENDING'), reference: Text }),
  z.object({ status: z.literal('NOT_FOUND'), reference: Text.nullish() }),
]);

export function cardGatewayUnavailable(reason: string): AppError {
  return new AppError(
    'CARD_GATEWAY_UNAVAILABLE',
    `The card payment gateway ${reason}. Please try again in a few minutes.`,
  );
}

function read(text: string): z.infer<typeof ChargeAnswer> | null {
  try {
    const parsed = ChargeAnswer.safeParse(parseJson(text));
    return parsed.success ? parsed.data : null;
  } catch (err) {
    if (err instanceof RemoteFailure) return null;
    throw err;
  }
}

function outcomeOf(
  answer: Extract<z.infer<typeof ChargeAnswer>, { status: 'APPROVED' | 'DECLINED' }>,
): CardOutcome {
  if (answer.status === 'APPROVED') {
    const approvedAt = Date.parse(answer.approvedAt);
    return {
      status: 'approved',
      reference: answer.reference,
      gatewayReference: answer.gatewayReference,
      amountKobo: answer.amountKobo,
      approvedAt: Number.isNaN(approvedAt)
        ? new Date().toISOString()
        : new Date(approvedAt).toISOString(),
    };
  }
  return {
    status: 'declined',
    reference: answer.reference,
    declineCode: answer.declineCode ?? '',
    // A refusal with no words still reaches the officer as one (no silent failure).
    declineReason: answer.declineReason?.trim() || 'The gateway gave no reason.',
  };
}

export function createCardGatewayClient(options: {
  /** Read at each call: the simulator's address is known only once the server listens. */
  baseUrl: () => string;
  secret: () => string;
  /** How long the officer waits for the card at the terminal (CARD_GATEWAY_TIMEOUT_MS). */
  timeoutMs: number;
  /** Told of every call's outcome and time (the metrics, ADR 0015). */
  record?: RemoteCallRecorder | undefined;
}): CardGatewayClient {
  const observe = (operation: 'charge' | 'charge-status') =>
    options.record
      ? { observe: { system: 'card' as const, operation, record: options.record } }
      : {};

  function refusedSecret(status: number): AppError {
    return new AppError(
      'CARD_GATEWAY_UNAVAILABLE',
      `The card payment gateway refused RevDesk's secret (HTTP ${status}). Nothing was charged. An administrator must check CARD_GATEWAY_SECRET (see README, Configuration).`,
    );
  }

  return {
    async charge(charge): Promise<CardOutcome> {
      let answer: RemoteAnswer;
      try {
        answer = await callRemote({
          url: `${options.baseUrl()}${CARD_CHARGES_PATH}`,
          method: 'POST',
          headers: {
            authorization: cardAuthorization(options.secret()),
            'content-type': 'application/json',
          },
          body: JSON.stringify({
            reference: charge.reference,
            rrr: charge.rrr,
            amountKobo: charge.amountKobo,
            description: charge.description ?? null,
          }),
          timeoutMs: options.timeoutMs,
          // Once: the card is at the terminal; the reference makes a status query safe instead.
          isIdempotent: false,
          ...observe('charge'),
        });
      } catch (err) {
        if (!(err instanceof RemoteFailure)) throw err;
        // 503 is the gateway saying it took nothing on (docs/card.md, to confirm); anything else
        // (a timeout, a broken answer, a 502 from a proxy that did forward) may hide a charge.
        if (err.httpStatus === 503) {
          throw cardGatewayUnavailable(
            'is not taking card payments now (HTTP 503). Nothing was charged',
          );
        }
        throw new CardAnswerLost(`The card payment gateway ${err.reason}.`);
      }
      if (answer.status === 401 || answer.status === 403) throw refusedSecret(answer.status);
      if (answer.status < 200 || answer.status > 299) {
        throw cardGatewayUnavailable(
          `refused the request (HTTP ${answer.status}). Nothing was charged`,
        );
      }
      const body = read(answer.text);
      if (
        !body ||
        (body.status !== 'APPROVED' && body.status !== 'DECLINED') ||
        body.reference !== charge.reference
      ) {
        throw new CardAnswerLost(
          'The card payment gateway answered with something RevDesk cannot read.',
        );
      }
      return outcomeOf(body);
    },

    async getCharge(reference): Promise<CardChargeState> {
      let answer: RemoteAnswer;
      try {
        answer = await callRemote({
          url: `${options.baseUrl()}${cardChargePath(reference)}`,
          method: 'GET',
          headers: { authorization: cardAuthorization(options.secret()) },
          // A status query is answered at once, unlike a charge waiting for a card.
          timeoutMs: Math.min(options.timeoutMs, 15_000),
          isIdempotent: true,
          ...observe('charge-status'),
        });
      } catch (err) {
        if (err instanceof RemoteFailure)
          throw cardGatewayUnavailable(`could not be asked: it ${err.reason}`);
        throw err;
      }
      if (answer.status === 401 || answer.status === 403) throw refusedSecret(answer.status);
      const body = answer.status === 200 || answer.status === 404 ? read(answer.text) : null;
      if (answer.status === 404 && body?.status === 'NOT_FOUND') {
        return { status: 'not-found', reference };
      }
      if (answer.status !== 200) {
        throw cardGatewayUnavailable(`answered with an error (HTTP ${answer.status})`);
      }
      if (!body || body.status === 'NOT_FOUND' || body.reference !== reference) {
        throw cardGatewayUnavailable('answered with something RevDesk cannot read');
      }
      if (body.status === 'PENDING') return { status: 'pending', reference };
      return outcomeOf(body);
    },
  };
}
