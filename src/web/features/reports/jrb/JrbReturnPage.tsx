import {
  Alert,
  Button,
  Card,
  Group,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconDownload } from '@tabler/icons-react';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { formatKoboAsNaira } from '../../../../shared/money';
import type { JrbReturn } from '../../../../shared/reports/jrb';
import { api } from '../../../lib/api';
import { NoAccess } from '../../../lib/NoAccess';
import { usePermission } from '../../../lib/usePermission';
import { lastMonth, type PeriodParts, partsOf, periodOfParts } from './period';

const TITLE = 'Joint Tax Board Report';

const jrbQuery = (period: string) =>
  queryOptions({
    queryKey: ['reports', 'jrb-return', period] as const,
    queryFn: () =>
      api.get<JrbReturn>(`/api/v1/reports/jrb-return?period=${encodeURIComponent(period)}`),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
].map((label, i) => ({ value: String(i + 1).padStart(2, '0'), label }));
const QUARTERS = [
  { value: '1', label: 'First quarter (Jan–Mar)' },
  { value: '2', label: 'Second quarter (Apr–Jun)' },
  { value: '3', label: 'Third quarter (Jul–Sep)' },
  { value: '4', label: 'Fourth quarter (Oct–Dec)' },
];

const count = new Intl.NumberFormat('en-NG');

function Section(props: { title: string; head: string[]; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Title order={2} size="h4" mb="sm">
        {props.title}
      </Title>
      <Table.ScrollContainer minWidth={0}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              {props.head.map((h, i) => (
                <Table.Th key={h} ta={i === 0 ? 'left' : 'right'}>
                  {h}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{props.children}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

/**
 * /birs/reporting/joint-tax-board-report (docs/jrb-return.md): pick a month or a quarter, see
 * the return's figures, and download it as the workbook the Joint Revenue Board is sent.
 */
export function JrbReturnPage() {
  useDocumentTitle(`${TITLE} · RevDesk`);
  const canRead = usePermission('report:jrb');
  const search = useSearch({ strict: false }) as { period?: string };
  const navigate = useNavigate();
  const period = search.period ?? lastMonth();
  const parts = partsOf(period);
  const { data, error, isPending, refetch, isRefetching } = useQuery({
    ...jrbQuery(period),
    enabled: canRead,
  });
  if (!canRead) return <NoAccess title={TITLE} />;

  const thisYear = Number(new Date().getFullYear());
  const years = Array.from({ length: 8 }, (_, i) => String(thisYear - i));
  const choose = (next: Partial<PeriodParts>) => {
    const merged = { ...parts, ...next };
    if (next.kind && next.kind !== parts.kind) {
      merged.part =
        next.kind === 'quarter'
          ? String(Math.ceil(Number(parts.part) / 3))
          : String((Number(parts.part) - 1) * 3 + 1).padStart(2, '0');
    }
    void navigate({ to: '.', search: { period: periodOfParts(merged) } as never, replace: true });
  };

  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Title order={1} size="h2">
          {TITLE}
        </Title>
        <Text size="sm" c="dimmed">
          The return sent to the Joint Revenue Board for a month or a quarter: collections by tax
          type, taxpayers registered and tax clearance certificates issued. RevDesk's own layout
          (v1): no public template exists.
        </Text>
      </Stack>

      <Group align="flex-end" gap="sm" wrap="wrap">
        <SegmentedControl
          aria-label="Return for a month or a quarter"
          value={parts.kind}
          onChange={(kind) => choose({ kind: kind as PeriodParts['kind'] })}
          data={[
            { value: 'month', label: 'Month' },
            { value: 'quarter', label: 'Quarter' },
          ]}
        />
        <Select
          label={parts.kind === 'month' ? 'Month' : 'Quarter'}
          data={parts.kind === 'month' ? MONTHS : QUARTERS}
          value={parts.part}
          onChange={(part) => part && choose({ part })}
          allowDeselect={false}
          w={220}
        />
        <Select
          label="Year"
          data={years.includes(parts.year) ? years : [parts.year, ...years]}
          value={parts.year}
          onChange={(year) => year && choose({ year })}
          allowDeselect={false}
          w={110}
        />
        <Button
          component="a"
          href={`/api/v1/reports/jrb-return?period=${encodeURIComponent(period)}&format=xlsx`}
          download
          leftSection={<IconDownload size={16} aria-hidden="true" />}
        >
          Download the return (XLSX)
        </Button>
      </Group>

      {isPending ? (
        <Stack gap="md" aria-busy="true" aria-label="Loading the return">
          <Skeleton height={260} radius="md" />
          <Skeleton height={140} radius="md" />
        </Stack>
      ) : error ? (
        <Alert color="red" variant="light" title="The return could not be loaded" role="alert">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{error.message}</Text>
            <Button size="xs" onClick={() => void refetch()} loading={isRefetching}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Stack gap="md">
          <Text size="sm">
            <strong>{data.periodLabel}</strong> · {data.serviceName} · {data.layoutVersion}
          </Text>
          <Section title="A. Collections by tax type" head={['Tax type', 'Payments', 'Amount']}>
            {data.collections.rows.map((row) => (
              <Table.Tr key={row.taxType}>
                <Table.Td>{row.label}</Table.Td>
                <Table.Td ta="right">{count.format(row.count)}</Table.Td>
                <Table.Td ta="right">{formatKoboAsNaira(row.amountKobo)}</Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr fw={700}>
              <Table.Td>Total collections</Table.Td>
              <Table.Td ta="right">{count.format(data.collections.total.count)}</Table.Td>
              <Table.Td ta="right" data-testid="jrb-total">
                {formatKoboAsNaira(data.collections.total.amountKobo)}
              </Table.Td>
            </Table.Tr>
          </Section>
          <Section title="B. Taxpayers registered" head={['Kind', 'Registered']}>
            <Table.Tr>
              <Table.Td>Individuals</Table.Td>
              <Table.Td ta="right">{count.format(data.taxpayers.individuals)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td>Companies</Table.Td>
              <Table.Td ta="right">{count.format(data.taxpayers.companies)}</Table.Td>
            </Table.Tr>
            <Table.Tr fw={700}>
              <Table.Td>Total registered</Table.Td>
              <Table.Td ta="right">{count.format(data.taxpayers.total)}</Table.Td>
            </Table.Tr>
          </Section>
          <Section title="C. Tax clearance certificates issued" head={['Kind', 'Issued']}>
            {data.tccs.rows.map((row) => (
              <Table.Tr key={row.kind}>
                <Table.Td>{row.label}</Table.Td>
                <Table.Td ta="right">{count.format(row.count)}</Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr fw={700}>
              <Table.Td>Total issued</Table.Td>
              <Table.Td ta="right">{count.format(data.tccs.total)}</Table.Td>
            </Table.Tr>
          </Section>
          <Text size="xs" c="dimmed">
            Withholding tax shows nothing until RevDesk records payments of that type; the figures'
            definitions are in RevDesk's documentation of the return (v1).
          </Text>
        </Stack>
      )}
    </Stack>
  );
}
