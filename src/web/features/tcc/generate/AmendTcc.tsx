import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { isUuid } from '../../../../shared/ids';
import { isAmendable } from '../../../../shared/tcc/chain';
import { TCC_KIND_LABELS, TCC_STAGE_LABELS } from '../../../../shared/tcc/enums';
import type { TccScreen } from '../../../../shared/tcc/lists';
import type { TccView } from '../../../../shared/tcc/views';
import { isApiError } from '../../../lib/api/api';
import { formatLagosDateTime } from '../../../lib/format';
import { DetailSkeleton } from '../../../lib/pending/skeletons';
import { useShellBase } from '../../../shell/shellPaths';
import { tccQuery } from '../common/queries';

/*
 * Amending a rejected certificate (`?amend=<id>`, from the certificate page's Resubmit): loaded
 * only then, not with the generate page (docs/architecture.md §9 "Web").
 */

/** Loads the rejected certificate to amend; says in words why one cannot be amended here. */
export function AmendLoader(props: {
  screen: TccScreen;
  id: string;
  /** The form of the certificate, with why it came back above it. */
  form: (view: TccView, rejection: ReactNode) => ReactNode;
}) {
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
  return props.form(view, <Rejection view={view} />);
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

/** Why the certificate came back: the last rejection's stage, approver, reason and day. */
function Rejection({ view }: { view: TccView }) {
  const rejection = view.history.filter((entry) => entry.action === 'rejected').at(-1);
  return (
    <Alert color="red" variant="light" title={`Certificate ${view.number} was rejected`}>
      {rejection ? (
        <Stack gap={4}>
          <Text size="sm">
            By {rejection.actor?.name ?? 'an approver'}
            {rejection.stage ? `, ${TCC_STAGE_LABELS[rejection.stage]}` : ''}, on{' '}
            {formatLagosDateTime(rejection.at)}.
          </Text>
          <Text size="sm" data-testid="tcc-rejection-reason">
            Reason: <strong>{rejection.comment ?? 'none given'}</strong>
          </Text>
        </Stack>
      ) : (
        <Text size="sm">The rejection’s reason is not in its history.</Text>
      )}
    </Alert>
  );
}
