import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type {
  AssessmentDetail,
  BacklogComputation,
  PresumptiveComputation,
} from '../../../../shared/assessments/views';
import { formatKoboAsNaira } from '../../../../shared/money';
import { BAYELSA_STATE_ID } from '../../../../shared/states';
import type { PersonalIncomeTaxComputation } from '../../../../shared/tax/schemas';
import { lgasQuery } from '../../taxpayers/queries';
import { INCOME_SOURCE_LABELS, percentOf, RELIEF_LABELS } from './detailText';

type Backlog = typeof BacklogComputation._output;
type Presumptive = typeof PresumptiveComputation._output;

const naira = formatKoboAsNaira;

function isBacklog(c: AssessmentDetail['computation']): c is Backlog {
  return 'backlog' in c;
}

function isPresumptive(c: AssessmentDetail['computation']): c is Presumptive {
  return 'rule' in c;
}

/** The computation exactly as stored when the assessment was made (not recomputed today). */
export function ComputationCard({ detail }: { detail: AssessmentDetail }) {
  const c = detail.computation;
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Title order={2} size="h4">
          How the tax was computed
        </Title>
        {isBacklog(c) ? (
          <BacklogFigures c={c} />
        ) : isPresumptive(c) ? (
          <PresumptiveFigures c={c} where={<TradePlace detail={detail} />} />
        ) : (
          <DirectFigures c={c} incomes={incomesOf(detail.input)} />
        )}
        {detail.evidenceNote && (
          <Text size="sm">
            <Text span fw={600}>
              Evidence:{' '}
            </Text>
            {detail.evidenceNote}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** The income lines the officer entered (the stored input of a direct assessment). */
function incomesOf(input: unknown): { source: string; amountKobo: number }[] {
  const incomes = (input as { incomes?: unknown } | null)?.incomes;
  if (!Array.isArray(incomes)) return [];
  return incomes.filter(
    (line): line is { source: string; amountKobo: number } =>
      typeof line?.source === 'string' && typeof line?.amountKobo === 'number',
  );
}

function Row({
  label,
  value,
  strong,
}: {
  label: string;
  value: React.ReactNode;
  strong?: boolean;
}) {
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={strong ? 700 : 400}>
        {label}
      </Table.Th>
      <Table.Td ta="right" fw={strong ? 700 : 400}>
        {value}
      </Table.Td>
    </Table.Tr>
  );
}

function DirectFigures({
  c,
  incomes,
}: {
  c: PersonalIncomeTaxComputation;
  incomes: { source: string; amountKobo: number }[];
}) {
  return (
    <Stack gap="md">
      <Text size="sm">
        Law: <strong>{c.lawTitle}</strong> (year of assessment {c.taxYear}).
      </Text>
      <Table aria-label="Income" withTableBorder>
        <Table.Tbody>
          {incomes.map((line, index) => (
            <Row
              // Lines are shown in the order entered; the index is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: stored lines have no id
              key={index}
              label={INCOME_SOURCE_LABELS[line.source] ?? line.source}
              value={naira(line.amountKobo)}
            />
          ))}
          <Row label="Gross income" value={naira(c.grossIncomeKobo)} strong />
        </Table.Tbody>
      </Table>
      <Table aria-label="Reliefs" withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Relief</Table.Th>
            <Table.Th ta="right">Claimed</Table.Th>
            <Table.Th ta="right">Allowed</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {c.deductions.map((line) => (
            <Table.Tr key={line.kind}>
              <Table.Td>
                <Text size="sm">{RELIEF_LABELS[line.kind]}</Text>
                <Text size="xs" c="dimmed">
                  {line.note}
                  {line.capped && line.capKobo !== null ? ` Capped at ${naira(line.capKobo)}.` : ''}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{naira(line.claimedKobo)}</Table.Td>
              <Table.Td ta="right">{naira(line.allowedKobo)}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Th scope="row" colSpan={2}>
              Total reliefs
            </Table.Th>
            <Table.Td ta="right" fw={700}>
              {naira(c.reliefsKobo)}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Text fw={600}>Chargeable income: {naira(c.chargeableIncomeKobo)}</Text>
      <Table aria-label="Tax by band" withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Band</Table.Th>
            <Table.Th ta="right">Rate</Table.Th>
            <Table.Th ta="right">Taxed</Table.Th>
            <Table.Th ta="right">Tax</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {c.bands.map((band) => (
            <Table.Tr key={band.fromKobo}>
              <Table.Td>
                {band.toKobo === null
                  ? `Above ${naira(band.fromKobo)}`
                  : `${naira(band.fromKobo)} – ${naira(band.toKobo)}`}
              </Table.Td>
              <Table.Td ta="right">{percentOf(band.rateBasisPoints)}</Table.Td>
              <Table.Td ta="right">{naira(band.taxableKobo)}</Table.Td>
              <Table.Td ta="right">{naira(band.taxKobo)}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Th scope="row" colSpan={3}>
              Tax by the bands
            </Table.Th>
            <Table.Td ta="right" fw={700}>
              {naira(c.computedTaxKobo)}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      {c.minimumTaxApplied && c.minimumTaxKobo !== null && (
        <Text size="sm">
          Minimum tax applied: the tax by the bands is below 1 % of gross income, so the tax is{' '}
          {naira(c.minimumTaxKobo)}.
        </Text>
      )}
      {c.exemptMinimumWage && (
        <Text size="sm">
          Exempt: the income is no more than the national minimum wage
          {c.minimumWageAnnualKobo !== null ? ` (${naira(c.minimumWageAnnualKobo)} a year)` : ''}.
        </Text>
      )}
      <Text fw={700}>Tax payable: {naira(c.taxKobo)}</Text>
    </Stack>
  );
}

const SIZE_LABELS = { small: 'Small', medium: 'Medium', large: 'Large' } as const;

/** Where the trade is: the place given (market, street) and its LGA, as the notice says it. */
function TradePlace({ detail }: { detail: AssessmentDetail }) {
  const lgas = useQuery(lgasQuery(BAYELSA_STATE_ID));
  const lga = lgas.data?.find((each) => each.id === detail.lgaId)?.name;
  const parts = [detail.tradeLocation, lga ? `${lga} LGA` : null].filter(Boolean);
  return <>{parts.length ? parts.join(', ') : 'Not given'}</>;
}

function PresumptiveFigures({ c, where }: { c: Presumptive; where: React.ReactNode }) {
  return (
    <Table aria-label="Presumptive tax" withTableBorder>
      <Table.Tbody>
        <Row label="Trade category" value={c.categoryName} />
        <Row label="Where the trade is" value={where} />
        <Row
          label="Rule"
          value={c.rule === 'fixed_by_size' ? 'Fixed amount by size' : 'Percentage of turnover'}
        />
        {c.size && <Row label="Size" value={SIZE_LABELS[c.size]} />}
        {c.estimatedTurnoverKobo !== null && (
          <Row label="Estimated turnover" value={naira(c.estimatedTurnoverKobo)} />
        )}
        {c.turnoverThresholdKobo !== null && (
          <Row label="Turnover not taxed" value={naira(c.turnoverThresholdKobo)} />
        )}
        {c.rateBasisPoints !== null && <Row label="Rate" value={percentOf(c.rateBasisPoints)} />}
        <Row
          label="Tax"
          value={c.exempt ? `${naira(c.taxKobo)} (exempt)` : naira(c.taxKobo)}
          strong
        />
        <Row label="Note" value={c.note} />
      </Table.Tbody>
    </Table>
  );
}

function BacklogFigures({ c }: { c: Backlog }) {
  return (
    <Stack gap="xs">
      <Text size="sm">
        A past year paid outside RevDesk: these are the figures entered from the old notice.
      </Text>
      <Table aria-label="Backlog figures" withTableBorder>
        <Table.Tbody>
          <Row label="Gross income" value={naira(c.grossIncomeKobo)} />
          <Row label="Chargeable income" value={naira(c.chargeableIncomeKobo)} />
          <Row label="Tax" value={naira(c.taxKobo)} strong />
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
