import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '../../../../shared/errors';
import {
  EvasStatusView,
  RecheckResult,
  RrrParams,
  RrrStatusQuery,
  RrrStatusView,
} from '../../../../shared/payments';
import { AppError } from '../../../errors';
import { NOTIFICATION_BODY_LIMIT_BYTES } from '../../../security/bodyLimits';
import type { PaymentDeps } from '../deps';
import { createNotificationService, NotificationBody } from './notifications';
import { createRemitaService } from './service';

const errors = { 401: ErrorBody, 403: ErrorBody, 422: ErrorBody } as const;
/** What Remita's and EVAS's failures become (src/server/errors.ts): the dialog shows `message`. */
const remoteErrors = { 404: ErrorBody, 409: ErrorBody, 502: ErrorBody } as const;
const tags = ['remita'];

/**
 * Remita and EVAS as officers reach them (docs/product.md §7 remita/check-status, invoicing/repush-rrr
 * as "Re-check and record";
 * the Auto Reg/EVAS check), and Remita's payment notifications reaching RevDesk.
 */
export const remitaRoutes: FastifyPluginAsyncZod<PaymentDeps> = async (app, deps) => {
  const remita = createRemitaService(deps);
  const notifications = createNotificationService(deps);

  app.get(
    '/remita/rrr/:rrr/status',
    {
      schema: {
        tags,
        operationId: 'getRrrStatus',
        summary: "Check an RRR's status with Remita",
        description:
          "Asks Remita for the status of a Remita Retrieval Reference, with the chosen MDA's credentials. A paid RRR that RevDesk has not recorded yet is recorded as a payment.",
        params: RrrParams,
        querystring: RrrStatusQuery,
        response: { 200: RrrStatusView, ...remoteErrors, ...errors },
      },
      config: { permission: 'rrr:check' },
    },
    (req) => remita.checkRrrStatus(req.actor, req.params.rrr, req.query.mdaId),
  );

  app.post(
    '/remita/rrr/:rrr/recheck',
    {
      schema: {
        tags,
        operationId: 'recheckRrr',
        summary: 'Re-check an RRR with Remita and record it',
        description:
          "Asks Remita for the RRR's status with the chosen MDA's credentials and records a paid RRR exactly as a payment notification would, once however often it is asked (Remita has no call that re-sends a notification). `outcome`: `recorded`, `already-recorded`, `not-paid` (Remita's words in `message`) or `amount-mismatch` (not recorded). Recorded in the audit trail.",
        params: RrrParams,
        body: RrrStatusQuery,
        response: { 200: RecheckResult, ...remoteErrors, ...errors },
      },
      config: { permission: 'rrr:repush' },
    },
    (req) => remita.recheckRrr(req.actor, req.params.rrr, req.body.mdaId),
  );

  app.get(
    '/evas/rrr/:rrr/status',
    {
      schema: {
        tags,
        operationId: 'getEvasRrrStatus',
        summary: "Check an RRR's auto-registration status",
        description:
          'Asks the auto-registration system (EVAS) whether the payer of this RRR was registered as a taxpayer.',
        params: RrrParams,
        response: { 200: EvasStatusView, 502: ErrorBody, ...errors },
      },
      config: { permission: 'evas:check' },
    },
    (req) => remita.checkEvasStatus(req.actor, req.params.rrr),
  );

  // Remita's own plugin reads the raw body whatever its content type (docs/remita.md, "Payment
  // notification"): on this route alone, any content type, or none, is read as JSON.
  await app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (req, text, done) => {
      try {
        done(null, parseNotificationText(req.headers['content-type'], String(text)));
      } catch (err) {
        done(err as Error, undefined);
      }
    });
    scope.post(
      '/remita/notifications',
      {
        // A hundred items (NOTIFICATION_ITEMS_MAX) of about half a KB each, with room to spare.
        bodyLimit: NOTIFICATION_BODY_LIMIT_BYTES,
        schema: {
          tags,
          operationId: 'receiveRemitaNotification',
          summary: 'Receive a Remita payment notification',
          description:
            'Called by Remita, not by officers: a JSON array of notifications, or one, read as JSON whatever the content type says (400 when it is not JSON). Nothing in it is trusted: each RRR is asked of Remita again and only a paid one whose amount matches is recorded; an item that cannot be read is refused alone, in the audit trail. Answers `OK`. At most 100 items (422 beyond). Limited per address in requests and in items (429 with `Retry-After`); when REMITA_NOTIFICATION_SOURCES names addresses, any other gets 403.',
          body: NotificationBody,
          response: {
            // Remita reads the plain word (docs/remita.md): documented as what is sent, text/plain.
            200: {
              description: 'The notification was taken (each item recorded or refused alone)',
              content: { 'text/plain': { schema: z.literal('OK') } },
            },
            400: ErrorBody,
            403: ErrorBody,
            413: ErrorBody,
            415: ErrorBody,
            422: ErrorBody,
            429: ErrorBody,
            502: ErrorBody,
          },
        },
        config: { public: true },
        // Before the body is read: a refused sender costs no parsing and no call to Remita.
        onRequest: async (req) => {
          try {
            await notifications.admitSender(req.actor);
          } catch (err) {
            req.log.warn({ ip: req.ip, err }, 'remita notification refused before reading');
            throw err;
          }
        },
      },
      async (req, reply) => {
        await notifications.admitItems(req.actor, req.body.length);
        const outcomes = await notifications.receiveNotification(req.actor, req.body);
        const refused = outcomes.flatMap((o) =>
          o.refusal ? [`${o.rrr}: ${o.refusal.reason}`] : [],
        );
        // Refused items are answered OK too (Remita must not resend them): said at warn, so an
        // operator sees what was not recorded; the audit row has it (ADR 0031).
        req.log[refused.length > 0 ? 'warn' : 'info'](
          { recorded: outcomes.filter((o) => o.recorded).map((o) => o.rrr), refused },
          refused.length > 0
            ? 'remita notification answered OK with items not recorded'
            : 'remita notification',
        );
        // When Remita could not be asked about an item, refuse the whole notification so Remita
        // sends it again later: recorded items are recorded once however often they come back.
        const unverified = outcomes.find((o) => o.refusal?.reason === 'remita-unavailable');
        if (unverified) {
          throw new AppError(
            'REMITA_UNAVAILABLE',
            `RRR ${unverified.rrr} could not be confirmed with Remita just now; send the notification again later.`,
          );
        }
        // Remita reads the plain word; a refused item is ours to look into, not Remita's to resend.
        return reply.type('text/plain; charset=utf-8').send('OK');
      },
    );
  });
};

/**
 * The body as JSON: as sent, or, under application/x-www-form-urlencoded, percent-decoded (a
 * form whose one field holds the JSON, or the JSON encoded whole). 400 when it is not JSON.
 */
export function parseNotificationText(contentType: string | undefined, text: string): unknown {
  const candidates = [text];
  if (contentType?.toLowerCase().startsWith('application/x-www-form-urlencoded')) {
    const fields = [...new URLSearchParams(text)];
    if (fields.length === 1) candidates.push(fields[0]?.[1] || fields[0]?.[0] || '');
  }
  for (const candidate of candidates) {
    if (candidate.trim() === '') continue;
    try {
      // As Fastify's own parser: a `__proto__` key is dropped, never made a prototype.
      return JSON.parse(candidate, (key, value) => (key === '__proto__' ? undefined : value));
    } catch {
      // Not this one: the next candidate, or the 400 below.
    }
  }
  throw new AppError(
    'BAD_REQUEST',
    'A Remita payment notification is a JSON array of payments (or one payment); this body is not JSON.',
  );
}
