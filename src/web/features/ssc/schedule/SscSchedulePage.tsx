import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconReceipt } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatKoboAsNaira } from '../../../../shared/money';
import { SSC_CATEGORY_LABELS } from '../../../../shared/ssc/enums';
import type { SscScheduleDetail } from '../../../../shared/ssc/views';
import { DetailLoadError } from '../../../lib/failures/DetailLoadError';
import { formatLagosDate } from '../../../lib/format';
import { DetailSkeleton } from '../../../lib/pending/skeletons';
import { NoAccess } from '../../../lib/routing/NoAccess';
import { usePermission } from '../../../lib/routing/usePermission';
import { useShellBase } from '../../../shell/shellPaths';
import { monthText } from '../format';
import { sscScheduleQuery } from '../queries';
import { DemoRateBadge, SscStatusBadge } from '../SscBadges';
import { SscBillModal } from './SscBillModal';
import { SscStaffRows } from './SscStaffRows';

/** ssc/schedules/{id}: one schedule, its rows with each levy, and its bill (ADMIN raises it). */
export function SscSchedulePage({ id }: { id: string }) {
  const canRead = usePermission('ssc:read');
  if (!canRead) return <NoAccess title="SSC schedule" />;
  return <ScheduleView id={id} />;
}

function ScheduleView({ id }: { id: string }) {
  const query = useQuery(sscScheduleQuery(id));
  const base = useShellBase();
  useDocumentTitle('SSC schedule · RevDesk');
  if (query.isError) {
    return (
      <DetailLoadError
        heading="SSC schedule"
        what="The schedule"
        error={query.error}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
        missing={{
          title: 'No such schedule',
          text: 'No SSC schedule you may read has this address. It may have been mistyped.',
          linkTo: `${base}/ssc/civil-servants`,
          linkLabel: 'Go to the SSC lists',
        }}
      />
    );
  }
  if (!query.data) return <DetailSkeleton label="Loading the schedule…" />;
  return <ScheduleDetail schedule={query.data} />;
}

function ScheduleDetail({ schedule }: { schedule: SscScheduleDetail }) {
  const canWrite = usePermission('ssc:write');
  const [isBilling, setBilling] = useState(false);
  const facts: [string, string][] = [
    ['MDA', `${schedule.mda.name} (${schedule.mda.code})`],
    ['Category', SSC_CATEGORY_LABELS[schedule.category]],
    ['Staff', schedule.staffCount.toLocaleString('en-NG')],
    ['Gross pay', formatKoboAsNaira(schedule.grossKobo)],
    ['Levy', formatKoboAsNaira(schedule.levyKobo)],
    ['Received', formatLagosDate(schedule.updatedAt)],
    ['From', schedule.fileName ?? 'Entered by hand'],
  ];
  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Stack gap={2}>
          <Title order={1} size="h2">
            SSC schedule, {monthText(schedule.month)}
          </Title>
          <Group gap="xs">
            <SscStatusBadge status={schedule.status} />
            {schedule.hasDemoRates && <DemoRateBadge />}
          </Group>
        </Stack>
        {canWrite && schedule.status === 'unbilled' && (
          <Button
            leftSection={<IconReceipt size={16} aria-hidden="true" />}
            onClick={() => setBilling(true)}
          >
            Raise bill
          </Button>
        )}
      </Group>
      {isBilling && <SscBillModal schedule={schedule} onClose={() => setBilling(false)} />}
      <Paper withBorder p="md">
        <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} m={0} spacing="xs">
          {facts.map(([label, value]) => (
            <div key={label}>
              <Text component="dt" size="xs" c="dimmed">
                {label}
              </Text>
              <Text component="dd" m={0} size="sm">
                {value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      </Paper>
      <Paper withBorder p="md" component="section" aria-label="Bill">
        <Title order={2} size="h4" mb="xs">
          Bill
        </Title>
        {schedule.bill ? (
          <Text size="sm">
            RRR {schedule.bill.rrr ?? 'awaiting Remita’s confirmation'} for{' '}
            {formatKoboAsNaira(schedule.bill.amountKobo)}:{' '}
            <Badge variant="light">{schedule.bill.status}</Badge>
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            No bill yet.
          </Text>
        )}
      </Paper>
      <SscStaffRows rows={schedule.rows} />
    </Stack>
  );
}
