import { Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { formatKoboAsNaira } from '../../../../shared/money';
import { formatRateBps } from '../../../../shared/ssc/levy';
import type { SscScheduleDetail } from '../../../../shared/ssc/views';
import { usePhoneLayout } from '../../../lib/lists/usePhoneLayout';

type Row = SscScheduleDetail['rows'][number];

const gradeText = (row: Row) => `GL ${String(row.gradeLevel).padStart(2, '0')}`;
const rateText = (row: Row) => `${formatRateBps(row.rateBps)}${row.isDemoRate ? ' (demo)' : ''}`;

/**
 * The staff on a schedule: a table on a desk, one card a person on a phone, where six columns
 * would be cut off (docs/architecture.md §9: every list works at 375 px wide).
 */
export function SscStaffRows({ rows }: { rows: readonly Row[] }) {
  const isPhone = usePhoneLayout();
  if (isPhone) {
    return (
      <Stack
        component="ul"
        gap="xs"
        p={0}
        m={0}
        aria-label="Staff on the schedule"
        style={{ listStyle: 'none' }}
      >
        {rows.map((row) => (
          <Paper component="li" key={row.line} withBorder p="sm">
            <Text fw={500} size="sm">
              {row.name}
            </Text>
            <Text size="xs" c="dimmed">
              {row.staffId} · {gradeText(row)}
            </Text>
            <SimpleGrid cols={3} spacing="xs" mt={4}>
              <Fact label="Gross pay">{formatKoboAsNaira(row.grossKobo)}</Fact>
              <Fact label="Rate">{rateText(row)}</Fact>
              <Fact label="Levy">{formatKoboAsNaira(row.levyKobo)}</Fact>
            </SimpleGrid>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped withTableBorder aria-label="Staff on the schedule">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Staff id</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>Grade level</Table.Th>
            <Table.Th ta="right">Gross monthly pay</Table.Th>
            <Table.Th ta="right">Rate</Table.Th>
            <Table.Th ta="right">Levy</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.line}>
              <Table.Td>{row.staffId}</Table.Td>
              <Table.Td>{row.name}</Table.Td>
              <Table.Td>{gradeText(row)}</Table.Td>
              <Table.Td ta="right">{formatKoboAsNaira(row.grossKobo)}</Table.Td>
              <Table.Td ta="right">{rateText(row)}</Table.Td>
              <Table.Td ta="right">{formatKoboAsNaira(row.levyKobo)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}
