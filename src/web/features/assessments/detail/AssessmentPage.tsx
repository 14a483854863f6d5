import {
  Alert,
  Anchor,
  Badge,
  Box,
  Breadcrumbs,
  Grid,
  Group,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ASSESSMENT_KIND_LABELS } from '../../../../shared/assessments/enums';
import type { AssessmentDetail } from '../../../../shared/assessments/views';
import { DetailLoadError } from '../../../lib/failures/DetailLoadError';
import { formatLagosDate } from '../../../lib/format';
import { NoAccess } from '../../../lib/routing/NoAccess';
import { usePermission } from '../../../lib/routing/usePermission';
import { useShellBase } from '../../../shell/shellPaths';
import { assessmentQuery } from '../common/queries';
import { AssessmentStatusBadge } from '../common/StatusBadges';
import { KIND_LIST } from '../list/kinds';
import { AssessmentPending } from '../list/pending';
import { AssessmentActions } from './AssessmentActions';
import { ComputationCard } from './ComputationCard';
import { HistorySection, ObjectionsSection, PaymentsSection } from './LinkedRecords';
import { MoneyCard } from './MoneyCard';

/**
 * /birs/taxs/assessment/$id: one assessment of any kind, with its money, its computation as
 * stored, its payments, objections and history, and what the officer may do to it.
 */
export function AssessmentPage({ id }: { id: string }) {
  const canRead = usePermission('assessment:read');
  if (!canRead) return <NoAccess title="Assessment" />;
  return <AssessmentScreen id={id} />;
}

function AssessmentScreen({ id }: { id: string }) {
  const base = useShellBase();
  const assessment = useQuery(assessmentQuery(id));
  useDocumentTitle(
    `${assessment.data ? (assessment.data.noticeNumber ?? 'Draft assessment') : 'Assessment'} · RevDesk`,
  );
  if (assessment.isPending) return <AssessmentPending />;
  if (assessment.isError) {
    // A mistyped or foreign id: the server answers 404 (or 422 for what is not an id at all).
    return (
      <DetailLoadError
        heading="Assessment"
        what="The assessment"
        error={assessment.error}
        isRetrying={assessment.isFetching}
        onRetry={() => void assessment.refetch()}
        missing={{
          title: 'No such assessment',
          text: 'No assessment you may read has this address. It may have been mistyped, or belong to a kind of assessment you do not work with.',
          linkTo: `${base}/${KIND_LIST.direct.path}`,
          linkLabel: 'Go to the assessments',
        }}
      />
    );
  }
  return <AssessmentView detail={assessment.data} base={base} />;
}

function AssessmentView({ detail, base }: { detail: AssessmentDetail; base: string }) {
  const canReadTaxpayers = usePermission('taxpayer:read');
  const list = KIND_LIST[detail.kind];
  return (
    <Stack gap="lg">
      <nav aria-label="Breadcrumb">
        <Breadcrumbs>
          <Anchor component={Link} to={`${base}/${list.path}`}>
            {list.title}
          </Anchor>
          <Text span>{titleOf(detail)}</Text>
        </Breadcrumbs>
      </nav>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4}>
          <Title order={1} size="h2" data-testid="notice-number">
            {titleOf(detail)}
          </Title>
          <Group gap="sm">
            <Box data-testid="assessment-status">
              <AssessmentStatusBadge status={detail.status} source={detail.source} />
            </Box>
            <Badge color="gray.7" variant="outline">
              {ASSESSMENT_KIND_LABELS[detail.kind]}
            </Badge>
            <Text fw={600}>Year {detail.taxYear}</Text>
          </Group>
          <Text>
            {canReadTaxpayers ? (
              <Anchor component={Link} to={`${base}/taxpayer/${detail.btin}`}>
                {detail.taxpayerName}
              </Anchor>
            ) : (
              detail.taxpayerName
            )}{' '}
            · BTIN {detail.btin}
          </Text>
          <Text size="sm" c="dimmed">
            Created {formatLagosDate(detail.createdAt)}
            {detail.createdBy ? ` by ${detail.createdBy.name}` : ''}
            {detail.issuedAt
              ? `; issued ${formatLagosDate(detail.issuedAt)}${detail.issuedBy ? ` by ${detail.issuedBy.name}` : ''}`
              : ''}
            .
          </Text>
        </Stack>
      </Group>
      <AssessmentActions view={detail} />
      {detail.status === 'cancelled' && (
        <Alert color="gray" variant="light" title="Cancelled">
          {detail.cancelReason ?? 'This assessment was cancelled.'}
        </Alert>
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <MoneyCard view={detail} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <ComputationCard detail={detail} />
        </Grid.Col>
      </Grid>
      {/* Full width: five columns do not fit beside the computation. */}
      <PaymentsSection detail={detail} />
      <ObjectionsSection detail={detail} />
      <HistorySection detail={detail} />
    </Stack>
  );
}

/** A notice's number; a backlog year has none (its notice was paper), a draft none yet. */
function titleOf(detail: AssessmentDetail): string {
  if (detail.noticeNumber) return detail.noticeNumber;
  return detail.source === 'backlog' ? `Backlog assessment ${detail.taxYear}` : 'Draft';
}
