import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ObjectionView } from '../../../../shared/assessments/views';
import { useShellBase } from '../../../shell/shellPaths';
import { assessmentQuery, decisionLetterUrl } from '../common/queries';
import { OBJECTION_STATUS_LABELS, ObjectionStatusBadge } from '../common/StatusBadges';

/** A decided objection: the outcome, which assessment replaced the old one, and the letter. */
export function DecisionResult(props: { objection: ObjectionView; onClose?: () => void }) {
  const { objection } = props;
  return (
    <Stack gap="md">
      <Group gap="xs">
        <Text size="sm">Decision:</Text>
        <ObjectionStatusBadge status={objection.status} />
      </Group>
      {objection.revisedAssessmentId ? (
        <RevisedBy objection={objection} revisedId={objection.revisedAssessmentId} />
      ) : objection.status === 'refused' ? (
        <Text size="sm">
          The assessment {objection.noticeNumber ?? ''} stands as issued; the taxpayer pays it as it
          is.
        </Text>
      ) : null}
      {objection.decisionReasons && (
        <Stack gap={2}>
          <Text size="sm" c="dimmed">
            Reasons
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {objection.decisionReasons}
          </Text>
        </Stack>
      )}
      <Group justify={props.onClose ? 'space-between' : 'flex-start'}>
        <Button
          component="a"
          href={decisionLetterUrl(objection.id)}
          download
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden="true" />}
        >
          Decision letter (PDF)
        </Button>
        {props.onClose && <Button onClick={props.onClose}>Done</Button>}
      </Group>
    </Stack>
  );
}

function RevisedBy({ objection, revisedId }: { objection: ObjectionView; revisedId: string }) {
  const base = useShellBase();
  const revised = useQuery(assessmentQuery(revisedId));
  const label = revised.data?.noticeNumber ?? 'the revised assessment';
  return (
    <Text size="sm" role="status">
      {OBJECTION_STATUS_LABELS[objection.status]}: assessment{' '}
      <Anchor component={Link} to={`${base}/taxs/assessment/${revisedId}`}>
        {label}
      </Anchor>{' '}
      replaces{' '}
      <Anchor component={Link} to={`${base}/taxs/assessment/${objection.assessmentId}`}>
        {objection.noticeNumber ?? 'the old one'}
      </Anchor>
      . What was paid on the old one counts toward it.
    </Text>
  );
}
