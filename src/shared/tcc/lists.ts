import { pendingStatusOf, statusAfterRejection } from './chain';
import {
  TCC_COMPLETED_STATUSES,
  TCC_OPEN_STATUSES,
  TCC_STATUSES,
  type TccKind,
  type TccStage,
  type TccStatus,
} from './enums';

/**
 * Every TCC page of docs/product.md §2 as data: its route under /birs/, the kind it shows and the
 * statuses it is a view of (docs/architecture.md §5: each list is a view of one table by kind and status).
 * The sidebar entries are src/shared/menu/items.ts; the pages are built from these rows, and a
 * test keeps the two in step. Zod-free: the list pages read it on first load.
 */

/**
 * `generate`: the generating officer's page — the form, then the kind's certificates they made.
 * `officer-pending`: everything still open (with an approver, awaiting its fee, or rejected).
 * `all`: every certificate of the kind. `stage-pending` / `stage-rejected`: what a stage has to
 * decide, and what it sent back. `completed`: approved by the chairman (printed, revoked).
 */
export const TCC_SCREEN_VIEWS = [
  'generate',
  'officer-pending',
  'all',
  'stage-pending',
  'stage-rejected',
  'completed',
] as const;
export type TccScreenView = (typeof TCC_SCREEN_VIEWS)[number];

export type TccScreen = {
  /** Below /birs/, e.g. `taxs/pending-tcc-da-director`. */
  path: string;
  kind: TccKind;
  view: TccScreenView;
  /** The approval stage of stage-pending and stage-rejected pages. */
  stage?: TccStage;
  title: string;
  /** What the list shows; the page's status filter narrows within these. */
  statuses: readonly TccStatus[];
};

type KindPaths = {
  generate: string;
  pending: string;
  all?: string;
  pendingDirector: string;
  rejectedDirector: string;
  pendingCollection: string;
  rejectedCollection: string;
  pendingChairman: string;
  rejectedChairman?: string;
  completed: string;
};

/** docs/product.md §2 "Routes per role": the route names of each kind's pages. */
const PATHS: Record<TccKind, KindPaths> = {
  'direct-assessment': {
    generate: 'tcc-direct-assessment',
    pending: 'pending-tcc-da',
    all: 'all-tcc-da',
    pendingDirector: 'pending-tcc-da-director',
    rejectedDirector: 'rejected-tcc-da-director',
    pendingCollection: 'pending-da-tcc-collection',
    rejectedCollection: 'rejected-da-tcc-collection',
    pendingChairman: 'pending-tcc-da-chairman',
    rejectedChairman: 'rejected-tcc-da-chairman',
    completed: 'completed-tcc-da',
  },
  presumptive: {
    generate: 'tcc-presumptive-tax',
    pending: 'pending-tcc-pt',
    pendingDirector: 'pending-tcc-pt-director',
    rejectedDirector: 'rejected-tcc-pt-director',
    pendingCollection: 'pending-pt-tcc-collection',
    rejectedCollection: 'rejected-pt-tcc-collection',
    pendingChairman: 'pending-tcc-pt-chairman',
    rejectedChairman: 'rejected-tcc-pt-chairman',
    completed: 'completed-tcc-pt',
  },
  exemption: {
    generate: 'tcc-exemptions',
    pending: 'pending-tcc-exemptions',
    pendingDirector: 'pending-tcc-exemptions-director',
    rejectedDirector: 'rejected-tcc-exemptions-director',
    pendingCollection: 'pending-tcc-exemption-collection',
    rejectedCollection: 'rejected-tcc-exemption-collection',
    pendingChairman: 'pending-tcc-exemptions-chairman',
    completed: 'completed-tcc-exemptions',
  },
  paye: {
    generate: 'paye-tcc-backlog',
    pending: 'pending-paye-tcc',
    pendingDirector: 'pending-paye-tcc-backlog-director',
    rejectedDirector: 'rejected-paye-tcc-backlog-director',
    pendingCollection: 'pending-paye-tcc-backlog-collection',
    rejectedCollection: 'rejected-paye-tcc-backlog-collection',
    pendingChairman: 'pending-paye-tcc-backlog-chairman',
    rejectedChairman: 'rejected-paye-tcc-backlog-chairman',
    completed: 'completed-paye-tcc-backlog',
  },
  'mda-employee': {
    generate: 'generate-mda-tcc',
    pending: 'pending-mda-tcc',
    pendingDirector: 'process-mda-tcc-director',
    rejectedDirector: 'rejected-mda-tcc-director',
    pendingCollection: 'pending-mda-tcc-backlog-collection',
    rejectedCollection: 'rejected-mda-tcc-backlog-collection',
    pendingChairman: 'process-mda-tcc',
    completed: 'completed-mda-tcc-backlog',
  },
};

const KIND_TITLES: Record<TccKind, string> = {
  'direct-assessment': 'Direct Assessment TCC',
  presumptive: 'Presumptive Tax TCC',
  exemption: 'Exemption TCC',
  paye: 'PAYE Backlog TCC',
  'mda-employee': 'MDA Staff TCC',
};

const STAGE_TITLES: Record<TccStage, string> = {
  director_assessment: 'Director of Assessment',
  director_collection: 'Director of Collection',
  chairman: 'Chairman',
};

function pagesOf(kind: TccKind): TccScreen[] {
  const p = PATHS[kind];
  const title = KIND_TITLES[kind];
  const at = (path: string) => `taxs/${path}`;
  const stagePages = (
    stage: TccStage,
    pending: string,
    rejected: string | undefined,
  ): TccScreen[] => [
    {
      path: at(pending),
      kind,
      view: 'stage-pending',
      stage,
      title: `${title}s awaiting the ${STAGE_TITLES[stage]}`,
      statuses: [pendingStatusOf(stage)],
    },
    ...(rejected
      ? [
          {
            path: at(rejected),
            kind,
            view: 'stage-rejected' as const,
            stage,
            title: `${title}s rejected by the ${STAGE_TITLES[stage]}`,
            statuses: [statusAfterRejection(stage)],
          },
        ]
      : []),
  ];
  return [
    {
      path: at(p.generate),
      kind,
      view: 'generate',
      title: `Generate ${title}`,
      statuses: TCC_STATUSES,
    },
    {
      path: at(p.pending),
      kind,
      view: 'officer-pending',
      title: `Pending ${title}s`,
      statuses: TCC_OPEN_STATUSES,
    },
    ...(p.all
      ? [
          {
            path: at(p.all),
            kind,
            view: 'all' as const,
            title: `All ${title}s`,
            statuses: TCC_STATUSES,
          },
        ]
      : []),
    ...stagePages('director_assessment', p.pendingDirector, p.rejectedDirector),
    ...stagePages('director_collection', p.pendingCollection, p.rejectedCollection),
    ...stagePages('chairman', p.pendingChairman, p.rejectedChairman),
    {
      path: at(p.completed),
      kind,
      view: 'completed',
      title: `Completed ${title}s`,
      statuses: TCC_COMPLETED_STATUSES,
    },
  ];
}

export const TCC_SCREENS: readonly TccScreen[] = [
  ...pagesOf('direct-assessment'),
  ...pagesOf('presumptive'),
  ...pagesOf('exemption'),
  ...pagesOf('paye'),
  ...pagesOf('mda-employee'),
];

/** The page of a route (`taxs/pending-tcc-da`), or undefined. */
export function tccScreenAt(path: string): TccScreen | undefined {
  return TCC_SCREENS.find((page) => page.path === path);
}

/** The generate page of a kind (where a rejected certificate goes back to be amended). */
export function tccGenerateScreenOf(kind: TccKind): TccScreen {
  const page = TCC_SCREENS.find((p) => p.kind === kind && p.view === 'generate');
  if (!page) throw new Error(`No generate page for ${kind}`);
  return page;
}
