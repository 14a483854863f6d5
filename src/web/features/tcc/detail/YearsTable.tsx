import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import { formatKoboAsNaira } from '../../../../shared/money';
import type { TccView, TccYear } from '../../../../shared/tcc/views';
import { formatCalendarDate } from '../../../lib/format';

const FLAG_TEXT: Record<NonNullable<TccYear['flag']>, string> = {
  arrears: 'Not fully paid',
  no_assessment: 'No assessment',
};

const money = (kobo: number) => formatKoboAsNaira(kobo);

/**
 * The three years the certificate covers (docs/tax-rules.md, Tax Clearance Certificate):
 * income, tax, paid, outstanding and the receipts; a year flagged in red went on only with the
 * officer's justification, shown under it.
 */
export function YearsTable({ view }: { view: TccView }) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          The three years covered
        </Title>
        {view.years.length === 0 ? (
          <Text size="sm" c="dimmed">
            No years were recorded for this certificate.
          </Text>
        ) : (
          <Table.ScrollContainer
            // On a phone the table scrolls sideways: focusable, so a keyboard can scroll it too.
            minWidth={720}
            type="native"
            tabIndex={0}
            role="region"
            aria-label="The years covered (scrolls sideways on a small screen)"
          >
            <Table aria-label="Income and tax of the years covered">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Year</Table.Th>
                  <Table.Th ta="right">Income</Table.Th>
                  <Table.Th ta="right">Tax payable</Table.Th>
                  <Table.Th ta="right">Tax paid</Table.Th>
                  <Table.Th ta="right">Outstanding</Table.Th>
                  <Table.Th>Receipts</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {view.years.map((year) => (
                  <YearRows key={year.year} year={year} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}

function YearRows({ year }: { year: TccYear }) {
  // Red for a year in arrears or without assessment, and for a PAYE or MDA-staff year whose tax
  // paid no remittance in the ledger backs (docs/architecture.md §5).
  const isUnbacked = year.unbacked === true;
  const isFlagged = year.flag !== null || isUnbacked;
  const red = isFlagged ? 'red.9' : undefined;
  return (
    <>
      <Table.Tr data-flagged={isFlagged || undefined} bg={isFlagged ? 'red.0' : undefined}>
        <Table.Td>
          <Text size="sm" fw={600} c={red}>
            {year.year}
          </Text>
          {year.flag && (
            <Text size="xs" fw={600} c="red.9">
              {FLAG_TEXT[year.flag]}
            </Text>
          )}
          {isUnbacked && (
            <Text size="xs" fw={600} c="red.9" data-testid="tcc-year-unbacked">
              No matching remittance in the ledger
            </Text>
          )}
        </Table.Td>
        <Table.Td ta="right">{money(year.incomeKobo)}</Table.Td>
        <Table.Td ta="right">
          {year.taxKobo === 0 && year.flag === null ? 'No tax due' : money(year.taxKobo)}
        </Table.Td>
        <Table.Td ta="right">{money(year.paidKobo)}</Table.Td>
        <Table.Td ta="right">
          <Text size="sm" c={year.outstandingKobo > 0 ? 'red.9' : undefined}>
            {money(year.outstandingKobo)}
          </Text>
        </Table.Td>
        <Table.Td>
          {year.receipts.length === 0 ? (
            <Text size="sm" c="dimmed">
              None
            </Text>
          ) : (
            <Stack gap={2}>
              {year.receipts.map((receipt) => (
                <Text size="sm" key={`${receipt.number}-${receipt.date}`}>
                  {receipt.number} · {formatCalendarDate(receipt.date)} ·{' '}
                  {money(receipt.amountKobo)}
                </Text>
              ))}
            </Stack>
          )}
        </Table.Td>
      </Table.Tr>
      {isFlagged && (
        <Table.Tr bg="red.0">
          <Table.Td colSpan={6}>
            <Stack gap={2}>
              {isUnbacked && (
                <Text size="sm">
                  <Text span fw={600} c="red.9">
                    Ledger:{' '}
                  </Text>
                  {money(year.paidKobo)} entered as paid; the ledger's remittances for this year add
                  up to {money(year.remittedKobo ?? 0)}.
                </Text>
              )}
              {(year.flag !== null || year.justification) && (
                <Text size="sm">
                  <Text span fw={600} c="red.9">
                    Justification:{' '}
                  </Text>
                  {year.justification ?? 'None was given.'}
                </Text>
              )}
            </Stack>
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}
