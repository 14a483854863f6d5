import {
  type AssessingOfficerList,
  type AssessingOfficersQuery,
  type AssessmentListQuery,
  type AssessmentPage,
  assessmentKindsOf,
} from '../../../../shared/assessments';
import { todayInLagos } from '../../../../shared/dates';
import type { Actor } from '../../../auth/actor';
import type { Db } from '../../../db/client';
import { AppError } from '../../../errors';
import { exportList } from '../../../export/exportList';
import {
  type AssessmentFilter,
  selectAssessingOfficers,
  selectAssessments,
  selectAssessmentTotals,
} from '../queries';
import { loadTaxSettings } from '../settings';
import { toAssessmentView } from '../view';
import { ASSESSMENT_COLUMNS, ASSESSMENT_EXPORT_LIMIT } from './exporter';

/** The assessments list (docs/product.md §2 taxs/direct-assessment, taxs/presumptive-tax): only kinds the actor works with. */
function filterOf(actor: Actor, query: AssessmentListQuery): AssessmentFilter {
  if (query.issuedFrom && query.issuedTo && query.issuedFrom > query.issuedTo) {
    throw new AppError('VALIDATION_FAILED', 'The start date is after the end date.', {
      details: {
        issues: [
          {
            where: 'querystring',
            path: 'issuedTo',
            message: 'Choose a date on or after the start',
          },
        ],
      },
    });
  }
  return {
    kinds: assessmentKindsOf(actor.userType),
    search: query.search,
    kind: query.kind,
    taxYear: query.taxYear,
    status: query.status,
    source: query.source,
    btin: query.btin,
    createdBy: query.mine ? (actor.officerId ?? undefined) : query.createdBy,
    lgaId: query.lgaId,
    issuedFrom: query.issuedFrom,
    issuedTo: query.issuedTo,
  };
}

export function createAssessmentListService({ db }: { db: Db }) {
  return {
    /** Who has assessed, among the kinds the actor reads (one kind when asked). */
    async findAssessingOfficers(
      actor: Actor,
      query: AssessingOfficersQuery,
    ): Promise<AssessingOfficerList> {
      const kinds = assessmentKindsOf(actor.userType).filter(
        (kind) => !query.kind || kind === query.kind,
      );
      return { items: await selectAssessingOfficers(db, kinds) };
    },

    async findAssessments(actor: Actor, query: AssessmentListQuery): Promise<AssessmentPage> {
      const filter = filterOf(actor, query);
      const [rows, totals, settings] = await Promise.all([
        selectAssessments(db, filter, {
          sort: query.sort,
          limit: query.pageSize,
          offset: (query.page - 1) * query.pageSize,
        }),
        selectAssessmentTotals(db, filter),
        loadTaxSettings(db),
      ]);
      const today = todayInLagos();
      return {
        items: rows.map((row) => toAssessmentView(row, settings, today)),
        page: query.page,
        pageSize: query.pageSize,
        total: totals.count,
        totals,
      };
    },

    /** The list's filter as a file; audited (who took which assessments away). */
    async exportAssessments(actor: Actor, query: AssessmentListQuery & { format: 'csv' | 'xlsx' }) {
      const filter = filterOf(actor, query);
      const settings = await loadTaxSettings(db);
      const today = todayInLagos();
      return exportList(db, actor, {
        format: query.format,
        fileName: 'assessments',
        sheet: 'Assessments',
        columns: ASSESSMENT_COLUMNS,
        count: async () => (await selectAssessmentTotals(db, filter)).count,
        page: async ({ limit, offset }) =>
          (await selectAssessments(db, filter, { sort: query.sort, limit, offset })).map((row) =>
            toAssessmentView(row, settings, today),
          ),
        rowLimit: {
          max: ASSESSMENT_EXPORT_LIMIT,
          message: () =>
            `This filter matches more than ${ASSESSMENT_EXPORT_LIMIT.toLocaleString('en-NG')} assessments; an export holds at most that many. Narrow it and export again.`,
        },
        audit: { action: 'assessment.exported', entityType: 'assessment', filter },
      });
    },
  };
}
