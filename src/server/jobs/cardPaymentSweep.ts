import type { FastifyInstance } from 'fastify';
import { systemActor } from '../auth/actor';
import { createCardPaymentService } from '../modules/payments/card/service';
import type { PaymentDeps } from '../modules/payments/deps';

/**
 * Every minute, card payment attempts whose answer was lost (docs/card.md) are asked of the
 * card gateway by their reference, so a card charged while the answer went astray pays its bill
 * even when no officer presses "Check with the gateway". Any number of instances may sweep at
 * once: an attempt is settled under its row lock and the ledger pays a bill once (ADR 0010).
 */

const SWEEP_EVERY_MS = 60_000;
/** A status query each, one after another, well within the minute. */
const ATTEMPTS_PER_SWEEP = 20;

export function startCardPaymentSweep(app: FastifyInstance, deps: PaymentDeps): void {
  const cards = createCardPaymentService(deps);
  const actor = systemActor('system');
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;

  function sweep() {
    if (running) return;
    running = cards
      .settleUnansweredAttempts(actor, {
        // Past the charge's own wait: an attempt still waiting for its card is left to it.
        before: new Date(Date.now() - deps.config.cardGatewayTimeoutMs - 5_000),
        limit: ATTEMPTS_PER_SWEEP,
        // Never dropped: the attempt stays unknown on its page, and the log says why.
        onError: (reference, err) =>
          app.log.warn({ reference, err }, 'the card payment sweep could not check an attempt'),
      })
      .catch((err: unknown) => app.log.error({ err }, 'the card payment sweep failed'))
      .finally(() => {
        running = null;
      });
  }

  app.addHook('onListen', async () => {
    timer = setInterval(sweep, SWEEP_EVERY_MS);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}
