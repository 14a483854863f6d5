import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '../../../../shared/errors';
import {
  CardPaymentInput,
  CardPaymentView,
  CardReferenceParams,
} from '../../../../shared/payments';
import type { PaymentDeps } from '../deps';
import { createCardPaymentService } from './service';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 422: ErrorBody } as const;
const tags = ['card'];

/**
 * Card payments at the counter (docs/product.md §7 POST card/payment, docs/card.md): the bill goes
 * to the card gateway's terminal, whose answer pays it, refuses it, or never arrives.
 */
export const cardPaymentRoutes: FastifyPluginAsyncZod<PaymentDeps> = async (app, deps) => {
  const cards = createCardPaymentService(deps);

  app.post(
    '/card/payments',
    {
      schema: {
        tags,
        operationId: 'takeCardPayment',
        summary: 'Take a card payment against a bill',
        description:
          "Sends a pending bill (by `paymentId` or `rrr`) to the card gateway's terminal with a new attempt reference, and waits for the card (up to CARD_GATEWAY_TIMEOUT_MS). 201: approved, the bill is paid with channel `card` and its e-receipt is at `receiptUrl`. 402 CARD_DECLINED: the gateway's reason in `message`, nothing charged. 202: the gateway's answer was lost (`status: unknown`); check it with POST /card/payments/{reference}/check, never by taking the card again. 409: the bill is paid or not payable, or another card is at the terminal for it. 502: the gateway took nothing on. Every attempt is audited.",
        body: CardPaymentInput,
        response: {
          201: CardPaymentView,
          202: CardPaymentView,
          402: ErrorBody,
          409: ErrorBody,
          502: ErrorBody,
          ...errors,
        },
      },
      config: { permission: 'card:take' },
    },
    async (req, reply) => {
      const { statusCode, view } = await cards.takeCardPayment(req.actor, req.body);
      return reply.code(statusCode).send(view);
    },
  );

  app.get(
    '/card/payments/:reference',
    {
      schema: {
        tags,
        operationId: 'getCardPayment',
        summary: 'Read a card payment attempt',
        description:
          'One card payment attempt by its reference: its status, the gateway’s reference or reason, and the bill with its e-receipt link once paid.',
        params: CardReferenceParams,
        response: { 200: CardPaymentView, ...errors },
      },
      config: { permission: 'card:take' },
    },
    (req) => cards.getCardPayment(req.actor, req.params.reference),
  );

  app.post(
    '/card/payments/:reference/check',
    {
      schema: {
        tags,
        operationId: 'checkCardPayment',
        summary: 'Check a card payment attempt with the gateway',
        description:
          'Asks the card gateway what became of an attempt whose answer was lost, by its reference, and records it: approved pays the bill once (200), declined or never received frees the bill for another card (200), still at the terminal stays `unknown` (202). An attempt already settled is read back (200). 409 while the charge is still inside its own wait; 502 when the gateway cannot be asked (the attempt is unchanged).',
        params: CardReferenceParams,
        response: {
          200: CardPaymentView,
          202: CardPaymentView,
          409: ErrorBody,
          502: ErrorBody,
          ...errors,
        },
      },
      config: { permission: 'card:take' },
    },
    async (req, reply) => {
      const { statusCode, view } = await cards.checkCardPayment(req.actor, req.params.reference);
      return reply.code(statusCode).send(view);
    },
  );
};
