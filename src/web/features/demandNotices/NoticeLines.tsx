import { Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { DemandNoticeView } from '../../../shared/demandNotices';
import { formatKoboAsNaira } from '../../../shared/money';
import { usePhoneLayout } from '../../lib/lists/usePhoneLayout';

type Line = DemandNoticeView['lines'][number];

const headText = (line: Line) =>
  `${line.revenueHeadCode}${line.revenueHeadName ? ` · ${line.revenueHeadName}` : ''}`;

/**
 * The lines of a demand notice: a table on a desk, one card a line on a phone, where five
 * columns would be cut off (docs/architecture.md §9: every list works at 375 px wide).
 */
export function NoticeLines({ lines }: { lines: readonly Line[] }) {
  const isPhone = usePhoneLayout();
  if (isPhone) {
    return (
      <Stack
        component="ul"
        gap="xs"
        p={0}
        m={0}
        aria-label="Lines of the notice"
        style={{ listStyle: 'none' }}
      >
        {lines.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines are stored in order and never move
          <Paper component="li" key={index} withBorder p="sm">
            <Text fw={500} size="sm">
              {line.description}
            </Text>
            <Text size="xs" c="dimmed">
              {headText(line)}
            </Text>
            <SimpleGrid cols={3} spacing="xs" mt={4}>
              <Fact label="Quantity">{line.quantity.toLocaleString('en-NG')}</Fact>
              <Fact label="Unit amount">{formatKoboAsNaira(line.unitAmountKobo)}</Fact>
              <Fact label="Amount">{formatKoboAsNaira(line.amountKobo)}</Fact>
            </SimpleGrid>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped withTableBorder aria-label="Lines of the notice">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Revenue head</Table.Th>
            <Table.Th>Description</Table.Th>
            <Table.Th ta="right">Quantity</Table.Th>
            <Table.Th ta="right">Unit amount</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines are stored in order and never move
            <Table.Tr key={index}>
              <Table.Td>
                {line.revenueHeadCode}
                {line.revenueHeadName ? ` · ${line.revenueHeadName}` : ''}
              </Table.Td>
              <Table.Td>{line.description}</Table.Td>
              <Table.Td ta="right">{line.quantity.toLocaleString('en-NG')}</Table.Td>
              <Table.Td ta="right">{formatKoboAsNaira(line.unitAmountKobo)}</Table.Td>
              <Table.Td ta="right">{formatKoboAsNaira(line.amountKobo)}</Table.Td>
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
