import { Badge, Button, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { STAMP_LAW_LABELS, STAMP_LAWS } from '../../../../shared/stampDuty/enums';
import type { StampDutyRuleTables } from '../../../../shared/stampDuty/schemas';
import { useLazyDialog } from '../../../lib/dialogs/useLazyDialog';
import { formatCalendarDate } from '../../../lib/format';
import { percentOfPpm } from '../format';
import type { MprTarget } from './MprRateDialog';
import type { PenaltyTarget } from './PenaltyRuleDialog';
import { latestOf } from './rateForm';

// The dialogs and the money and form packages they draw with load when one opens, not with the
// page (docs/architecture.md §9 "Web").
const loadPenaltyRuleDialog = () =>
  import('./PenaltyRuleDialog').then((module) => module.PenaltyRuleDialog);
const loadMprRateDialog = () => import('./MprRateDialog').then((module) => module.MprRateDialog);

const toConfirm = (
  <Badge color="notice.9" variant="filled" ml={6}>
    to confirm
  </Badge>
);

const period = (from: string, to: string | null) =>
  `${formatCalendarDate(from)} – ${to ? formatCalendarDate(to) : 'now'}`;

/**
 * The late-stamping penalty of each law and the Monetary Policy Rate, each a dated table an
 * administrator adds rows to (ADR 0033: a change is a new row; rows billed under stay as they
 * are). A figure without a public source is marked "to confirm".
 */
export function LateStampingSections({ tables }: { tables: StampDutyRuleTables }) {
  const [penaltyTarget, setPenaltyTarget] = useState<PenaltyTarget | null>(null);
  const [mprTarget, setMprTarget] = useState<MprTarget | null>(null);
  const penaltyDialog = useLazyDialog(loadPenaltyRuleDialog, penaltyTarget !== null);
  const mprDialog = useLazyDialog(loadMprRateDialog, mprTarget !== null);
  return (
    <>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h4">
            Late stamping
          </Title>
          <Group gap="xs">
            {STAMP_LAWS.map((law) => (
              <Button
                key={law}
                variant="light"
                size="compact-sm"
                onClick={() =>
                  setPenaltyTarget({
                    law,
                    latest: latestOf(tables.penalties.filter((p) => p.law === law)),
                  })
                }
              >
                Add a setting: {STAMP_LAW_LABELS[law]}
              </Button>
            ))}
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          By the date of execution: stamped more than the days allowed after it, an instrument owes
          the penalty and interest by the day, computed on the day billed.
        </Text>
        <Table.ScrollContainer
          // On a phone the table scrolls sideways: focusable, so a keyboard can scroll it too.
          minWidth={560}
          type="native"
          // The hidden "Correct" headers are placed within it, not past the page's right edge.
          pos="relative"
          tabIndex={0}
          role="region"
          aria-label="Late-stamping penalty (scrolls sideways on a small screen)"
        >
          <Table striped>
            <Table.Caption>Late-stamping penalty, by the date of execution</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Law and period</Table.Th>
                <Table.Th>Days allowed</Table.Th>
                <Table.Th>Penalty</Table.Th>
                <Table.Th>Interest a year</Table.Th>
                <Table.Th>Source</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Correct</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {tables.penalties.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>
                    {STAMP_LAW_LABELS[p.law]}
                    <Text size="xs" c="dimmed">
                      {period(p.validFrom, p.validTo)}
                    </Text>
                  </Table.Td>
                  <Table.Td>{p.graceDays}</Table.Td>
                  <Table.Td>
                    {percentOfPpm(p.penaltyBasisPoints * 100)} of the unpaid duty
                    {p.toConfirm && toConfirm}
                  </Table.Td>
                  <Table.Td>
                    {p.interestBasis === 'mpr'
                      ? 'Monetary Policy Rate, by the day'
                      : `${percentOfPpm((p.interestAnnualBasisPoints ?? 0) * 100)}, by the day`}
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs">{p.source}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      aria-label={`Correct the ${STAMP_LAW_LABELS[p.law]} setting from ${formatCalendarDate(p.validFrom)}`}
                      onClick={() => setPenaltyTarget({ law: p.law, latest: null, correcting: p })}
                    >
                      Correct
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h4">
            Monetary Policy Rate
          </Title>
          <Button
            variant="light"
            size="compact-sm"
            onClick={() => setMprTarget({ kind: 'add', latest: latestOf(tables.mprRates) })}
          >
            Add a rate
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          The Central Bank's rate, by the day billed: the interest of a late stamping under the
          Nigeria Tax Act 2025.
        </Text>
        <Table.ScrollContainer
          minWidth={420}
          type="native"
          pos="relative"
          tabIndex={0}
          role="region"
          aria-label="Monetary Policy Rate (scrolls sideways on a small screen)"
        >
          <Table striped>
            <Table.Caption>Monetary Policy Rate, by the day billed</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Period</Table.Th>
                <Table.Th>Rate a year</Table.Th>
                <Table.Th>Source</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Correct</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {tables.mprRates.map((m) => (
                <Table.Tr key={m.id}>
                  <Table.Td>{period(m.validFrom, m.validTo)}</Table.Td>
                  <Table.Td>
                    {percentOfPpm(m.annualBasisPoints * 100)}
                    {m.toConfirm && toConfirm}
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs">{m.source}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      aria-label={`Correct the rate from ${formatCalendarDate(m.validFrom)}`}
                      onClick={() => setMprTarget({ kind: 'correct', row: m })}
                    >
                      Correct
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
      {penaltyDialog.Dialog && (
        <penaltyDialog.Dialog
          target={penaltyDialog.opened ? penaltyTarget : null}
          onClose={() => setPenaltyTarget(null)}
        />
      )}
      {mprDialog.Dialog && (
        <mprDialog.Dialog
          target={mprDialog.opened ? mprTarget : null}
          onClose={() => setMprTarget(null)}
        />
      )}
    </>
  );
}
