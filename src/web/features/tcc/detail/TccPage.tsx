import { Alert, Badge, Box, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { isAmendable } from '../../../../shared/tcc/chain';
import { TCC_KIND_LABELS } from '../../../../shared/tcc/enums';
import type { TccView } from '../../../../shared/tcc/views';
import { isApiError } from '../../../lib/api/api';
import { DetailLoadError } from '../../../lib/failures/DetailLoadError';
import { formatLagosDate } from '../../../lib/format';
import { NoAccess } from '../../../lib/routing/NoAccess';
import { usePermission } from '../../../lib/routing/usePermission';
import { useShellBase } from '../../../shell/shellPaths';
import { tccQuery } from '../common/queries';
import { TccStatusBadge } from '../common/StatusBadge';
import { awaitedText, latestReason } from '../common/tccText';
import { TccPending } from '../list/pending';
import { TccActions } from './TccActions';
import { TccEvidence } from './TccEvidence';
import { CertificateCard, HolderCard } from './TccFacts';
import { TccHistory } from './TccHistory';
import { TccNotices } from './TccNotices';
import { YearsTable } from './YearsTable';

/**
 * /birs/taxs/tcc/$id: one Tax Clearance Certificate of any kind — holder, purpose, the facts of
 * its kind, the three-year table, where it stands in the approvals (docs/architecture.md §5), its history,
 * and what this officer may do with it now.
 */
export function TccPage({ id }: { id: string }) {
  const canRead = usePermission('tcc:read');
  if (!canRead) return <NoAccess title="Tax clearance certificate" />;
  return <TccScreen id={id} />;
}

function TccScreen({ id }: { id: string }) {
  const base = useShellBase();
  const certificate = useQuery(tccQuery(id));
  useDocumentTitle(`${certificate.data?.number ?? 'Tax clearance certificate'} · RevDesk`);
  if (certificate.isPending) return <TccPending />;
  if (certificate.isError) {
    const error = certificate.error;
    if (isApiError(error) && error.status === 403) {
      return <NoAccess title="Tax clearance certificate" />;
    }
    // A mistyped id, or a kind this officer does not read: the server answers 404 (422 for
    // what is not an id at all).
    return (
      <DetailLoadError
        heading="Tax clearance certificate"
        what="The certificate"
        error={error}
        isRetrying={certificate.isFetching}
        onRetry={() => void certificate.refetch()}
        missing={{
          title: 'No such certificate',
          text: 'No tax clearance certificate you may read has this address. It may have been mistyped, or be of a kind you do not work with.',
          linkTo: `${base}/dashboard`,
          linkLabel: 'Go to the dashboard',
        }}
      />
    );
  }
  return <TccDetail view={certificate.data} />;
}

function TccDetail({ view }: { view: TccView }) {
  const awaited = awaitedText(view.status);
  const rejection = isAmendable(view.status) ? latestReason(view.history, 'rejected') : null;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Text size="sm" c="dimmed">
          Tax clearance certificate
        </Text>
        <Title order={1} size="h2" data-testid="tcc-number">
          {view.number}
        </Title>
        <Group gap="sm">
          <Box data-testid="tcc-status">
            <TccStatusBadge status={view.status} />
          </Box>
          <Badge color="gray.7" variant="outline">
            {TCC_KIND_LABELS[view.kind]}
          </Badge>
          {awaited && <Text size="sm">{awaited}</Text>}
        </Group>
        <Text>
          {view.name} · BTIN {view.btin}
        </Text>
        <Text size="sm" c="dimmed">
          Generated {formatLagosDate(view.generatedAt)}
          {view.generatedBy ? ` by ${view.generatedBy.name}` : ''}
          {awaited && view.waitingDays > 0
            ? `; in this step for ${view.waitingDays === 1 ? '1 day' : `${view.waitingDays} days`}`
            : ''}
          .
        </Text>
      </Stack>
      <TccNotices view={view} />
      <TccActions view={view} />
      {view.status === 'revoked' && (
        <Alert color="gray" variant="light" title="Revoked" role="note">
          {view.revokedAt ? `Revoked on ${formatLagosDate(view.revokedAt)}. ` : ''}
          {view.revokeReason ?? 'This certificate is no longer valid.'}
        </Alert>
      )}
      {rejection && (
        <Alert color="red" variant="light" title="Sent back to be amended" role="note">
          {rejection}
        </Alert>
      )}
      {view.status === 'awaiting_payment' && (
        <Alert color="notice" variant="light" title="Awaiting the processing fee" role="note">
          The certificate goes to the Director of Assessment once its fee is paid
          {view.fee?.rrr ? ` (RRR ${view.fee.rrr})` : ''}.
        </Alert>
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <HolderCard view={view} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <CertificateCard view={view} />
        </Grid.Col>
      </Grid>
      <YearsTable view={view} />
      <TccEvidence view={view} />
      <TccHistory view={view} />
    </Stack>
  );
}
