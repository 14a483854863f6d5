import '../../../styles/forms.css';
import { Alert, Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { ASSESSMENT_STATUS_LABELS, assessmentKindsOf } from '../../../../shared/assessments/enums';
import type { AssessmentDetail } from '../../../../shared/assessments/views';
import { todayInLagos } from '../../../../shared/dates';
import { DetailLoadError } from '../../../lib/DetailLoadError';
import { NoAccess } from '../../../lib/NoAccess';
import { DetailSkeleton } from '../../../lib/pending/skeletons';
import { meQuery } from '../../../lib/queries';
import { usePermission } from '../../../lib/usePermission';
import { useShellBase } from '../../../shell/shellPaths';
import { assessmentQuery } from '../common/queries';
import { KIND_LIST } from '../list/kinds';
import { DirectAssessmentForm } from './DirectAssessmentForm';
import { emptyValues, valuesFromDraft } from './formValues';

const NEW_TITLE = 'New direct assessment';
const EDIT_TITLE = 'Edit direct assessment';

/** Officers who draft direct assessments: assessment:create and the direct kind (enums.ts). */
function useMayDraftDirect(): boolean {
  const canCreate = usePermission('assessment:create');
  const { data: me } = useQuery(meQuery());
  return canCreate && assessmentKindsOf(me?.user.userType ?? null).includes('direct');
}

function PageHeading(props: { title: string; lead: string }) {
  return (
    <Stack gap={2}>
      <Title order={1} size="h2">
        {props.title}
      </Title>
      <Text size="sm" c="dimmed">
        {props.lead}
      </Text>
    </Stack>
  );
}

/**
 * /birs/taxs/direct-assessment/new (docs/product.md §2 OFFICER_DA): a self-employed taxpayer's income
 * for a year, assessed with the officer; `?btin=` comes from the taxpayer's page.
 */
export function NewDirectAssessmentPage() {
  const mayDraft = useMayDraftDirect();
  if (!mayDraft) return <NoAccess title={NEW_TITLE} />;
  return <NewDirectAssessment />;
}

function NewDirectAssessment() {
  useDocumentTitle(`${NEW_TITLE} · RevDesk`);
  // The router reads a numeric search value as a number: a BTIN never starts with 0, so
  // String() gives back what was in the address.
  const { btin } = useSearch({ strict: false }) as { btin?: unknown };
  const [initialValues] = useState(() =>
    emptyValues(
      typeof btin === 'string' || typeof btin === 'number' ? String(btin) : '',
      todayInLagos().slice(0, 4),
    ),
  );
  return (
    <Stack gap="lg">
      <PageHeading
        title={NEW_TITLE}
        lead="Enter the taxpayer’s income for the year and what they may deduct: the tax is computed under the law of that year as you type. Save it as a draft to issue it from its page."
      />
      <DirectAssessmentForm initialValues={initialValues} />
    </Stack>
  );
}

/** /birs/taxs/direct-assessment/$id/edit: a draft's figures, changed before it is issued. */
export function EditDirectAssessmentPage({ id }: { id: string }) {
  const mayDraft = useMayDraftDirect();
  if (!mayDraft) return <NoAccess title={EDIT_TITLE} />;
  return <EditDirectAssessment id={id} />;
}

function EditDirectAssessment({ id }: { id: string }) {
  useDocumentTitle(`${EDIT_TITLE} · RevDesk`);
  const base = useShellBase();
  const assessment = useQuery(assessmentQuery(id));

  if (assessment.isPending) {
    return <DetailSkeleton label="Loading the draft…" cards={2} lines={6} />;
  }
  if (assessment.isError) {
    return (
      <DetailLoadError
        heading={EDIT_TITLE}
        what="The draft"
        error={assessment.error}
        isRetrying={assessment.isFetching}
        onRetry={() => void assessment.refetch()}
        missing={{
          title: 'No such assessment',
          text: 'No assessment you may read has this address. It may have been mistyped.',
          linkTo: `${base}/${KIND_LIST.direct.path}`,
          linkLabel: 'Go to the direct assessments',
        }}
      />
    );
  }
  return <EditableDraft detail={assessment.data} />;
}

function EditableDraft({ detail }: { detail: AssessmentDetail }) {
  const base = useShellBase();
  const [initialValues] = useState(() => valuesFromDraft(detail));
  const heading = (
    <PageHeading
      title={EDIT_TITLE}
      lead={`${detail.taxpayerName}, year of assessment ${detail.taxYear}: change the figures and save the draft again.`}
    />
  );
  if (detail.kind !== 'direct' || detail.status !== 'draft' || detail.source !== 'assessed') {
    const what =
      detail.kind !== 'direct'
        ? 'This is not a direct assessment.'
        : `Only a draft can be edited; this one is ${ASSESSMENT_STATUS_LABELS[detail.status].toLowerCase()}.`;
    return (
      <Stack gap="lg">
        {heading}
        <Alert color="notice" variant="light" title="This assessment cannot be edited">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{what}</Text>
            <Anchor component={Link} to={`${base}/taxs/assessment/${detail.id}`} size="sm">
              Open the assessment
            </Anchor>
          </Stack>
        </Alert>
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <Group justify="space-between">{heading}</Group>
      <DirectAssessmentForm
        initialValues={initialValues}
        draft={{ id: detail.id, version: detail.version, taxpayerName: detail.taxpayerName }}
      />
    </Stack>
  );
}
