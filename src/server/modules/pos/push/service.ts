import type { z } from 'zod';
import { type Actor, systemActor } from '../../../auth/actor';
import { limitPerMinute } from '../../../auth/rateLimit';
import { AppError } from '../../../errors';
import {
  type PushAnswer,
  PushBody,
  type SignatureProblem,
  signatureProblem,
} from '../../../integrations/benjis/protocol';
import { recordAudit } from '../../audit/service';
import { createLedger } from '../../payments/ledger/ledger';
import type { PosDeps } from '../deps';
import { recordPosTransaction } from '../recording';

/**
 * The provider's push (docs/pos.md "The push"): the signature checked over the raw body before
 * anything is read, then the documented JSON, then each transaction through the one rule
 * (recording.ts), each in its own database transaction so one refusal never costs the others.
 */

const SIGNATURE_WORDS: Record<SignatureProblem, string> = {
  missing: 'carries no X-Revdesk-Timestamp or X-Revdesk-Signature header',
  malformed: 'carries a timestamp or signature that is not in the documented form',
  stale: 'was signed more than 5 minutes from RevDesk’s clock (a replay, or a clock that is wrong)',
  mismatch: 'is not signed with the provider’s secret',
};

/** The provider as the audit trail names it: what it records is "by benjis". */
export function providerActor(caller: Actor): Actor {
  return {
    ...systemActor('system'),
    username: 'benjis',
    requestId: caller.requestId,
    ip: caller.ip,
  };
}

export function createPosPushService(deps: PosDeps) {
  const { db, config } = deps;
  const ledger = createLedger({
    receiptPrefix: config.receiptPrefix,
    settlements: deps.settlements,
  });

  return {
    /** Before the body is read: at most POS_PUSH_RATE_LIMIT_PER_MINUTE from one address. */
    async admitSender(caller: Actor): Promise<void> {
      await limitPerMinute(db, {
        bucket: 'pos-push',
        ip: caller.ip,
        perMinute: config.posPushRateLimitPerMinute,
        what: 'POS pushes',
      });
    },

    /** 401, audited, when the raw body is not signed with the secret within the window. */
    async verifySignature(
      caller: Actor,
      headers: { timestamp: string | undefined; signature: string | undefined },
      rawBody: string,
    ): Promise<void> {
      const problem = signatureProblem(config.posProviderSecret, headers, rawBody);
      if (!problem) return;
      deps.recordPosPush?.('refused-signature');
      await recordAudit(db, caller, {
        action: 'pos_push.refused',
        entityType: 'pos_push',
        after: { reason: `signature-${problem}`, ip: caller.ip, bodyBytes: rawBody.length },
      });
      throw new AppError(
        'INVALID_SIGNATURE',
        `The push ${SIGNATURE_WORDS[problem]}. Nothing was recorded.`,
      );
    },

    /** 422, audited, when the signed body is not the documented JSON. */
    async refuseInvalidBody(caller: Actor, issues: readonly z.core.$ZodIssue[]): Promise<never> {
      const problems = issues
        .slice(0, 5)
        .map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`);
      deps.recordPosPush?.('invalid');
      await recordAudit(db, caller, {
        action: 'pos_push.refused',
        entityType: 'pos_push',
        after: { reason: 'invalid-body', problems, ip: caller.ip },
      });
      throw new AppError(
        'VALIDATION_FAILED',
        `The push is not the documented JSON (${problems.join('; ')}). Nothing was recorded.`,
        {
          details: {
            problems,
            // The one error shape's field list (errors.ts), as a schema's 422 gives it.
            issues: issues.slice(0, 5).map((issue) => ({
              where: 'body',
              path: issue.path.join('.'),
              message: issue.message,
            })),
          },
        },
      );
    },

    /** Records each transaction once; the answer lists each one's outcome in the order sent. */
    async receivePush(caller: Actor, body: PushBody): Promise<PushAnswer> {
      const actor = providerActor(caller);
      const results: PushAnswer['results'] = [];
      for (const item of body.transactions) {
        const result = await db.transaction((tx) =>
          recordPosTransaction(
            tx,
            { ledger },
            actor,
            {
              provider: 'benjis',
              terminalId: item.terminalId,
              stan: item.stan,
              rrn: item.rrn,
              amountKobo: item.amountKobo,
              transactedAt: new Date(item.transactedAt),
              revenueHeadCode: item.revenueHeadCode ?? null,
              payerName: item.payerName || null,
              payerPhone: item.payerPhone || null,
              status: item.status,
            },
            'push',
          ),
        );
        results.push({
          stan: item.stan,
          outcome: result.outcome,
          ...(result.paymentId ? { paymentId: result.paymentId } : {}),
        });
      }
      deps.recordPosPush?.(
        'accepted',
        results.map((r) => r.outcome),
      );
      return { results };
    },

    parse: (value: unknown) => PushBody.safeParse(value),
  };
}
