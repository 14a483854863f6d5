import { Badge, Paper, Stack, Table, Text, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { formatKoboAsNaira } from '../../../../shared/money';
import type { TccYearFlag } from '../../../../shared/tcc/enums';
import type { TccYear } from '../../../../shared/tcc/views';
import { formatCalendarDate } from '../../../lib/format';
import type { TccFormValues } from './tccForm';

const FLAG_TEXT: Record<TccYearFlag, string> = {
  arrears: 'Not fully paid',
  no_assessment: 'No assessment',
};

/**
 * The three preceding years as the taxpayer's assessments and payments show them (direct
 * assessment and presumptive tax; docs/tax-rules.md, Tax Clearance Certificate), read-only.
 * A year flagged in red goes on only with the officer's written justification, asked below it.
 */
export function LedgerYears(props: {
  years: readonly TccYear[];
  form: UseFormReturnType<TccFormValues>;
}) {
  const { years, form } = props;
  const justifications = form.values.justifications;
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Text fw={600} id="tcc-years-title">
          The three preceding years
        </Text>
        <Table.ScrollContainer minWidth={640}>
          <Table aria-labelledby="tcc-years-title" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Year</Table.Th>
                <Table.Th scope="col" ta="right">
                  Income
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  Tax payable
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  Tax paid
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  Outstanding
                </Table.Th>
                <Table.Th scope="col">Receipts</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {years.map((year) => (
                <Table.Tr
                  key={year.year}
                  data-flagged={year.flag ? 'true' : undefined}
                  bg={year.flag ? 'var(--mantine-color-red-light)' : undefined}
                >
                  <Table.Th scope="row">
                    <Stack gap={2}>
                      <span>{year.year}</span>
                      {year.flag && (
                        <Badge color="red.8" variant="filled" size="sm">
                          {FLAG_TEXT[year.flag]}
                        </Badge>
                      )}
                    </Stack>
                  </Table.Th>
                  <Table.Td ta="right">{formatKoboAsNaira(year.incomeKobo)}</Table.Td>
                  <Table.Td ta="right">{formatKoboAsNaira(year.taxKobo)}</Table.Td>
                  <Table.Td ta="right">{formatKoboAsNaira(year.paidKobo)}</Table.Td>
                  <Table.Td ta="right" c={year.outstandingKobo > 0 ? 'red.9' : undefined}>
                    {formatKoboAsNaira(year.outstandingKobo)}
                  </Table.Td>
                  <Table.Td>
                    {year.receipts.length === 0
                      ? '—'
                      : year.receipts
                          .map((r) => `${r.number} (${formatCalendarDate(r.date)})`)
                          .join(', ')}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {justifications.length === 0 ? (
          <Text size="sm" c="dimmed">
            No year is flagged: every year was assessed and paid in full.
          </Text>
        ) : (
          justifications.map((entry, index) => {
            const flag = years.find((year) => year.year === entry.year)?.flag;
            return (
              <Textarea
                key={entry.year}
                label={`Why ${entry.year} may go on`}
                description={`${entry.year} is flagged in red (${flag ? FLAG_TEXT[flag].toLowerCase() : 'flagged'}): explain in at least 10 characters, e.g. an instalment plan agreed`}
                withAsterisk
                autosize
                minRows={2}
                maxLength={1000}
                {...form.getInputProps(`justifications.${index}.text`)}
              />
            );
          })
        )}
      </Stack>
    </Paper>
  );
}
