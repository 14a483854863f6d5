import { Alert, Divider, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { formatKoboAsNaira } from '../../../../shared/money';
import type { ReliefKind } from '../../../../shared/tax/laws';
import type {
  IncomeTaxBandLine,
  PersonalIncomeTaxComputation,
  ReliefLine,
} from '../../../../shared/tax/schemas';
import { SummaryPanel } from '../form/SummaryPanel';
import { DEDUCTION_LABELS } from './formValues';

const RELIEF_LABELS: Record<ReliefKind, string> = {
  consolidatedRelief: 'Consolidated Relief Allowance (CRA)',
  ...DEDUCTION_LABELS,
  rentRelief: 'Rent relief',
};

/** 1 500 basis points → "15 %". */
export function formatRate(basisPoints: number): string {
  return `${basisPoints / 100} %`;
}

/** A band's edge: the laws' edges are whole naira, printed without ".00" to keep the table narrow. */
function bandEdge(kobo: number): string {
  return formatKoboAsNaira(kobo).replace(/\.00$/, '');
}

/**
 * "₦0 – ₦300,000", or "Above ₦3,200,000" for the open top band. The space before the dash does
 * not break: a narrow column wraps after the dash, not before it.
 */
export function bandRange(band: Pick<IncomeTaxBandLine, 'fromKobo' | 'toKobo'>): string {
  return band.toKobo === null
    ? `Above ${bandEdge(band.fromKobo)}`
    : `${bandEdge(band.fromKobo)}\u00a0– ${bandEdge(band.toKobo)}`;
}

/** What the officer reads beside a relief: the cap when it bit, else what the law allows. */
export function reliefNote(line: ReliefLine): string {
  if (line.capped && line.capKobo !== null) {
    return `Capped at ${formatKoboAsNaira(line.capKobo)}. ${line.note}`;
  }
  return line.note;
}

function Figure(props: { label: string; kobo: number; strong?: boolean; testId?: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Text size="sm" fw={props.strong ? 700 : 500}>
        {props.label}
      </Text>
      <Text size="sm" fw={props.strong ? 700 : 500} ff="monospace" data-testid={props.testId}>
        {formatKoboAsNaira(props.kobo)}
      </Text>
    </Group>
  );
}

/**
 * The tax as the officer types (docs/tax-rules.md): the shared engine computed in the browser,
 * the same function the server stores with the draft, shown band by band so it can be checked
 * by hand.
 */
export function ComputationPanel(props: {
  computation: PersonalIncomeTaxComputation | null;
  isUpdating: boolean;
}) {
  const { computation } = props;
  return (
    <SummaryPanel titleId="direct-computation-title">
      {computation === null ? (
        <Text size="sm" c="dimmed">
          Choose the year and enter an income: the tax appears here as you type, band by band.
        </Text>
      ) : (
        <ComputationFigures computation={computation} isUpdating={props.isUpdating} />
      )}
    </SummaryPanel>
  );
}

function ComputationFigures({
  computation,
  isUpdating,
}: {
  computation: PersonalIncomeTaxComputation;
  isUpdating: boolean;
}) {
  const reliefs = computation.deductions.filter(
    (line) => line.kind === 'consolidatedRelief' || line.claimedKobo > 0,
  );
  return (
    <Stack gap="sm" aria-busy={isUpdating}>
      <Text size="sm">
        Year of assessment {computation.taxYear}, under the <strong>{computation.lawTitle}</strong>
      </Text>
      <Figure label="Gross income" kobo={computation.grossIncomeKobo} testId="gross-income" />

      <Divider label="Reliefs and deductions" labelPosition="left" />
      {reliefs.length === 0 ? (
        <Text size="sm" c="dimmed">
          No deduction claimed.
        </Text>
      ) : (
        <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {reliefs.map((line) => (
            <li key={line.kind} aria-label={RELIEF_LABELS[line.kind]}>
              <Figure label={RELIEF_LABELS[line.kind]} kobo={line.allowedKobo} />
              {line.kind !== 'consolidatedRelief' && line.allowedKobo !== line.claimedKobo ? (
                <Text size="xs" c="dimmed">
                  {line.kind === 'rentRelief' ? 'Rent paid' : 'Claimed'}{' '}
                  {formatKoboAsNaira(line.claimedKobo)}
                </Text>
              ) : null}
              <Text size="xs" c={line.capped ? 'notice.9' : 'dimmed'} fw={line.capped ? 600 : 400}>
                {reliefNote(line)}
              </Text>
            </li>
          ))}
        </Stack>
      )}
      <Figure label="Total reliefs" kobo={computation.reliefsKobo} />
      <Figure
        label="Chargeable income"
        kobo={computation.chargeableIncomeKobo}
        strong
        testId="chargeable-income"
      />

      {/* It fits its column at 1366 px (the band wraps, the figures do not); on a narrower
          screen it scrolls inside its region, focusable so a keyboard can scroll it too. */}
      <Table.ScrollContainer
        minWidth={0}
        type="native"
        tabIndex={0}
        role="region"
        aria-label="Bands (scrolls sideways on a small screen)"
      >
        <Table
          striped
          withTableBorder
          fz="xs"
          horizontalSpacing={6}
          aria-label="Tax on each band"
          style={{ fontVariantNumeric: 'tabular-nums' }}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Band</Table.Th>
              <Table.Th scope="col" ta="right">
                Rate
              </Table.Th>
              <Table.Th scope="col" ta="right">
                In this band
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Tax
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {computation.bands.map((band) => (
              <Table.Tr key={band.fromKobo}>
                <Table.Td>{bandRange(band)}</Table.Td>
                <Table.Td ta="right">{formatRate(band.rateBasisPoints)}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatKoboAsNaira(band.taxableKobo)}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatKoboAsNaira(band.taxKobo)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th scope="row" colSpan={3}>
                Tax on the bands
              </Table.Th>
              <Table.Td ta="right" fw={700} style={{ whiteSpace: 'nowrap' }}>
                {formatKoboAsNaira(computation.computedTaxKobo)}
              </Table.Td>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>

      <TaxNotes computation={computation} />
      <Paper bg="var(--mantine-color-gray-0)" p="sm" radius="sm">
        <Group justify="space-between" wrap="nowrap" aria-live="polite">
          <Text fw={700}>Tax payable</Text>
          <Text fw={700} size="lg" ff="monospace" data-testid="tax-payable">
            {formatKoboAsNaira(computation.taxKobo)}
          </Text>
        </Group>
      </Paper>
    </Stack>
  );
}

function TaxNotes({ computation }: { computation: PersonalIncomeTaxComputation }) {
  if (computation.exemptMinimumWage && computation.minimumWageAnnualKobo !== null) {
    return (
      <Alert color="blue" variant="light" title="Exempt: minimum wage">
        The only income is employment income no more than the annual national minimum wage (
        {formatKoboAsNaira(computation.minimumWageAnnualKobo)}): no tax is payable.
      </Alert>
    );
  }
  if (computation.minimumTaxApplied && computation.minimumTaxKobo !== null) {
    return (
      <Alert color="blue" variant="light" title="Minimum tax applied">
        The tax on the bands ({formatKoboAsNaira(computation.computedTaxKobo)}) is less than the
        minimum tax, 1 % of gross income ({formatKoboAsNaira(computation.minimumTaxKobo)}): the
        minimum tax is payable (PITA, as amended).
      </Alert>
    );
  }
  return null;
}
