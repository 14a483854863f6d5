import { randomUUID } from 'node:crypto';
import type { Page, PageQuery } from '../../../shared/pagination';
import { normaliseNigerianPhone } from '../../../shared/phone';
import {
  type CorporateInput,
  type DuplicateCheckInput,
  type DuplicateCheckResult,
  type IndividualInput,
  normaliseCacNumber,
  type RegistrationResult,
  STATUSES_BY_KIND,
  type TaxpayerHistoryEntry,
  type TaxpayerListQuery,
  type TaxpayerListResult,
  type TaxpayerLookupResult,
  type TaxpayerPatch,
  type TaxpayerView,
} from '../../../shared/taxpayers';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { AppError, fieldError } from '../../errors';
import { exportList } from '../../export/exportList';
import { mimeOfKey } from '../../files/images';
import { normalizePhoto } from '../../files/photos';
import type { FileStore } from '../../files/store';
import { findEntityHistory, officerNamesOf, recordAudit } from '../audit/service';
import { createReferenceService } from '../reference/service';
import { duplicateMessage, findExactDuplicate, findLikelyDuplicates } from './duplicates';
import {
  buildRow,
  CORPORATE_FIELDS,
  type DraftColumns,
  INDIVIDUAL_FIELDS,
  normaliseDirectors,
} from './list/columns';
import { EXPORT_ROW_LIMIT, TAXPAYER_COLUMNS } from './list/exporter';
import { selectTaxpayers } from './list/listQueries';
import {
  type DirectorRow,
  findSamePhone,
  insertTaxpayer,
  lockPayerPhone,
  lookupTaxpayers,
  nextBtin,
  replaceDirectors,
  setPhotoKey,
  type TaxpayerColumns,
  updateTaxpayerAtVersion,
} from './queries';
import { findTaxpayerByBtin } from './record';
import { parseLookupTerm, parseSearchTerm } from './search/searchTerm';
import { changedFields, toTaxpayerView } from './view';

export type TaxpayerServiceDeps = { db: Db; files: FileStore };

export function createTaxpayerService({ db, files }: TaxpayerServiceDeps) {
  const reference = createReferenceService({ db });

  async function getRecord(tx: Db, btin: string) {
    const record = await findTaxpayerByBtin(tx, btin);
    if (!record) throw new AppError('TAXPAYER_NOT_FOUND', `No taxpayer has BTIN ${btin}.`);
    return record;
  }

  /** Checks what only the database knows: places, work, directors' BTINs, duplicates. */
  async function checkDraft(tx: Db, row: DraftColumns, exceptTaxpayerId?: string) {
    if (row.lgaId == null || row.stateId == null) throw fieldError('lgaId', 'Choose an LGA');
    await reference.checkPlace(tx, {
      stateId: row.stateId,
      lgaId: row.lgaId,
      townId: row.townId ?? null,
    });
    await reference.checkWork(tx, {
      occupationId: row.occupationId ?? null,
      professionId: row.professionId ?? null,
    });
    const exact = await findExactDuplicate(tx, row, exceptTaxpayerId);
    if (exact) {
      throw new AppError('DUPLICATE_TAXPAYER', duplicateMessage(exact), { details: exact });
    }
  }

  async function checkDirectors(tx: Db, directors: readonly DirectorRow[]) {
    for (const [i, director] of directors.entries()) {
      if (director.btin && !(await findTaxpayerByBtin(tx, director.btin))) {
        throw fieldError(`directors.${i}.btin`, 'No taxpayer has this BTIN');
      }
    }
  }

  async function register(
    actor: Actor,
    row: DraftColumns,
    directors: readonly DirectorRow[],
  ): Promise<RegistrationResult> {
    const uniqueKey = row.kind === 'individual' ? 'taxpayers_nin_key' : 'taxpayers_cac_number_key';
    try {
      return await db.transaction(async (tx) => {
        await checkDraft(tx, row);
        await checkDirectors(tx, directors);
        const warnings = await findLikelyDuplicates(tx, row);
        const btin = await nextBtin(tx);
        const id = await insertTaxpayer(
          tx,
          btin,
          { ...row, source: 'registered', createdBy: actor.officerId, updatedBy: actor.officerId },
          directors,
        );
        const taxpayer = toTaxpayerView(await getRecord(tx, btin));
        await recordAudit(tx, actor, {
          action: 'taxpayer.registered',
          entityType: 'taxpayer',
          entityId: id,
          after: { ...taxpayer, warnings: warnings.map((w) => w.message) },
        });
        return { taxpayer, warnings };
      });
    } catch (err) {
      // Two officers registering the same person at the same moment: the index decides.
      if (isUniqueViolation(err, uniqueKey)) {
        const exact = await findExactDuplicate(db, row);
        if (exact)
          throw new AppError('DUPLICATE_TAXPAYER', duplicateMessage(exact), { details: exact });
      }
      throw err;
    }
  }

  return {
    registerIndividual(actor: Actor, input: IndividualInput): Promise<RegistrationResult> {
      return register(actor, buildRow('individual', input), []);
    },

    registerCorporate(actor: Actor, input: CorporateInput): Promise<RegistrationResult> {
      return register(actor, buildRow('corporate', input), normaliseDirectors(input.directors));
    },

    async checkDuplicates(
      _actor: Actor,
      input: DuplicateCheckInput,
    ): Promise<DuplicateCheckResult> {
      const draft = {
        ...input,
        phone: input.phone ? normaliseNigerianPhone(input.phone) : null,
        email: input.email ? input.email.toLowerCase() : null,
        cacNumber:
          input.cacNumber && input.cacKind
            ? normaliseCacNumber(input.cacNumber, input.cacKind)
            : null,
      };
      return {
        exact: await findExactDuplicate(db, draft),
        warnings: await findLikelyDuplicates(db, draft),
      };
    },

    async getTaxpayer(_actor: Actor, btin: string): Promise<TaxpayerView> {
      return toTaxpayerView(await getRecord(db, btin));
    },

    async updateTaxpayer(actor: Actor, btin: string, patch: TaxpayerPatch): Promise<TaxpayerView> {
      return db.transaction(async (tx) => {
        const record = await getRecord(tx, btin);
        const current = record.taxpayer;
        const before = toTaxpayerView(record);
        if (patch.version !== current.version) throw staleEdit();
        const otherKindFields =
          current.kind === 'individual' ? CORPORATE_FIELDS : INDIVIDUAL_FIELDS;
        for (const field of Object.keys(patch)) {
          if (otherKindFields.has(field) && patch[field as keyof TaxpayerPatch] !== undefined) {
            throw fieldError(field, `A ${current.kind} taxpayer has no ${field}`);
          }
        }
        if (
          patch.status &&
          !(STATUSES_BY_KIND[current.kind] as readonly string[]).includes(patch.status)
        ) {
          throw fieldError('status', `A ${current.kind} taxpayer cannot be ${patch.status}`);
        }
        const merged = buildRow(current.kind, { ...before, ...withoutUndefined(patch) } as never);
        await checkDraft(tx, merged, current.id);
        const changes: TaxpayerColumns = {};
        for (const [key, value] of Object.entries(merged) as [keyof DraftColumns, unknown][]) {
          if (key === 'kind') continue;
          if (
            JSON.stringify(current[key as keyof typeof current] ?? null) !==
            JSON.stringify(value ?? null)
          ) {
            (changes as Record<string, unknown>)[key] = value;
          }
        }
        if (patch.status) changes.status = patch.status;
        const directors = patch.directors ? normaliseDirectors(patch.directors) : null;
        if (directors) await checkDirectors(tx, directors);
        const directorsChanged =
          directors !== null && JSON.stringify(directors) !== JSON.stringify(record.directors);
        if (Object.keys(changes).length === 0 && !directorsChanged) return before;
        const applied = await updateTaxpayerAtVersion(tx, current.id, patch.version, {
          ...changes,
          updatedBy: actor.officerId,
        });
        if (!applied) throw staleEdit();
        if (directors && directorsChanged) await replaceDirectors(tx, current.id, directors);
        const after = toTaxpayerView(await getRecord(tx, btin));
        const diff = changedFields(before, after);
        await recordAudit(tx, actor, {
          action: 'taxpayer.updated',
          entityType: 'taxpayer',
          entityId: current.id,
          before: Object.fromEntries(diff.map((c) => [c.field, c.before])),
          after: Object.fromEntries(diff.map((c) => [c.field, c.after])),
        });
        return after;
      });
    },

    async history(
      _actor: Actor,
      btin: string,
      page: PageQuery,
    ): Promise<Page<TaxpayerHistoryEntry>> {
      const record = await getRecord(db, btin);
      const { items, total } = await findEntityHistory(db, 'taxpayer', record.taxpayer.id, page);
      const names = await officerNamesOf(
        db,
        items.map((event) => event.actorId),
      );
      return {
        items: items.map((event) => ({
          at: event.occurredAt.toISOString(),
          action: event.action,
          actorUsername: event.actorUsername,
          actorName: event.actorId ? (names.get(event.actorId) ?? null) : null,
          changes:
            event.action === 'taxpayer.updated'
              ? Object.keys((event.after ?? {}) as object).map((field) => ({
                  field,
                  before: (event.before as Record<string, unknown> | null)?.[field] ?? null,
                  after: (event.after as Record<string, unknown>)[field] ?? null,
                }))
              : [],
        })),
        page: page.page,
        pageSize: page.pageSize,
        total,
      };
    },

    async findTaxpayers(_actor: Actor, query: TaxpayerListQuery): Promise<TaxpayerListResult> {
      const search = query.search ? parseSearchTerm(query.search) : null;
      const { items, total, isTotalCapped } = await selectTaxpayers(
        db,
        { ...query, search },
        { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
      );
      return {
        items,
        page: query.page,
        pageSize: query.pageSize,
        total,
        isTotalCapped,
      };
    },

    /** The same filter as the list, as a file. Audited: exports carry personal data out. */
    async exportTaxpayers(actor: Actor, query: TaxpayerListQuery & { format: 'csv' | 'xlsx' }) {
      const search = query.search ? parseSearchTerm(query.search) : null;
      const listQuery = { ...query, search };
      let isCapped = false;
      return exportList(db, actor, {
        format: query.format,
        fileName: `taxpayers-${query.kind ?? 'all'}`,
        sheet: 'Taxpayers',
        columns: TAXPAYER_COLUMNS,
        // One row read at the bound: the list's own count then reaches just past it.
        count: async () => {
          const { total, isTotalCapped } = await selectTaxpayers(db, listQuery, {
            limit: 1,
            offset: EXPORT_ROW_LIMIT,
          });
          isCapped = isTotalCapped;
          return total;
        },
        page: async (window) => (await selectTaxpayers(db, listQuery, window)).items,
        rowLimit: {
          max: EXPORT_ROW_LIMIT,
          message: (total) =>
            `This filter matches ${isCapped ? 'more than ' : ''}${total.toLocaleString('en-NG')} taxpayers; an export holds at most ${EXPORT_ROW_LIMIT.toLocaleString('en-NG')}. Narrow it by LGA, status or registration date.`,
        },
        audit: {
          action: 'taxpayer.exported',
          entityType: 'taxpayer',
          filter: { ...query, format: undefined },
        },
      });
    },

    async lookup(_actor: Actor, term: string): Promise<TaxpayerLookupResult> {
      const matches = await lookupTaxpayers(db, parseLookupTerm(term));
      if (matches.length === 0) throw new AppError('TAXPAYER_NOT_FOUND', 'Taxpayer not found!.');
      return { matches };
    },

    async setPhoto(actor: Actor, btin: string, uploaded: Buffer): Promise<TaxpayerView> {
      const { bytes, type } = await normalizePhoto(uploaded);
      const record = await getRecord(db, btin);
      const key = `taxpayers/${btin}/photo-${randomUUID()}.${type.extension}`;
      // The file first: a row never points at a file that is not there. A failed transaction
      // leaves an unreferenced file behind, which costs disk, never correctness.
      await files.put(key, bytes);
      return db.transaction(async (tx) => {
        await setPhotoKey(tx, record.taxpayer.id, key, actor.officerId);
        await recordAudit(tx, actor, {
          action: 'taxpayer.photo_changed',
          entityType: 'taxpayer',
          entityId: record.taxpayer.id,
          before: { photo: record.taxpayer.photoKey },
          after: { photo: key, bytes: bytes.length, type: type.mime },
        });
        return toTaxpayerView(await getRecord(tx, btin));
      });
    },

    async getPhoto(_actor: Actor, btin: string): Promise<{ bytes: Buffer; contentType: string }> {
      const record = await getRecord(db, btin);
      const key = record.taxpayer.photoKey;
      const bytes = key ? await files.get(key) : null;
      const contentType = key ? mimeOfKey(key) : null;
      if (!key || !bytes || !contentType)
        throw new AppError('NOT_FOUND', 'This taxpayer has no photo.');
      return { bytes, contentType };
    },
  };
}

function staleEdit(): AppError {
  return new AppError(
    'CONFLICT',
    'Someone else changed this taxpayer since you opened it. Reload to see their changes, then edit again.',
  );
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export type TaxpayerService = ReturnType<typeof createTaxpayerService>;

/** One taxpayer's record by BTIN, or null: for other modules (payments) inside their own transaction. */
export { findTaxpayerByBtin } from './record';

/** A payer Remita told us of: what a payment carries, not what an officer typed. */
export type PayerDetails = { name: string; phone: string; email?: string | null };

/**
 * Registers the payer of a payment that came with no BTIN as an individual taxpayer (source
 * `auto-reg`), or links to the taxpayer who has the phone already. Runs in the caller's
 * transaction, so the payment and its taxpayer are committed together. Null when the details
 * cannot make an individual's record: a name of one word (the registry needs a first and a
 * last name) or a phone that is not Nigerian; the payment then waits for an officer to match it.
 */
export async function autoRegisterPayer(
  tx: Db,
  actor: Actor,
  payer: PayerDetails,
): Promise<{ btin: string; isNew: boolean } | null> {
  const words = payer.name.trim().split(/\s+/).filter(Boolean);
  const phone = normaliseNigerianPhone(payer.phone);
  if (words.length < 2 || !phone) return null;
  // Two payments of one payer landing at once must not register them twice: the phone is
  // the payer's identity here, so the check and the insert take turns per phone.
  await lockPayerPhone(tx, phone);
  const [existing] = await findSamePhone(tx, phone);
  if (existing) return { btin: existing.btin, isNew: false };
  const firstName = words[0] as string;
  const lastName = words[words.length - 1] as string;
  const middleName = words.length > 2 ? words.slice(1, -1).join(' ') : null;
  const email = payer.email?.trim().toLowerCase() || null;
  const btin = await nextBtin(tx);
  const id = await insertTaxpayer(
    tx,
    btin,
    {
      kind: 'individual',
      source: 'auto-reg',
      displayName: words.join(' '),
      firstName,
      middleName,
      lastName,
      phone,
      email,
      createdBy: actor.officerId,
      updatedBy: actor.officerId,
    },
    [],
  );
  const record = await findTaxpayerByBtin(tx, btin);
  if (!record) throw new Error(`auto-registered taxpayer ${btin} cannot be read back`);
  await recordAudit(tx, actor, {
    action: 'taxpayer.auto_registered',
    entityType: 'taxpayer',
    entityId: id,
    after: toTaxpayerView(record),
  });
  return { btin, isNew: true };
}
