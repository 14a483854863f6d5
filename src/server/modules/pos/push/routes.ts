import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '../../../../shared/errors';
import {
  PushAnswer,
  PushBody,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
} from '../../../integrations/benjis/protocol';
import { findUnstorableJson } from '../../../security/unstorableText';
import type { PosDeps } from '../deps';
import { createPosPushService } from './service';

/**
 * A push holds at most 100 transactions (PUSH_TRANSACTIONS_MAX) of under 500 bytes each: 256 KB
 * leaves room, and refuses anything larger before it is read (ADR 0014).
 */
const PUSH_BODY_LIMIT_BYTES = 256 * 1024;

/** Documented, not enforced by the schema: a missing one is a 401 the audit trail keeps. */
const PushHeaders = z.object({
  [TIMESTAMP_HEADER]: z.string().optional().meta({ description: 'Unix seconds when signed' }),
  [SIGNATURE_HEADER]: z
    .string()
    .optional()
    .meta({ description: 'sha256=<hex HMAC-SHA256(secret, timestamp + "." + raw body)>' }),
});

/**
 * The POS provider's push (docs/pos.md "The push"). Public, but signed: the signature is
 * checked over the raw body, so this route alone keeps the body as text and reads the JSON
 * itself: the documented shape (public, so a 422 tells a forger nothing), then the signature.
 */
export const posPushRoutes: FastifyPluginAsyncZod<PosDeps> = async (app, deps) => {
  const push = createPosPushService(deps);

  await app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, text, done) =>
      done(null, String(text)),
    );
    scope.post(
      '/pos/notifications',
      {
        bodyLimit: PUSH_BODY_LIMIT_BYTES,
        // The schema documents the body; the handler checks it, then the signature over the raw bytes.
        attachValidation: true,
        schema: {
          tags: ['pos'],
          operationId: 'receivePosPush',
          summary: 'Receive POS transactions pushed by the provider',
          description:
            'Called by the POS provider (Benjis), not by officers: `{ transactions: [...] }`, at most 100, signed with the shared secret (POS_PROVIDER_SECRET): `X-Revdesk-Timestamp: <unix seconds>` and `X-Revdesk-Signature: sha256=<hex HMAC-SHA256(secret, timestamp + "." + raw body)>`. A missing or wrong signature, or a timestamp more than 5 minutes from RevDesk’s clock, is 401; a body that is not the documented JSON is 422; both audited, nothing recorded. Each transaction is recorded once (by provider, terminal, STAN and Lagos day): `results` gives each one’s outcome in the order sent — `recorded` (a `pos` payment, `paymentId`), `duplicate`, `held` (unknown or deactivated terminal: not revenue until an officer assigns it), `declined`, `reversed` (the payment it names reversed) or `refused`. docs/pos.md.',
          headers: PushHeaders,
          body: PushBody,
          response: {
            200: PushAnswer,
            401: ErrorBody,
            413: ErrorBody,
            415: ErrorBody,
            422: ErrorBody,
            429: ErrorBody,
          },
        },
        config: { public: true },
        // Before the body is read: a flood costs no parsing and no signature check.
        onRequest: async (req) => push.admitSender(req.actor),
      },
      async (req) => {
        const raw = typeof req.body === 'string' ? req.body : '';
        // The documented shape first: it is public (docs/pos.md), so a 422 tells a forger
        // nothing; then the signature over the very bytes received.
        let json: unknown;
        try {
          // As Fastify's own parser: a `__proto__` key is dropped, never made a prototype.
          json = JSON.parse(raw, (key, value) => (key === '__proto__' ? undefined : value));
        } catch {
          return push.refuseInvalidBody(req.actor, [
            {
              code: 'custom',
              path: [],
              message: raw.trim() === '' ? 'empty' : 'not JSON',
              input: undefined,
            },
          ]);
        }
        // Text the database cannot store is named before the shape (ADR 0022), as the app's
        // preValidation hook does for every body it parses itself.
        const unstorable = findUnstorableJson(json);
        if (unstorable) {
          return push.refuseInvalidBody(req.actor, [
            {
              code: 'custom',
              path: unstorable.path.split('.'),
              message: unstorable.problem,
              input: undefined,
            },
          ]);
        }
        const parsed = push.parse(json);
        if (!parsed.success) return push.refuseInvalidBody(req.actor, parsed.error.issues);
        const header = (name: string) => {
          const value = req.headers[name];
          return typeof value === 'string' ? value : undefined;
        };
        await push.verifySignature(
          req.actor,
          { timestamp: header(TIMESTAMP_HEADER), signature: header(SIGNATURE_HEADER) },
          raw,
        );
        const answer = await push.receivePush(req.actor, parsed.data);
        req.log.info({ outcomes: answer.results.map((r) => r.outcome) }, 'pos push');
        return answer;
      },
    );
  });
};
