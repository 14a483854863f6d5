import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CARD_CHARGE_PATH, CARD_CHARGES_PATH, cardAuthorization } from './protocol';
import type { CardSimulator, SimulatedCharge } from './simulatorState';

/**
 * The card payment gateway, on this server under /_sim/card (demo mode and tests only),
 * answering the protocol RevDesk defined for it (protocol.ts, docs/card.md). The card is
 * "read" by an imaginary terminal: how it ends is what the test set (simulatorState.ts).
 */

const ChargeRequest = z.object({
  reference: z.string().min(1).max(64),
  rrr: z.string().min(1),
  amountKobo: z.number().int().positive(),
  description: z.string().nullish(),
});

function answerOf(charge: SimulatedCharge) {
  if (charge.status === 'APPROVED') {
    return {
      reference: charge.reference,
      status: charge.status,
      gatewayReference: charge.gatewayReference,
      amountKobo: charge.amountKobo,
      approvedAt: charge.approvedAt,
    };
  }
  if (charge.status === 'DECLINED') {
    return {
      reference: charge.reference,
      status: charge.status,
      declineCode: charge.declineCode,
      declineReason: charge.declineReason,
    };
  }
  return { reference: charge.reference, status: charge.status };
}

export const cardSimulatorRoutes: FastifyPluginAsyncZod<{ card: CardSimulator }> = async (
  app,
  { card },
) => {
  /** Refuses a wrong secret or a gateway set `down`; true when it answered. */
  function refused(request: FastifyRequest, reply: FastifyReply): boolean {
    if (card.behaviour.mode === 'down') {
      void reply
        .code(503)
        .send({ status: 'UNAVAILABLE', message: 'Service temporarily unavailable' });
      return true;
    }
    if (request.headers.authorization !== cardAuthorization(card.secret)) {
      void reply.code(401).send({ status: 'UNAUTHORISED', message: 'Invalid merchant secret' });
      return true;
    }
    return false;
  }

  app.post(
    CARD_CHARGES_PATH,
    { schema: { hide: true, body: ChargeRequest } },
    async (request, reply) => {
      if (refused(request, reply)) return reply;
      const { reference, rrr, amountKobo } = request.body;
      const known = card.getCharge(reference);
      if (known && (known.rrr !== rrr || known.amountKobo !== amountKobo)) {
        return reply.code(409).send({
          status: 'REFERENCE_REUSED',
          message: `Reference ${reference} was used for another charge`,
        });
      }
      const charge = card.takeCharge({ reference, rrr, amountKobo });
      if (!known && card.behaviour.mode === 'lose-answer') {
        // The gateway acted (or not, as `lostAs` says) and the answer never reaches RevDesk.
        reply.hijack();
        request.raw.socket.destroy();
        return reply;
      }
      if (!charge) throw new Error('a charge was not taken outside lose-answer');
      return answerOf(charge);
    },
  );

  app.get(
    CARD_CHARGE_PATH,
    { schema: { hide: true, params: z.object({ reference: z.string() }) } },
    async (request, reply) => {
      if (refused(request, reply)) return reply;
      const charge = card.getCharge(request.params.reference);
      if (!charge) {
        return reply.code(404).send({ reference: request.params.reference, status: 'NOT_FOUND' });
      }
      return answerOf(charge);
    },
  );
};
