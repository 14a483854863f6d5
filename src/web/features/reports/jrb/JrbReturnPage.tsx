import { Alert, Button, Card, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconDownload } from '@tabler/icons-react';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { todayInLagos } from '../../../../shared/dates';
import { formatKoboAsNaira } from '../../../../shared/money';
import type { JrbReturn } from '../../../../shared/reports/jrb';
import { api } from '../../../lib/api/api';
import { PeriodPicker } from '../../../lib/dates/PeriodPicker';
import type { Period } from '../../../lib/dates/period';
import { BusyRegion } from '../../../lib/pending/skeletons';
import { NoAccess } from '../../../lib/routing/NoAccess';
import { usePermission } from '../../../lib/routing/usePermission';
import { daysOfReturnPeriod, lastMonth, RETURN_PERIOD_MODES, returnPeriodOf } from './period';

const TITLE = 'Joint Tax Board Report';

const jrbQuery = (period: string) =>
  queryOptions({
    queryKey: ['reports', 'jrb-return', period] as const,
    queryFn: () =>
      api.get<JrbReturn>(`/api/v1/reports/jrb-return?period=${encodeURIComponent(period)}`),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

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
  const today = todayInLagos();
  const period = search.period ?? lastMonth(today);
  const { data, error, isPending, refetch, isRefetching } = useQuery({
    ...jrbQuery(period),
    enabled: canRead,
  });
  if (!canRead) return <NoAccess title={TITLE} />;

  const thisYear = Number(today.slice(0, 4));
  const years = Array.from({ length: 8 }, (_, i) => thisYear - i);
  const choose = (next: Period) => {
    const chosen = returnPeriodOf(next, today);
    if (chosen) void navigate({ to: '.', search: { period: chosen } as never, replace: true });
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
        <PeriodPicker
          value={daysOfReturnPeriod(period)}
          today={today}
          modes={RETURN_PERIOD_MODES}
          years={years}
          onChange={choose}
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
        <BusyRegion label="Loading the return">
          <Stack gap="md">
            <Skeleton height={260} radius="md" />
            <Skeleton height={140} radius="md" />
          </Stack>
        </BusyRegion>
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
