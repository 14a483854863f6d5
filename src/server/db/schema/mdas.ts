import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { MDA_CATEGORIES } from '../../../shared/mdas/enums';

export const mdaCategory = pgEnum('mda_category', MDA_CATEGORIES);

/**
 * Ministries, departments, agencies and LGAs that collect revenue, with their Remita
 * credentials. The Remita API key is kept only encrypted (AES-256-GCM with SECRETS_KEY,
 * src/server/secrets.ts) and is never returned by any endpoint (docs/architecture.md §10, ADR 0008).
 */
export const mdas = pgTable(
  'mdas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    shortName: text('short_name'),
    category: mdaCategory('category').notNull().default('agency'),
    isActive: boolean('is_active').notNull().default(true),
    remitaMerchantId: text('remita_merchant_id'),
    /** `v1.<iv>.<tag>.<ciphertext>` (base64url), or empty when no key is set. */
    remitaApiKeyEncrypted: text('remita_api_key_encrypted'),
    remitaServiceTypeIds: text('remita_service_type_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * The last time Remita refused these settings (codes 013, 020, 023, 024 or HTTP 401/403),
     * for an administrator: the code, Remita's words and when. Cleared when the settings change
     * or Remita next accepts them (ADR 0021).
     */
    remitaFaultCode: text('remita_fault_code'),
    remitaFaultMessage: text('remita_fault_message'),
    remitaFaultAt: timestamp('remita_fault_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('mdas_code_key').on(t.code),
    uniqueIndex('mdas_name_lower_key').on(sql`lower(${t.name})`),
  ],
);

/** What an MDA collects: each head has its economic code (the budget's classification). */
export const mdaRevenueHeads = pgTable(
  'mda_revenue_heads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mdaId: uuid('mda_id')
      .notNull()
      .references(() => mdas.id),
    /** The economic code of the revenue head, e.g. 12020401. */
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** The fixed amount, for heads that always cost the same (a licence, a form); else empty. */
    defaultAmountKobo: bigint('default_amount_kobo', { mode: 'number' }),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('mda_revenue_heads_mda_code_key').on(t.mdaId, t.code),
    index('mda_revenue_heads_code_idx').on(t.code),
  ],
);
