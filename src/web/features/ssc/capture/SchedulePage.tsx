import { Alert, Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { formatKoboAsNaira } from '../../../../shared/money';
import type { SscScheduleView } from '../../../../shared/ssc/views';
import { useShellBase } from '../../../shell/shellPaths';
import { monthText } from '../format';

/**
 * The page of an SSC schedule sent by file or typed in: its heading, its form, and once stored,
 * what was stored.
 */
export function SchedulePage(props: {
  title: string;
  formLabel: string;
  onSubmit: () => void;
  stored: SscScheduleView | null;
  children: ReactNode;
}) {
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {props.title}
      </Title>
      <Paper withBorder p="md">
        <form
          noValidate
          aria-label={props.formLabel}
          onSubmit={(event) => {
            event.preventDefault();
            props.onSubmit();
          }}
        >
          <Stack gap="md">{props.children}</Stack>
        </form>
      </Paper>
      {props.stored && <ScheduleStored schedule={props.stored} />}
    </Stack>
  );
}

/** A schedule the upload or the typed entry stored: whose, its levy, and the way to it. */
function ScheduleStored({ schedule }: { schedule: SscScheduleView }) {
  const base = useShellBase();
  return (
    <Alert color="green" variant="light" title="Schedule stored" role="status">
      <Stack gap={4}>
        <Text size="sm">
          {schedule.mda.name}, {monthText(schedule.month)}: {schedule.staffCount} staff, levy{' '}
          {formatKoboAsNaira(schedule.levyKobo)}
          {schedule.replacedTimes > 0 ? ' (replaced the schedule sent before)' : ''}.
        </Text>
        <Anchor component={Link} to={`${base}/ssc/schedules/${schedule.id}`} size="sm">
          Open the schedule
        </Anchor>
      </Stack>
    </Alert>
  );
}
