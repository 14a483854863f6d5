import { ASSESSMENT_KIND_LABELS, assessmentKindsOf } from '../../../../shared/assessments/enums';
import { AssessmentListQuery, ObjectionListQuery } from '../../../../shared/assessments/views';
import { OpenCreditListQuery } from '../../../../shared/bank/openCredits';
import type { WorkQueue, WorkQueues } from '../../../../shared/dashboards/queues';
import { MdaTransactionQuery } from '../../../../shared/demandNotices';
import { filterMenu, MENU, menuLinks } from '../../../../shared/menu';
import { AttentionQuery } from '../../../../shared/payments/attention';
import { AutoRegQuery } from '../../../../shared/payments/views';
import type { Permission } from '../../../../shared/permissions';
import { HeldPosListQuery } from '../../../../shared/pos/held';
import { StampInstrumentListQuery } from '../../../../shared/stampDuty/schemas';
import { pendingStatusOf } from '../../../../shared/tcc/chain';
import { TCC_STAGE_PERMISSION, TCC_STAGES, tccKindsOf } from '../../../../shared/tcc/enums';
import { TCC_SCREENS } from '../../../../shared/tcc/lists';
import { TccListQuery } from '../../../../shared/tcc/views';
import type { Actor } from '../../../auth/actor';
import { createAssessmentListService } from '../../assessments/list/service';
import { createObjectionService } from '../../assessments/objections/service';
import { createOpenCreditService } from '../../bank/openCredits/service';
import { createMdaTransactionReport } from '../../demandNotices/report';
import { createAttentionService } from '../../payments/attention/service';
import { createAutoRegService } from '../../payments/autoReg/service';
import type { PaymentDeps } from '../../payments/deps';
import { createHeldPosService } from '../../pos/held/service';
import { createStampListService } from '../../stampDuty/list';
import { createTccListService } from '../../tcc/lists/service';

type Query = Record<string, string>;

/** What a list answers for its first row: its total, and when its first row started waiting. */
type Read = { total: number; oldest: string | null };

/**
 * One queue: the permission it needs, the pages it may open (the first one in the officer's menu
 * wins, so the link never leads to a page they cannot see), the page's filter, and the list API
 * call (path and the same filter) whose total is the count.
 */
type QueueDef = {
  key: string;
  label: string;
  permission: Permission;
  pages: readonly string[];
  /** A page under the menu's page that holds the list (the menu page still decides who sees it). */
  subpage?: string;
  search: Query;
  api: { path: string; query: Query };
  read: (actor: Actor, query: Query) => Promise<Read>;
};

const FIRST_ROW = { page: '1', pageSize: '1' };

function toQueryString(query: Query): string {
  const params = new URLSearchParams(query).toString();
  return params ? `?${params}` : '';
}

/**
 * The queues of docs/work-queues.md. Every count is the list's own total, read by the list's own
 * service with the filter the link opens (parsed by the list's own query schema) and a page of
 * one row: the same indexed count path the page uses (ADR 0019's capped counts included), and the
 * one row gives how long the oldest has waited where the list puts the oldest first.
 */
export function createWorkQueueService(deps: PaymentDeps) {
  const tccs = createTccListService(deps);
  const assessments = createAssessmentListService(deps);
  const objections = createObjectionService(deps);
  const autoReg = createAutoRegService(deps);
  const attention = createAttentionService(deps);
  const held = createHeldPosService(deps);
  const stamps = createStampListService(deps);
  const notices = createMdaTransactionReport(deps);
  const openCredits = createOpenCreditService(deps);

  function definitionsFor(actor: Actor): QueueDef[] {
    const defs: QueueDef[] = [];
    const kinds = tccKindsOf(actor.userType);
    for (const stage of TCC_STAGES) {
      for (const screen of TCC_SCREENS) {
        if (screen.view !== 'stage-pending' || screen.stage !== stage) continue;
        if (!kinds.includes(screen.kind)) continue;
        const query = { kind: screen.kind, status: pendingStatusOf(stage), sort: '-waiting' };
        defs.push({
          key: `tcc-${stage}-${screen.kind}`,
          label: screen.title,
          permission: TCC_STAGE_PERMISSION[stage],
          pages: [`/birs/${screen.path}`],
          search: {},
          api: { path: '/api/v1/tcc', query },
          read: readTccs,
        });
      }
    }
    for (const screen of TCC_SCREENS) {
      if (screen.view !== 'completed' || !kinds.includes(screen.kind)) continue;
      defs.push({
        key: `tcc-print-${screen.kind}`,
        label: `${screen.title.replace(/^Completed /, '')} to print`,
        permission: 'tcc:print',
        pages: [`/birs/${screen.path}`],
        search: { status: 'approved' },
        api: {
          path: '/api/v1/tcc',
          query: { kind: screen.kind, status: 'approved', sort: '-waiting' },
        },
        read: readTccs,
      });
    }
    for (const kind of assessmentKindsOf(actor.userType)) {
      defs.push({
        key: `assessment-drafts-${kind}`,
        label: `My draft ${ASSESSMENT_KIND_LABELS[kind].toLowerCase()} assessments`,
        permission: 'assessment:create',
        pages: [kind === 'direct' ? '/birs/taxs/direct-assessment' : '/birs/taxs/presumptive-tax'],
        search: { status: 'draft', mine: 'true' },
        api: { path: '/api/v1/assessments', query: { kind, status: 'draft', mine: 'true' } },
        read: async (a, q) => {
          const page = await assessments.findAssessments(
            a,
            AssessmentListQuery.parse({ ...q, ...FIRST_ROW }),
          );
          return { total: page.total, oldest: null };
        },
      });
    }
    defs.push(
      {
        key: 'objections-open',
        label: 'Open objections',
        permission: 'objection:decide',
        pages: ['/birs/taxs/objections'],
        search: { status: 'open' },
        api: { path: '/api/v1/objections', query: { status: 'open' } },
        read: async (a, q) => {
          // Open ones first, the answer due soonest (filed earliest) first.
          const page = await objections.findObjections(
            a,
            ObjectionListQuery.parse({ ...q, ...FIRST_ROW }),
          );
          return { total: page.total, oldest: page.items[0]?.filedAt ?? null };
        },
      },
      {
        key: 'payers-to-match',
        label: 'Payers without a BTIN to match',
        permission: 'payment:match',
        pages: ['/birs/transactions/auto-reg'],
        search: { state: 'unmatched' },
        api: { path: '/api/v1/payments/auto-reg', query: { state: 'unmatched' } },
        read: async (a, q) => {
          const page = await autoReg.findAutoRegPayments(
            a,
            AutoRegQuery.parse({ ...q, ...FIRST_ROW }),
          );
          return { total: page.total, oldest: null };
        },
      },
      {
        key: 'payments-needing-attention',
        label: 'Payments needing attention',
        permission: 'payment:attention',
        pages: ['/birs/transactions/needing-attention'],
        search: {},
        api: { path: '/api/v1/payments/needing-attention', query: {} },
        read: async (a, q) => {
          const page = await attention.listNeedingAttention(
            a,
            AttentionQuery.parse({ ...q, ...FIRST_ROW }),
          );
          return { total: page.total, oldest: null };
        },
      },
      {
        key: 'pos-held',
        label: 'POS transactions held for review',
        permission: 'pos:review',
        pages: ['/birs/transactions/benjis-held'],
        search: {},
        api: { path: '/api/v1/pos/held', query: {} },
        read: async (a, q) => {
          const page = await held.listHeld(a, HeldPosListQuery.parse({ ...q, ...FIRST_ROW }));
          return { total: page.total, oldest: null };
        },
      },
      {
        key: 'stamp-duty-billed',
        label: 'Stamp duty instruments awaiting payment',
        permission: 'stamp-duty:write',
        pages: ['/birs/stamp-duty/all', '/birs/taxs/stamp-duty'],
        search: { status: 'billed' },
        api: { path: '/api/v1/stamp-duty/instruments', query: { status: 'billed' } },
        read: async (a, q) => {
          const page = await stamps.findInstruments(
            a,
            StampInstrumentListQuery.parse({ ...q, ...FIRST_ROW }),
          );
          return { total: page.total, oldest: null };
        },
      },
      {
        key: 'demand-notices-overdue',
        label: 'Demand notices overdue',
        permission: 'demand-notice:read',
        pages: ['/birs/reporting/mda-transaction-report'],
        search: { status: 'overdue' },
        api: { path: '/api/v1/reports/mda-transactions', query: { status: 'overdue' } },
        read: async (a, q) => {
          // MDA staff: their MDAs' only (the report's own scope, mdaScope.ts).
          const page = await notices.findMdaTransactions(
            a,
            MdaTransactionQuery.parse({ ...q, ...FIRST_ROW }),
          );
          return { total: page.total, oldest: null };
        },
      },
      {
        key: 'bank-credits-waiting',
        label: 'Bank credits to match',
        // The officers who decide credits (post, pick, not revenue), not those who only read them.
        permission: 'bank:post',
        pages: ['/birs/transactions/post-transactions'],
        subpage: '/waiting',
        search: {},
        api: { path: '/api/v1/bank/open-credits', query: {} },
        read: async (a, q) => {
          // Every account's unmatched and ambiguous credits, the oldest value date first.
          const page = await openCredits.findOpenCredits(
            a,
            OpenCreditListQuery.parse({ ...q, ...FIRST_ROW }),
          );
          const first = page.items[0];
          // Its value date, from the start of that Lagos day.
          const oldest = first ? new Date(`${first.valueDate}T00:00:00+01:00`).toISOString() : null;
          return { total: page.total, oldest };
        },
      },
    );
    return defs;
  }

  async function readTccs(actor: Actor, query: Query): Promise<Read> {
    const page = await tccs.findTccs(actor, TccListQuery.parse({ ...query, ...FIRST_ROW }));
    const first = page.items[0];
    return {
      total: page.total,
      oldest: first ? new Date(first.statusChangedAt).toISOString() : null,
    };
  }

  return {
    /** The signed-in officer's queues, in the order of docs/work-queues.md. */
    async queuesOf(actor: Actor): Promise<WorkQueues> {
      const links = actor.userType
        ? new Set(menuLinks(filterMenu(MENU, actor.userType)))
        : new Set();
      const wanted = definitionsFor(actor).flatMap((def) => {
        if (!actor.permissions.includes(def.permission)) return [];
        const page = def.pages.find((p) => links.has(p));
        return page ? [{ def, page }] : [];
      });
      const queues = await Promise.all(
        wanted.map(async ({ def, page }): Promise<WorkQueue> => {
          const { total, oldest } = await def.read(actor, def.api.query);
          return {
            key: def.key,
            label: def.label,
            count: total,
            link: `${page}${def.subpage ?? ''}${toQueryString(def.search)}`,
            list: `${def.api.path}${toQueryString(def.api.query)}`,
            oldestWaitingSince: total > 0 ? oldest : null,
          };
        }),
      );
      return { queues };
    },
  };
}
