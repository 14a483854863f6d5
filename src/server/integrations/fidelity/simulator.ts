import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addDays, daysSpanned } from '../../../shared/dates';
import {
  FIDELITY_ACCOUNT_NOT_FOUND,
  FIDELITY_API_KEY_HEADER,
  FIDELITY_BAD_RANGE,
  FIDELITY_MAX_RANGE_DAYS,
  FIDELITY_OK,
  FIDELITY_PATHS,
  type FidelityCall,
  koboToNairaText,
} from './protocol';
import type { FidelitySimulator, SimStatementLine } from './simulatorState';

/**
 * Fidelity Bank's statement API as protocol.ts defines it, on this server under
 * /_sim/fidelity (demo mode and tests only): the five calls, the API key checked, an unknown
 * account or a bad range refused in the bank's words, and the statement simulatorState.ts
 * keeps. `mode`, `delayMs` and `downAfterCalls` are how tests make it down, slow or unreadable.
 */

const Query = z.object({ accountNum: z.string() });
const Body = z.object({ startDate: z.string(), endDate: z.string() });
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function toWire(line: SimStatementLine) {
  return {
    tranId: line.tranId,
    valueDate: line.valueDate,
    postDate: line.postDate,
    tranType: line.tranType,
    amount: koboToNairaText(line.amountKobo),
    narration: line.narration,
  };
}

async function delay(request: FastifyRequest, ms: number): Promise<void> {
  if (ms <= 0) return;
  await new Promise<void>((resolve) => {
    const socket = request.raw.socket;
    const done = () => {
      clearTimeout(timer);
      socket.off('close', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    // A caller that gave up must not keep the server waiting for this timer; a kept-alive
    // socket serves many calls, so the listener goes once the wait is over.
    socket.once('close', done);
  });
}

export const fidelitySimulatorRoutes: FastifyPluginAsyncZod<{
  fidelity: FidelitySimulator;
}> = async (app, { fidelity }) => {
  function answer(which: FidelityCall) {
    app.post(
      FIDELITY_PATHS[which],
      { schema: { hide: true, querystring: Query, body: Body } },
      async (request, reply) => {
        const { accountNum } = request.query;
        const { startDate, endDate } = request.body;
        fidelity.requests.push({ call: which, accountNumber: accountNum });
        await delay(request, fidelity.delayMs);
        if (fidelity.downAfterCalls !== null) {
          if (fidelity.downAfterCalls <= 0) fidelity.mode = 'down';
          else fidelity.downAfterCalls -= 1;
        }
        if (fidelity.mode === 'down') {
          return reply.code(503).type('text/html').send('<h1>503 Service Unavailable</h1>');
        }
        if (request.headers[FIDELITY_API_KEY_HEADER] !== fidelity.apiKey) {
          return reply.code(401).send({ status: '99', message: 'Unauthorized', data: null });
        }
        if (!fidelity.hasAccount(accountNum)) {
          return { status: FIDELITY_ACCOUNT_NOT_FOUND, message: 'Account not found', data: null };
        }
        if (
          !DAY.test(startDate) ||
          !DAY.test(endDate) ||
          startDate > endDate ||
          daysSpanned(startDate, endDate) > FIDELITY_MAX_RANGE_DAYS
        ) {
          return { status: FIDELITY_BAD_RANGE, message: 'Invalid date range', data: null };
        }
        if (fidelity.mode === 'malformed') {
          // Valid JSON, but not the agreed shape: an amount that is no amount.
          return {
            status: FIDELITY_OK,
            message: 'Successful',
            data: [{ tranId: 'X1', valueDate: startDate, tranType: 'C', amount: 'N/A' }],
          };
        }
        const lines = fidelity.statementBetween(accountNum, startDate, addDays(endDate, 0));
        const credits = lines.filter((l) => l.tranType === 'C');
        const debits = lines.filter((l) => l.tranType === 'D');
        const sum = (of: SimStatementLine[]) => of.reduce((total, l) => total + l.amountKobo, 0);
        const data =
          which === 'statement'
            ? lines.map(toWire)
            : which === 'credits'
              ? credits.map(toWire)
              : which === 'debits'
                ? debits.map(toWire)
                : which === 'creditAggregate'
                  ? { totalAmount: koboToNairaText(sum(credits)), count: credits.length }
                  : { totalAmount: koboToNairaText(sum(debits)), count: debits.length };
        return { status: FIDELITY_OK, message: 'Successful', data };
      },
    );
  }
  for (const which of Object.keys(FIDELITY_PATHS) as FidelityCall[]) answer(which);
};
