import { z } from 'zod';
import { PageQuery, pageOf } from '../pagination';
import { MDA_CATEGORIES, MDA_SORTS } from './enums';

/** What the API answers about MDAs (API contract). No view holds a Remita API key. */

/** One MDA of the short list every officer reads (the RRR check's MDA select). */
export const MdaListEntry = z
  .object({
    id: z.uuid(),
    code: z.string(),
    name: z.string(),
    shortName: z.string().nullable(),
    isActive: z.boolean(),
  })
  .meta({ id: 'MdaListEntry' });
export type MdaListEntry = z.infer<typeof MdaListEntry>;

export const MdaList = z.object({ items: z.array(MdaListEntry) }).meta({ id: 'MdaList' });
export type MdaList = z.infer<typeof MdaList>;

export const MdaListQuery = z.object({
  /** Inactive MDAs too (officers who read the MDA records only). */
  includeInactive: z.stringbool().optional(),
});

export const RevenueHeadView = z
  .object({
    id: z.uuid(),
    code: z.string(),
    name: z.string(),
    /** Kobo; null when the amount varies from bill to bill. */
    defaultAmountKobo: z.number().int().nullable(),
    isActive: z.boolean(),
  })
  .meta({ id: 'RevenueHead' });
export type RevenueHeadView = z.infer<typeof RevenueHeadView>;

export const RevenueHeadList = z
  .object({ items: z.array(RevenueHeadView) })
  .meta({ id: 'RevenueHeadList' });
export type RevenueHeadList = z.infer<typeof RevenueHeadList>;

export const MdaView = z
  .object({
    id: z.uuid(),
    code: z.string(),
    name: z.string(),
    shortName: z.string().nullable(),
    category: z.enum(MDA_CATEGORIES),
    isActive: z.boolean(),
    merchantId: z.string().nullable(),
    serviceTypeIds: z.array(z.string()),
    /** An API key is stored (encrypted). The key itself never leaves the server. */
    hasRemitaCredentials: z.boolean(),
    /**
     * The last time Remita refused this MDA's settings (codes 013, 020, 023, 024): the code,
     * Remita's words and when (ISO 8601); null when Remita last accepted them or they changed since.
     */
    remitaFault: z.object({ code: z.string(), message: z.string(), at: z.string() }).nullable(),
    /** Every head, active or not, by economic code. */
    revenueHeads: z.array(RevenueHeadView),
    /** Officers holding this MDA's privilege. */
    officerCount: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Mda' });
export type MdaView = z.infer<typeof MdaView>;

export const MdaPage = pageOf(MdaView).meta({ id: 'MdaPage' });
export type MdaPage = z.infer<typeof MdaPage>;

/** The details list's filter; `format` exports the same filter instead of a page. */
export const MdaDetailsQuery = PageQuery.extend({
  search: z.string().trim().max(100).optional(),
  category: z.enum(MDA_CATEGORIES).optional(),
  isActive: z.stringbool().optional(),
  sort: z.enum(MDA_SORTS).default('code'),
  format: z.enum(['csv', 'xlsx']).optional(),
});
export type MdaDetailsQuery = z.infer<typeof MdaDetailsQuery>;
