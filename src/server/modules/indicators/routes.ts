import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '../../../shared/errors';
import {
  IndicatorKeyParams,
  IndicatorsAnswer,
  IndicatorsQuery,
  RestateAnswer,
  RestateBody,
  SetTargetBody,
  TargetAnswer,
} from '../../../shared/indicators/schemas';
import type { Db } from '../../db/client';
import { sendExport } from '../../export/exportList';
import { createIndicatorService } from './service';

const errors = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  422: ErrorBody,
} as const;
const tags = ['indicators'];

/** The service's performance indicators (docs/indicators.md), read from snapshots and rollups. */
export const indicatorRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, deps) => {
  const service = createIndicatorService(deps);

  app.get(
    '/indicators',
    {
      schema: {
        tags,
        operationId: 'getIndicators',
        summary: 'The service performance indicators of a month',
        description:
          'Each indicator built (docs/indicators.md) for the month (YYYY-MM; left out: the current month): its value, unit, the target in force, 24 months of trend, the figures behind it, its definition, TADAT reference and the page listing its records. A closed month is read from the snapshot stored when it closed; the current month is computed now. A month not yet started, or before the service’s first record: 422. With format=xlsx|csv, the same as a file; format=pdf, the page for a board meeting: an A4 landscape PDF under the letterhead with the month printed and each indicator’s value, target, whether it is met, figures, trend as a table, definition and TADAT reference.',
        querystring: IndicatorsQuery,
        response: { 200: IndicatorsAnswer, ...errors },
      },
      config: { permission: 'indicator:read' },
    },
    async (req, reply) => {
      const { format, month } = req.query;
      if (!format) return service.indicators({ month });
      if (format === 'pdf')
        return sendPdf(reply, await service.indicatorsPdf(req.actor, { month }));
      return sendExport(reply, await service.exportIndicators(req.actor, { month, format }));
    },
  );

  app.put(
    '/indicators/:key/target',
    {
      schema: {
        tags,
        operationId: 'setIndicatorTarget',
        summary: "Set an indicator's target from a day on",
        description:
          'A new dated target (ADR 0033): in force from `from` until a later one; the months before keep the target they had. A share is 0–1; money is kobo. A value that is not a number or out of range: 422 naming it. Audited.',
        params: IndicatorKeyParams,
        body: SetTargetBody,
        response: { 200: TargetAnswer, ...errors },
      },
      config: { permission: 'indicator:target' },
    },
    async (req) => service.setTarget(req.actor, req.params.key, req.body),
  );

  app.post(
    '/indicators/:key/restatements',
    {
      schema: {
        tags,
        operationId: 'restateIndicator',
        summary: "Recompute a closed month's stored figure",
        description:
          'Recomputes the month from the records as they are now. When the figure differs, the snapshot takes it and a restatement keeps the old figure with the reason; the page shows it. Audited either way.',
        params: IndicatorKeyParams,
        body: RestateBody,
        response: { 200: RestateAnswer, ...errors },
      },
      config: { permission: 'indicator:target' },
    },
    async (req) => service.restate(req.actor, req.params.key, req.body),
  );
};

/** A PDF's bytes as they are (Fastify never serialises a Buffer), as the budget reports send theirs. */
function sendPdf(reply: FastifyReply, file: { body: Buffer; fileName: string }) {
  return reply
    .headers({
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${file.fileName}"`,
    })
    .send(file.body);
}
