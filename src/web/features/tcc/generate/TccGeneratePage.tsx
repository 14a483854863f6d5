import { isUuid } from '../../../../shared/ids';
import '../../../styles/forms.css';
import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useMatch } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { isAmendable } from '../../../../shared/tcc/chain';
import { TCC_GENERATE_PERMISSION, TCC_KIND_LABELS } from '../../../../shared/tcc/enums';
import type { TccScreen } from '../../../../shared/tcc/lists';
import type { TccCreated, TccView } from '../../../../shared/tcc/views';
import { isApiError } from '../../../lib/api';
import { NoAccess } from '../../../lib/NoAccess';
import { DetailSkeleton } from '../../../lib/pending/skeletons';
import { usePermission } from '../../../lib/usePermission';
import { useShellBase } from '../../../shell/shellPaths';
import { MdaBulkUpload } from '../bulk/MdaBulkUpload';
import { tccQuery } from '../common/queries';
import { useTccScreen } from '../common/useTccScreen';
import { TccListSection } from '../list/TccListSection';
import { TccDone } from './TccDone';
import { TccForm } from './TccForm';

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
        <TccDone
          done={done}
          resubmitted={amendId !== null}
          onAnother={() => {
            setDone(null);
            setFormKey((key) => key + 1);
          }}
        />
      ) : amendId ? (
        <AmendLoader screen={screen} id={amendId} onDone={setDone} />
      ) : (
        <TccForm key={formKey} kind={screen.kind} onDone={setDone} />
      )}
      {screen.kind === 'mda-employee' && !amendId ? <MdaBulkUpload /> : null}
      <Stack gap="sm" component="section" aria-labelledby="tcc-generated-heading">
        <Title order={2} size="h4" id="tcc-generated-heading">
          Certificates you generated
        </Title>
        <TccListSection screen={screen} isMine label="Certificates you generated" />
      </Stack>
    </Stack>
  );
}

/** Loads the rejected certificate to amend; says in words why one cannot be amended here. */
function AmendLoader(props: { screen: TccScreen; id: string; onDone: (done: TccCreated) => void }) {
  const { screen, id } = props;
  const isId = isUuid(id);
  const tcc = useQuery({ ...tccQuery(id), enabled: isId, retry: false });
  if (!isId) return <CannotAmend>The link does not name a certificate.</CannotAmend>;
  if (tcc.isPending) return <DetailSkeleton label="Loading the certificate" />;
  if (tcc.isError) {
    const missing = isApiError(tcc.error) && [403, 404].includes(tcc.error.status);
    return (
      <CannotAmend>
        {missing ? 'No certificate of yours has this link.' : tcc.error.message}
      </CannotAmend>
    );
  }
  const view: TccView = tcc.data;
  if (view.kind !== screen.kind) {
    return (
      <CannotAmend id={view.id}>
        Certificate {view.number} is a {TCC_KIND_LABELS[view.kind]} certificate: amend it from its
        own kind’s page.
      </CannotAmend>
    );
  }
  if (!isAmendable(view.status)) {
    return (
      <CannotAmend id={view.id}>
        Certificate {view.number} was not rejected: only a rejected certificate is amended and sent
        back.
      </CannotAmend>
    );
  }
  return <TccForm kind={screen.kind} amending={view} onDone={props.onDone} />;
}

function CannotAmend({ id, children }: { id?: string; children: React.ReactNode }) {
  const base = useShellBase();
  return (
    <Alert color="red" variant="light" role="alert" title="This certificate cannot be amended">
      <Stack gap="xs">
        <Text size="sm">{children}</Text>
        {id && (
          <Anchor component={Link} to={`${base}/taxs/tcc/${id}`} size="sm">
            Open the certificate
          </Anchor>
        )}
      </Stack>
    </Alert>
  );
}
