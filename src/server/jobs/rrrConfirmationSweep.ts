import type { FastifyInstance } from 'fastify';
import { systemActor } from '../auth/actor';
import type { PaymentDeps } from '../modules/payments/deps';
import { createRrrConfirmation } from '../modules/payments/invoices/rrrConfirmation';

/**
 * Every minute, the bills whose paymentinit answer was lost ("RRR pending confirmation",
 * ADR 0020) are asked of Remita by their order id. Any number of instances may sweep at once:
 * the ledger records each RRR once (confirmRrr and recordConfirmedPayment lock it) and a
 * paymentinit is re-sent only by the one settlement that claims it (claimRrrRequest).
 */

/** Often enough that a bill's RRR is confirmed within a minute or two of Remita answering again. */
const SWEEP_EVERY_MS = 60_000;
/**
 * A sweep's share: a few Remita calls each, one after another, well within the minute. A bill
 * that fails backs off (1 min doubling to 1 h, ADR 0031), so 20 stuck bills of one MDA no longer
 * keep every other MDA's waiting.
 */
const BILLS_PER_SWEEP = 20;

export function startRrrConfirmationSweep(app: FastifyInstance, deps: PaymentDeps): void {
  const confirmation = createRrrConfirmation(deps);
  const actor = systemActor('system');
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;

  function sweep() {
    if (running) return;
    running = confirmation
      .settleUnconfirmedBills(actor, {
        limit: BILLS_PER_SWEEP,
        // The failure itself is logged with the payment's id, kept on the bill and backed off
        // by the confirmation (ADR 0031); here only that the sweep moved on.
        onError: (paymentId) =>
          app.log.debug({ paymentId }, 'the RRR confirmation sweep moved past a stuck bill'),
      })
      .catch((err: unknown) => app.log.error({ err }, 'the RRR confirmation sweep failed'))
      .finally(() => {
        running = null;
      });
  }

  // After listening: in demo mode and tests Remita is this server's own simulator.
  app.addHook('onListen', async () => {
    timer = setInterval(sweep, SWEEP_EVERY_MS);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}
