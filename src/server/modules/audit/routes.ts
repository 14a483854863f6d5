import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AuditActionList,
  AuditEventListQuery,
  AuditEventListResult,
  AuditVerifyResult,
} from '../../../shared/audit';
import { ErrorBody } from '../../../shared/errors';
import type { Db } from '../../db/client';
import { sendExport } from '../../export/exportList';
import { createAuditService } from './service';

const errors = { 401: ErrorBody, 403: ErrorBody, 422: ErrorBody } as const;
const tags = ['audit'];

/** The audit trail (ADR 0007): read it, export it, verify its hash chain. ADMIN only. */
export const auditRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const audit = createAuditService({ db });

  app.get(
    '/audit-events',
    {
      schema: {
        tags,
        operationId: 'listAuditEvents',
        summary: 'List audit events',
        description:
          'The audit trail, newest first, by the filters given. With `format=csv` or `format=xlsx` the same filter comes back as a file (at most 50,000 rows) instead of JSON.',
        querystring: AuditEventListQuery,
        response: { 200: AuditEventListResult, ...errors },
      },
      config: { permission: 'audit:read' },
    },
    async (req, reply) => {
      const { format } = req.query;
      if (!format) return audit.findAuditEvents(req.actor, req.query);
      return sendExport(reply, await audit.exportAuditEvents(req.actor, { ...req.query, format }));
    },
  );

  app.get(
    '/audit-events/actions',
    {
      schema: {
        tags,
        operationId: 'listAuditActions',
        summary: 'List audit action names',
        description: 'Every action name the audit trail holds, for filtering `listAuditEvents`.',
        response: { 200: AuditActionList, 401: ErrorBody, 403: ErrorBody },
      },
      config: { permission: 'audit:read' },
    },
    (req) => audit.listActions(req.actor),
  );

  app.get(
    '/audit-events/verify',
    {
      schema: {
        tags,
        operationId: 'verifyAuditChain',
        summary: 'Verify the audit trail',
        description:
          'Walks the hash chain of the audit trail and answers whether it is intact or which row was first altered. The verification is itself recorded in the trail.',
        response: { 200: AuditVerifyResult, 401: ErrorBody, 403: ErrorBody },
      },
      config: { permission: 'audit:read' },
    },
    (req) => audit.verifyChain(req.actor),
  );
};
