import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import {
  ASSESSMENT_STATUS_LABELS,
  type AssessmentKind,
} from '../../../../shared/assessments/enums';
import type { AssessmentDetail } from '../../../../shared/assessments/views';
import { DetailLoadError } from '../../../lib/failures/DetailLoadError';
import { DetailSkeleton } from '../../../lib/pending/skeletons';
import { useShellBase } from '../../../shell/shellPaths';
import { assessmentQuery } from '../common/queries';
import { KIND_LIST } from '../list/kinds';
import { FormPageHeading } from './FormPageHeading';

/** What a draft's edit page says under its title: whose draft, which year. */
export function editLead(detail: Pick<AssessmentDetail, 'taxpayerName' | 'taxYear'>): string {
  return `${detail.taxpayerName}, year of assessment ${detail.taxYear}: change the figures and save the draft again.`;
}

/**
 * Either kind's edit page: loads the assessment, and hands the form only a draft of that kind
 * that an officer assessed (a captured backlog entry is not edited here); anything else says
 * why and links to its page.
 */
export function EditableDraft(props: {
  id: string;
  kind: AssessmentKind;
  title: string;
  form: (detail: AssessmentDetail) => ReactNode;
}) {
  const base = useShellBase();
  const assessment = useQuery(assessmentQuery(props.id));

  if (assessment.isPending) {
    return <DetailSkeleton label="Loading the draft…" cards={2} lines={6} />;
  }
  if (assessment.isError) {
    return (
      <DetailLoadError
        heading={props.title}
        what="The draft"
        error={assessment.error}
        isRetrying={assessment.isFetching}
        onRetry={() => void assessment.refetch()}
        missing={{
          title: 'No such assessment',
          text: 'No assessment you may read has this address. It may have been mistyped.',
          linkTo: `${base}/${KIND_LIST[props.kind].path}`,
          linkLabel: `Go to the ${KIND_LIST[props.kind].noun}`,
        }}
      />
    );
  }
  const detail = assessment.data;
  const heading = <FormPageHeading title={props.title} lead={editLead(detail)} />;
  if (detail.kind !== props.kind || detail.status !== 'draft' || detail.source !== 'assessed') {
    const what =
      detail.kind !== props.kind
        ? `This is not a ${props.kind} assessment.`
        : detail.status !== 'draft'
          ? `Only a draft can be edited; this one is ${ASSESSMENT_STATUS_LABELS[detail.status].toLowerCase()}.`
          : 'A captured past assessment is not edited here.';
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
      {heading}
      {props.form(detail)}
    </Stack>
  );
}
