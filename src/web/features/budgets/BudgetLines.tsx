import { Box, Table, Text } from '@mantine/core';
import { Fragment } from 'react';
import { MONTHS } from '../../../shared/budgets/phasing';
import type { BudgetLineView, BudgetView } from '../../../shared/budgets/views';
import { formatKoboAsNaira } from '../../../shared/money';

/** Lines by MDA (in the server's order: MDA name, then economic code). */
export function groupByMda(lines: readonly BudgetLineView[]) {
  const groups: { mdaId: string; mdaName: string; mdaCode: string; lines: BudgetLineView[] }[] = [];
  for (const line of lines) {
    const last = groups[groups.length - 1];
    if (last?.mdaId === line.mdaId) last.lines.push(line);
    else
      groups.push({
        mdaId: line.mdaId,
        mdaName: line.mdaName,
        mdaCode: line.mdaCode,
        lines: [line],
      });
  }
  return groups;
}

const money = (kobo: number) => formatKoboAsNaira(kobo);
const cell = { whiteSpace: 'nowrap', textAlign: 'right' } as const;

/**
 * A version's lines grouped by MDA, each MDA with its subtotal, then the total: annual and
 * twelve months. Wide by nature: it scrolls sideways inside its frame at 375 px.
 */
export function BudgetLines({ budget }: { budget: BudgetView }) {
  const groups = groupByMda(budget.lines);
  return (
    // Focusable and named, so a keyboard can scroll it (axe scrollable-region-focusable).
    <Box
      component="section"
      aria-label="Budget lines, scroll sideways for the months"
      tabIndex={0}
      style={{ overflowX: 'auto', maxWidth: '100%' }}
    >
      <Table
        miw={1500}
        striped
        withTableBorder
        stickyHeader
        aria-label={`Budget ${budget.year}, version ${budget.version}`}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Economic code</Table.Th>
            <Table.Th scope="col">Revenue head</Table.Th>
            <Table.Th scope="col" style={cell}>
              Annual
            </Table.Th>
            {MONTHS.map((m) => (
              <Table.Th key={m} scope="col" style={cell}>
                {m}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {groups.map((group) => {
            const annual = group.lines.reduce((s, l) => s + l.annualKobo, 0);
            return (
              <Fragment key={group.mdaId}>
                <Table.Tr>
                  <Table.Th scope="rowgroup" colSpan={2}>
                    {group.mdaName}{' '}
                    <Text span size="xs" c="dimmed">
                      ({group.mdaCode})
                    </Text>
                  </Table.Th>
                  <Table.Td style={cell} fw={600}>
                    {money(annual)}
                  </Table.Td>
                  {MONTHS.map((m, i) => (
                    <Table.Td key={m} style={cell} fw={600}>
                      {money(group.lines.reduce((s, l) => s + (l.months[i] ?? 0), 0))}
                    </Table.Td>
                  ))}
                </Table.Tr>
                {group.lines.map((line) => (
                  <Table.Tr key={`${line.mdaId}/${line.economicCode}`}>
                    <Table.Td>{line.economicCode}</Table.Td>
                    <Table.Td>{line.revenueHeadName ?? 'No longer a revenue head'}</Table.Td>
                    <Table.Td style={cell}>{money(line.annualKobo)}</Table.Td>
                    {line.months.map((amount, i) => (
                      <Table.Td key={MONTHS[i]} style={cell}>
                        {money(amount)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Fragment>
            );
          })}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row" colSpan={2}>
              Total
            </Table.Th>
            <Table.Td style={cell} fw={700}>
              {money(budget.totals.annualKobo)}
            </Table.Td>
            {budget.totals.months.map((amount, i) => (
              <Table.Td key={MONTHS[i]} style={cell} fw={700}>
                {money(amount)}
              </Table.Td>
            ))}
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Box>
  );
}
