import { Badge, Group } from '@mantine/core';
import {
  ASSESSMENT_STATUS_LABELS,
  type AssessmentSource,
  type AssessmentStatus,
  type ObjectionStatus,
} from '../../../../shared/assessments/enums';

/** Shades that carry white badge text at 4.5:1 or better (axe colour-contrast). */
const STATUS_COLORS: Record<AssessmentStatus, string> = {
  draft: 'gray.7',
  issued: 'blue.9',
  part_paid: 'notice.9',
  paid: 'revenue.8',
  objected: 'grape.9',
  revised: 'dark.7',
  cancelled: 'red.9',
};

/** An assessment's status, and "Backlog" beside it when it was captured from a past year. */
export function AssessmentStatusBadge(props: {
  status: AssessmentStatus;
  source?: AssessmentSource;
}) {
  return (
    <Group gap={4} wrap="nowrap">
      <Badge color={STATUS_COLORS[props.status]} variant="filled" miw="max-content">
        {ASSESSMENT_STATUS_LABELS[props.status]}
      </Badge>
      {props.source === 'backlog' ? (
        <Badge color="dark.7" variant="outline" miw="max-content">
          Backlog
        </Badge>
      ) : null}
    </Group>
  );
}

export const OBJECTION_STATUS_LABELS: Record<ObjectionStatus, string> = {
  open: 'Open',
  upheld: 'Upheld',
  partly_upheld: 'Partly upheld',
  refused: 'Refused',
};

const OBJECTION_COLORS: Record<ObjectionStatus, string> = {
  open: 'blue.9',
  upheld: 'revenue.8',
  partly_upheld: 'notice.9',
  refused: 'red.9',
};

export function ObjectionStatusBadge({ status }: { status: ObjectionStatus }) {
  return (
    <Badge color={OBJECTION_COLORS[status]} variant="filled" miw="max-content">
      {OBJECTION_STATUS_LABELS[status]}
    </Badge>
  );
}
