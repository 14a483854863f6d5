import '../../../styles/forms.css';
import { Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { type AssessmentKind, assessmentKindsOf } from '../../../../shared/assessments/enums';
import type { AssessmentView } from '../../../../shared/assessments/views';
import { meQuery } from '../../../lib/api/queries';
import { Spinner } from '../../../lib/pending/Spinner';
import { TableSkeleton } from '../../../lib/pending/skeletons';
import { WhenNear } from '../../../lib/pending/WhenNear';
import { NoAccess } from '../../../lib/routing/NoAccess';
import { usePermission } from '../../../lib/routing/usePermission';
import { BacklogForm } from './BacklogForm';

/**
 * What a capture recorded shows only after a save, and draws with the payments' labels (the
 * feature-payments chunk): fetched when the officer saves, not with the page
 * (docs/architecture.md §9 "Web"), so it is there by the time the server answers.
 */
const loadCapturedEntry = () => import('./CapturedEntry');
const CapturedEntry = lazy(() =>
  loadCapturedEntry().then((module) => ({ default: module.CapturedEntry })),
);
const prefetchCapturedEntry = () => void loadCapturedEntry().catch(() => undefined);

/**
 * The officer's recent entries sit under a form taller than the screen, and draw with the data
 * table (18 KB): they load when the officer scrolls near them, not with the page.
 */
const RecentBacklog = lazy(() =>
  import('./RecentBacklog').then((module) => ({ default: module.RecentBacklog })),
);

const TITLES = {
  direct: 'Capture Direct Assessment',
  presumptive: 'Capture Presumptive Tax',
} as const satisfies Record<AssessmentKind, string>;

/** taxs/capture-direct-assessment (docs/product.md §2 OFFICER_DA, §7 create/paid/da). */
export function CaptureDirectBacklogPage() {
  return <BacklogCapturePage kind="direct" />;
}

/** taxs/capture-presumptive-tax (docs/product.md §2 OFFICER_PA, §7 generate/paid/presumptive/tax). */
export function CapturePresumptiveBacklogPage() {
  return <BacklogCapturePage kind="presumptive" />;
}

/**
 * Backlog capture: a past year's assessment already paid outside RevDesk, entered with the
 * figures of the old notice and its receipts, so the taxpayer's three years of history exist
 * for a tax clearance certificate. For officers with assessment:backlog who work with the kind.
 */
function BacklogCapturePage({ kind }: { kind: AssessmentKind }) {
  const canCapture = usePermission('assessment:backlog');
  const me = useQuery(meQuery());
  const worksWithKind = assessmentKindsOf(me.data?.user.userType ?? null).includes(kind);
  if (!canCapture || !worksWithKind) return <NoAccess title={TITLES[kind]} />;
  return <BacklogCapture kind={kind} />;
}

function BacklogCapture({ kind }: { kind: AssessmentKind }) {
  useDocumentTitle(`${TITLES[kind]} · RevDesk`);
  const [captured, setCaptured] = useState<AssessmentView | null>(null);
  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Title order={1} size="h2">
          {TITLES[kind]}
        </Title>
        <Text size="sm" c="dimmed">
          Record a past year the taxpayer already paid outside RevDesk, from the old notice and its
          receipts, so their history is complete for a tax clearance certificate.
        </Text>
      </Stack>
      {captured && (
        <Suspense fallback={<Spinner label="Loading what was recorded" />}>
          <CapturedEntry captured={captured} onAnother={() => setCaptured(null)} />
        </Suspense>
      )}
      {/* The form stays under the result: the next year is often the same taxpayer's. */}
      <BacklogForm kind={kind} onSaving={prefetchCapturedEntry} onCaptured={setCaptured} />
      <WhenNear placeholder={<RecentBacklogPending />}>
        <Suspense fallback={<RecentBacklogPending />}>
          <RecentBacklog kind={kind} />
        </Suspense>
      </WhenNear>
    </Stack>
  );
}

/** The recent entries' heading and the shape of their table, until they load. */
function RecentBacklogPending() {
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        Your recent backlog entries
      </Title>
      <TableSkeleton label="Loading your backlog entries…" columns={7} rows={3} withPage={false} />
    </Stack>
  );
}
