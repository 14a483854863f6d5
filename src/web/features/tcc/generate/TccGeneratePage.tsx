import '../../../styles/forms.css';
import { Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useLocation, useMatch } from '@tanstack/react-router';
import { lazy, Suspense, useRef, useState } from 'react';
import { TCC_GENERATE_PERMISSION, TCC_KIND_LABELS } from '../../../../shared/tcc/enums';
import type { TccScreen } from '../../../../shared/tcc/lists';
import type { TccCreated } from '../../../../shared/tcc/views';
import { Spinner } from '../../../lib/pending/Spinner';
import { BusyRegion, DetailSkeleton } from '../../../lib/pending/skeletons';
import { NoAccess } from '../../../lib/routing/NoAccess';
import { usePermission } from '../../../lib/routing/usePermission';
import { useTccScreen } from '../common/useTccScreen';
import { TccListSection } from '../list/TccListSection';
import { TccForm } from './TccForm';

// Loaded when they are shown, not with the page (docs/architecture.md §9 "Web"): what a generated
// certificate says, after a submission; the rejected certificate, when one is amended; the
// payroll upload, on the MDA employees' page alone.
const TccDone = lazy(() => import('./TccDone').then((module) => ({ default: module.TccDone })));
const AmendLoader = lazy(() =>
  import('./AmendTcc').then((module) => ({ default: module.AmendLoader })),
);
const MdaBulkUpload = lazy(() =>
  import('../bulk/MdaBulkUpload').then((module) => ({ default: module.MdaBulkUpload })),
);

/**
 * The certificate to amend, from `?amend=<id>` (the certificate page's Resubmit links here).
 * Read from the location itself: the screen's list search (TccListSearch) does not carry it.
 */
function useAmendId(): string | null {
  const pagePath = useMatch({ strict: false, select: (match) => match.pathname });
  const path = useLocation({ select: (location) => location.pathname });
  const amend = useLocation({
    select: (location) => String((location.search as Record<string, unknown>).amend ?? ''),
  });
  // While the next page loads (the certificate's, after sending), the location is already
  // that page's: keep the certificate this page was opened for.
  const last = useRef<string | null>(null);
  if (path === pagePath) last.current = amend === '' ? null : amend;
  return last.current;
}

/**
 * The generate page of one kind of certificate (docs/product.md §2: OFFICER_DA taxs/tcc-direct-assessment,
 * OFFICER_PA taxs/tcc-presumptive-tax, OFFICER_PAYEE paye-tcc-backlog and generate-mda-tcc, the
 * assessment officer's generate entries; §7 TCC generate calls): find the taxpayer, check what
 * the certificate would say, fill the form. With `?amend=<id>` it amends a rejected one.
 */
export function TccGeneratePage() {
  const screen = useTccScreen();
  const mayGenerate = usePermission(TCC_GENERATE_PERMISSION[screen.kind]);
  const amendId = useAmendId();
  if (!mayGenerate) return <NoAccess title={screen.title} />;
  // A new key per kind and certificate: nothing typed for one carries over to another.
  return <TccGenerate key={`${screen.kind}:${amendId ?? ''}`} screen={screen} amendId={amendId} />;
}

function TccGenerate({ screen, amendId }: { screen: TccScreen; amendId: string | null }) {
  const title = amendId
    ? `Amend a rejected ${TCC_KIND_LABELS[screen.kind]} certificate`
    : screen.title;
  useDocumentTitle(`${title} · RevDesk`);
  const [done, setDone] = useState<TccCreated | null>(null);
  const [formKey, setFormKey] = useState(0);
  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {amendId
            ? 'Correct what the approver rejected, say what you changed, and send it back to the Director of Assessment.'
            : 'Find the taxpayer by BTIN, check the three preceding years, and send the certificate for approval.'}
        </Text>
      </Stack>
      {done ? (
        <Suspense fallback={<Spinner label="Loading the certificate generated" />}>
          <TccDone
            done={done}
            resubmitted={amendId !== null}
            onAnother={() => {
              setDone(null);
              setFormKey((key) => key + 1);
            }}
          />
        </Suspense>
      ) : amendId ? (
        <Suspense fallback={<DetailSkeleton label="Loading the certificate" />}>
          <AmendLoader
            screen={screen}
            id={amendId}
            form={(view, rejection) => (
              <TccForm kind={screen.kind} amending={view} rejection={rejection} onDone={setDone} />
            )}
          />
        </Suspense>
      ) : (
        <TccForm key={formKey} kind={screen.kind} onDone={setDone} />
      )}
      {screen.kind === 'mda-employee' && !amendId ? (
        <Suspense
          fallback={
            <BusyRegion label="Loading the payroll upload">
              <Skeleton height={320} radius="md" />
            </BusyRegion>
          }
        >
          <MdaBulkUpload />
        </Suspense>
      ) : null}
      <Stack gap="sm" component="section" aria-labelledby="tcc-generated-heading">
        <Title order={2} size="h4" id="tcc-generated-heading">
          Certificates you generated
        </Title>
        <TccListSection screen={screen} isMine label="Certificates you generated" />
      </Stack>
    </Stack>
  );
}
