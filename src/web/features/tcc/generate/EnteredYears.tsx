import {
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { todayInLagos } from '../../../../shared/dates';
import { DateField } from '../../../lib/dates/DateField';
import { NairaInput } from '../../../lib/money/NairaInput';
import { emptyReceipt, type TccFormValues } from './tccForm';

/** TccEnteredYear's own limit: more receipts than this in a year is a typing slip. */
const MAX_RECEIPTS = 20;

/**
 * The three preceding years of an employee (PAYE backlog, MDA staff), typed from the
 * employer's or MDA's records: income, tax, PAYE deducted and remitted, and the receipts of the
 * remittances. PAYE paid short of the tax flags the year, which then needs a justification.
 */
export function EnteredYears({ form }: { form: UseFormReturnType<TccFormValues> }) {
  const { years, justifications } = form.values;
  return (
    <Stack gap="sm" component="fieldset" m={0} p={0} style={{ border: 0 }}>
      <Text component="legend" fw={600} p={0}>
        The three preceding years
      </Text>
      <Text size="sm" c="dimmed">
        From the employer’s payroll and remittance records. Amounts in naira.
      </Text>
      {years.map((year, y) => {
        const justification = justifications.findIndex((entry) => entry.year === year.year);
        return (
          <Paper
            key={year.year}
            withBorder
            radius="md"
            p="md"
            role="group"
            aria-label={`Year ${year.year}`}
            data-testid="tcc-entered-year"
            bg={justification >= 0 ? 'var(--mantine-color-red-light)' : undefined}
          >
            <Stack gap="sm">
              <Title order={3} size="h5">
                {year.year}
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                <NairaInput
                  label={`Income ${year.year} (₦)`}
                  withAsterisk
                  {...form.getInputProps(`years.${y}.income`)}
                />
                <NairaInput
                  label={`Tax ${year.year} (₦)`}
                  withAsterisk
                  {...form.getInputProps(`years.${y}.tax`)}
                />
                <NairaInput
                  label={`PAYE paid ${year.year} (₦)`}
                  description="Deducted and remitted by the employer"
                  withAsterisk
                  {...form.getInputProps(`years.${y}.paid`)}
                />
              </SimpleGrid>
              {year.receipts.map((receipt, r) => (
                <Group
                  key={receipt.key}
                  align="flex-start"
                  gap="sm"
                  role="group"
                  aria-label={`Receipt ${r + 1} of ${year.year}`}
                >
                  <TextInput
                    label="Receipt number"
                    withAsterisk
                    maxLength={64}
                    {...form.getInputProps(`years.${y}.receipts.${r}.number`)}
                  />
                  <DateField
                    label="Receipt date"
                    required
                    maxDate={todayInLagos()}
                    {...form.getInputProps(`years.${y}.receipts.${r}.date`)}
                  />
                  <NairaInput
                    label="Amount (₦)"
                    withAsterisk
                    {...form.getInputProps(`years.${y}.receipts.${r}.amount`)}
                  />
                  <Button
                    mt={26}
                    variant="default"
                    leftSection={<IconTrash size={14} aria-hidden="true" />}
                    onClick={() => form.removeListItem(`years.${y}.receipts`, r)}
                    aria-label={`Remove receipt ${r + 1} of ${year.year}`}
                  >
                    Remove
                  </Button>
                </Group>
              ))}
              {form.errors[`years.${y}.receipts`] && (
                <Text c="red.8" size="sm" role="alert">
                  {form.errors[`years.${y}.receipts`]}
                </Text>
              )}
              <Group>
                <Button
                  variant="default"
                  size="xs"
                  leftSection={<IconPlus size={14} aria-hidden="true" />}
                  disabled={year.receipts.length >= MAX_RECEIPTS}
                  onClick={() => form.insertListItem(`years.${y}.receipts`, emptyReceipt())}
                >
                  Add a receipt for {year.year}
                </Button>
              </Group>
              {justification >= 0 && (
                <Textarea
                  label={`Why ${year.year} may go on`}
                  description="The PAYE paid is short of the tax: explain in at least 10 characters"
                  withAsterisk
                  autosize
                  minRows={2}
                  maxLength={1000}
                  {...form.getInputProps(`justifications.${justification}.text`)}
                />
              )}
            </Stack>
          </Paper>
        );
      })}
      {form.errors.years && (
        <Text c="red.8" size="sm" role="alert">
          {form.errors.years}
        </Text>
      )}
    </Stack>
  );
}
