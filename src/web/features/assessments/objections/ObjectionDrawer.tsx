import { Anchor, Button, Divider, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ASSESSMENT_KIND_LABELS } from '../../../../shared/assessments/enums';
import type { ObjectionView } from '../../../../shared/assessments/views';
import { formatKoboAsNaira } from '../../../../shared/money';
import { AppDrawer } from '../../../lib/dialogs/AppModal';
import { formatCalendarDate, formatLagosDate } from '../../../lib/format';
import { useShellBase } from '../../../shell/shellPaths';
import { DecisionResult } from './DecisionResult';
import { AnswerClock } from './ObjectionTable';

/**
 * One objection over the list: the grounds in full, the clock, who recorded it, and, once
 * decided, the decision with its letter; a director deciding it starts here or from the row.
 */
export function ObjectionDrawer(props: {
  objection: ObjectionView | undefined;
  canDecide: boolean;
  onDecide: (objection: ObjectionView) => void;
  onClose: () => void;
}) {
  const { objection } = props;
  return (
    <AppDrawer
      opened={objection !== undefined}
      onClose={props.onClose}
      position="right"
      size="lg"
      title={objection ? `Objection to ${objection.noticeNumber ?? 'an assessment'}` : ''}
      closeButtonProps={{ 'aria-label': 'Close the objection' }}
    >
      {objection && (
        <ObjectionDetails
          objection={objection}
          canDecide={props.canDecide}
          onDecide={props.onDecide}
        />
      )}
    </AppDrawer>
  );
}

function ObjectionDetails(props: {
  objection: ObjectionView;
  canDecide: boolean;
  onDecide: (objection: ObjectionView) => void;
}) {
  const { objection } = props;
  const base = useShellBase();
  const facts: [string, ReactNode][] = [
    ['Answer due', <AnswerClock key="clock" objection={objection} />],
    ['Answer by', formatCalendarDate(objection.answerDueDate)],
    ['Filed on', formatLagosDate(objection.filedAt)],
    [
      'Notice',
      <Anchor
        key="notice"
        component={Link}
        to={`${base}/taxs/assessment/${objection.assessmentId}`}
      >
        {objection.noticeNumber ?? 'Open the assessment'}
      </Anchor>,
    ],
    ['Kind', ASSESSMENT_KIND_LABELS[objection.kind]],
    ['Taxpayer', `${objection.taxpayerName} (${objection.btin})`],
    ['Disputed amount', formatKoboAsNaira(objection.disputedKobo)],
    ['Recorded by', objection.createdBy ?? '—'],
    ...(objection.decidedAt
      ? ([['Decided on', formatLagosDate(objection.decidedAt)]] as [string, ReactNode][])
      : []),
  ];
  return (
    <Stack gap="md">
      <SimpleGrid component="dl" cols={2} spacing="sm" m={0}>
        {facts.map(([label, value]) => (
          <div key={label}>
            <Text component="dt" size="xs" c="dimmed">
              {label}
            </Text>
            <Text component="dd" m={0} size="sm" fw={600}>
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      <Stack gap={2}>
        <Text size="sm" c="dimmed">
          Grounds
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="objection-grounds">
          {objection.grounds}
        </Text>
      </Stack>
      {objection.lateReason && (
        <Stack gap={2}>
          <Text size="sm" c="dimmed">
            Accepted late because
          </Text>
          <Text size="sm">{objection.lateReason}</Text>
        </Stack>
      )}
      <Divider />
      {objection.status === 'open' ? (
        props.canDecide ? (
          <Button onClick={() => props.onDecide(objection)} style={{ alignSelf: 'flex-start' }}>
            Decide this objection
          </Button>
        ) : (
          <Text size="sm" c="dimmed">
            Waiting for the Director of Assessment's decision.
          </Text>
        )
      ) : (
        <DecisionResult objection={objection} />
      )}
    </Stack>
  );
}
