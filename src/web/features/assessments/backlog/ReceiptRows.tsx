import { Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { todayInLagos } from '../../../../shared/dates';
import { DateField } from '../../../lib/dates/DateField';
import { NairaInput } from '../../../lib/money/NairaInput';
import { mdaOptionsQuery } from '../../officers/queries';
import { type BacklogValues, emptyReceipt } from './backlogForm';

/** The input's own limit (BacklogAssessmentInput): more receipts than this is a typing slip. */
const MAX_RECEIPTS = 20;

/**
 * The receipts of a backlog entry, one card each: the MDA it was paid to, its RRR (checked
 * with Remita) or none, the receipt's own number, the amount and the day it was paid. A refusal
 * of one receipt (an unpaid RRR, a receipt another entry used) shows on that receipt's card.
 */
export function ReceiptRows({ form }: { form: UseFormReturnType<BacklogValues> }) {
  const mdas = useQuery(mdaOptionsQuery());
  const mdaChoices = (mdas.data ?? [])
    .filter((mda) => mda.isActive)
    .map((mda) => ({ value: mda.id, label: `${mda.code} · ${mda.name}` }));
  const receipts = form.values.receipts;
  const listError = form.errors.receipts;

  return (
    <Stack gap="sm" component="fieldset" m={0} p={0} style={{ border: 0 }}>
      <Text component="legend" fw={600} p={0}>
        Receipts
      </Text>
      <Text size="sm" c="dimmed">
        Every receipt the taxpayer paid for this year. An RRR is checked with Remita; a receipt
        without an RRR is recorded by hand in your name.
      </Text>
      {receipts.map((receipt, index) => {
        const name = `Receipt ${index + 1}`;
        return (
          <Paper
            key={receipt.key}
            withBorder
            radius="md"
            p="md"
            role="group"
            aria-label={name}
            data-testid="backlog-receipt"
          >
            <Stack gap="sm">
              <Group justify="space-between" align="center">
                <Text fw={600} size="sm">
                  {name}
                </Text>
                {receipts.length > 1 && (
                  <Button
                    variant="subtle"
                    color="red.9"
                    size="xs"
                    leftSection={<IconTrash size={14} aria-hidden="true" />}
                    onClick={() => form.removeListItem('receipts', index)}
                    aria-label={`Remove receipt ${index + 1}`}
                  >
                    Remove
                  </Button>
                )}
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
                <Select
                  label="Paid to (MDA)"
                  placeholder={mdas.isError ? 'MDAs could not be loaded' : 'Choose the MDA'}
                  data={mdaChoices}
                  searchable
                  withAsterisk
                  nothingFoundMessage="No MDA of that name"
                  {...form.getInputProps(`receipts.${index}.mdaId`)}
                />
                <TextInput
                  label="RRR"
                  description="12 digits; leave empty when the receipt has none"
                  inputMode="numeric"
                  maxLength={14}
                  {...form.getInputProps(`receipts.${index}.rrr`)}
                />
                <TextInput
                  label="Receipt number"
                  description="As printed on the receipt; needed without an RRR"
                  maxLength={64}
                  {...form.getInputProps(`receipts.${index}.receiptNumber`)}
                />
                <NairaInput
                  label="Amount paid (₦)"
                  withAsterisk
                  {...form.getInputProps(`receipts.${index}.amount`)}
                />
                <DateField
                  label="Date paid"
                  required
                  maxDate={todayInLagos()}
                  {...form.getInputProps(`receipts.${index}.paidOn`)}
                />
              </SimpleGrid>
            </Stack>
          </Paper>
        );
      })}
      {listError && (
        <Text c="red.8" size="sm" role="alert">
          {listError}
        </Text>
      )}
      <Group>
        <Button
          variant="default"
          leftSection={<IconPlus size={16} aria-hidden="true" />}
          disabled={receipts.length >= MAX_RECEIPTS}
          onClick={() =>
            form.insertListItem('receipts', emptyReceipt(receipts.at(-1)?.mdaId ?? null))
          }
        >
          Add another receipt
        </Button>
      </Group>
    </Stack>
  );
}
