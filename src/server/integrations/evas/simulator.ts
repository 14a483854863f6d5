import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EVAS_NOT_FOUND_CODE, EVAS_STATUS_PATH } from './protocol';
import type { EvasSimulator } from './simulatorState';

/**
 * The auto-registration system (EVAS), on this server under /_sim/evas (demo mode and tests
 * only), answering the protocol RevDesk defined for it (protocol.ts): `data` is a JSON string,
 * as docs/product.md §3 shows it. An RRR it never registered gets a well-formed "not found" answer.
 */

const EvasAnswer = z.object({ status: z.boolean(), message: z.string(), data: z.string() });

export const evasSimulatorRoutes: FastifyPluginAsyncZod<{ evas: EvasSimulator }> = async (
  app,
  { evas },
) => {
  app.get(
    EVAS_STATUS_PATH,
    {
      schema: { hide: true, params: z.object({ rrr: z.string() }), response: { 200: EvasAnswer } },
    },
    async (request) => {
      const { rrr } = request.params;
      if (evas.delayMs > 0) {
        await new Promise((resolve) => {
          const timer = setTimeout(resolve, evas.delayMs);
          // A caller that gave up must not keep the server waiting for this timer.
          request.raw.socket.once('close', () => {
            clearTimeout(timer);
            resolve(undefined);
          });
        });
      }
      const registration = evas.getRegistration(rrr);
      if (!registration) {
        return {
          status: false,
          message: 'Record not found',
          data: JSON.stringify({
            customer_id: null,
            statusCode: EVAS_NOT_FOUND_CODE,
            message: `No auto-registration record for RRR ${rrr}`,
            transactionDate: null,
          }),
        };
      }
      return {
        status: true,
        message: 'Successful',
        data: JSON.stringify({
          customer_id: registration.customerId,
          statusCode: registration.statusCode,
          message: registration.message,
          transactionDate: registration.transactionDate,
        }),
      };
    },
  );
};
