import { z } from 'zod';
import { isoDay } from './isoDay';
import { PageQuery, pageOf } from './pagination';

/** What the API answers about the audit trail (API contract: these JSON names are relied on). */

export const AUDIT_EXPORT_FORMATS = ['csv', 'xlsx'] as const;

const dayFilter = isoDay('Enter a date as YYYY-MM-DD').optional();
/** An empty value is no filter (the service reads it as absent). */
const optionalText = (max: number) => z.string().trim().max(max).optional();

/**
 * The audit trail's filter. `actor` is a username, an Officer ID (OFF-000042) or an officer's
 * uuid; `action` is one action (`officer.created`) or, ending with a dot, every action of an
 * entity (`officer.`). `from`/`to` are days in Africa/Lagos, both included.
 */
export const AuditEventListQuery = PageQuery.extend({
  actor: optionalText(100),
  action: z
    .string()
    .trim()
    .max(100)
    .regex(/^[a-z0-9_.-]*$/, 'An action is lower case, like officer.created or officer.')
    .optional(),
  entityType: optionalText(50),
  entityId: optionalText(100),
  from: dayFilter,
  to: dayFilter,
  format: z.enum(AUDIT_EXPORT_FORMATS).optional(),
}).refine((q) => !q.from || !q.to || q.from <= q.to, {
  error: 'The "from" date must not be after the "to" date',
  path: ['to'],
});
export type AuditEventListQuery = z.infer<typeof AuditEventListQuery>;

/** One row of the trail: who did what to which entity, and what it looked like before and after. */
export const AuditEventView = z
  .object({
    id: z.number().int(),
    occurredAt: z.string(),
    actorId: z.string().nullable(),
    actorUsername: z.string().nullable(),
    actorName: z.string().nullable().meta({
      description:
        "The officer's full name as it reads now (the trail names people; the username stays beside it); null for a system actor such as seed or cli.",
    }),
    action: z.string(),
    entityType: z.string(),
    entityId: z.string().nullable(),
    /** JSON as recorded, secrets already removed (src/server/modules/audit/service.ts). */
    before: z.unknown(),
    after: z.unknown(),
    requestId: z.string().nullable(),
    ip: z.string().nullable(),
  })
  .meta({ id: 'AuditEvent' });
export type AuditEventView = z.infer<typeof AuditEventView>;

export const AuditEventListResult = pageOf(AuditEventView)
  .extend({
    /** `total` was counted only this far: more rows match (the web shows "1,000+"). */
    isTotalCapped: z.boolean(),
  })
  .meta({ id: 'AuditEventPage' });
export type AuditEventListResult = z.infer<typeof AuditEventListResult>;

export const AuditActionList = z
  .object({ items: z.array(z.string()) })
  .meta({ id: 'AuditActionList' });
export type AuditActionList = z.infer<typeof AuditActionList>;

/**
 * The hash chain checked from its first row to its head. `firstBadId` is the first row whose
 * hash or link does not hold (absent when the break has no row to name: the last rows were
 * deleted); `headHash` (hex) is the chain's end as verified, worth writing down elsewhere.
 */
export const AuditVerifyResult = z
  .object({
    intact: z.boolean(),
    checked: z.number().int(),
    firstBadId: z.number().int().optional(),
    reason: z.string().optional(),
    headHash: z.string().nullable(),
  })
  .meta({ id: 'AuditVerifyResult' });
export type AuditVerifyResult = z.infer<typeof AuditVerifyResult>;
