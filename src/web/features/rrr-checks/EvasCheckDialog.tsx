import { Badge, Box, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { formatRrr, normaliseRrr } from '../../../shared/payments/rrrText';
import type { EvasStatusView } from '../../../shared/payments/views';
import { validationIssues } from '../../lib/api/api';
import { CheckFailureAlert } from '../../lib/failures/FailureAlert';
import { CheckingOverlay, ResultTable } from './CheckParts';
import { checkEvasStatus } from './queries';
import { formatTransactionDate } from './RrrResult';
import { rrrFieldError } from './validation';

/**
 * The body of "Auto Reg/EVAS Check Status" (docs/product.md §2: it works as Check RRR does): RRR →
 * checking (blocking) → EVAS's answer (docs/product.md §3 "Auto-reg status result"); Check Again / Close.
 */
export function EvasCheckDialog({ onClose }: { onClose: () => void }) {
  const [result, setResult] = useState<EvasStatusView | null>(null);
  const form = useForm<{ rrr: string }>({
    mode: 'controlled',
    initialValues: { rrr: '' },
    validate: { rrr: rrrFieldError },
    validateInputOnBlur: true,
  });
  const check = useMutation({
    mutationFn: (rrr: string) => checkEvasStatus(rrr),
    onSuccess: setResult,
    onError: (error) => {
      const issue = validationIssues(error).find((i) => i.path === 'rrr');
      if (issue) form.setFieldError('rrr', issue.message);
    },
  });

  const checkAgain = () => {
    setResult(null);
    check.reset();
    form.reset();
  };

  if (result) {
    return (
      <Stack gap="md">
        <Group gap="sm">
          <Text fw={600}>Status in EVAS</Text>
          <Badge color={result.isRegistered ? 'green.9' : 'gray.8'} variant="filled">
            {result.isRegistered ? 'Registered' : 'Not registered'}
          </Badge>
        </Group>
        <ResultTable
          rows={[
            ['RRR', formatRrr(result.rrr)],
            ['Customer ID', result.customerId],
            ['Status Code', result.statusCode],
            ['Message', result.message],
            ['Transaction Date', formatTransactionDate(result.transactionDate)],
          ]}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={checkAgain}>
            Check Again
          </Button>
          <Button onClick={onClose}>Close</Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Box pos="relative">
      <CheckingOverlay visible={check.isPending} />
      <form
        noValidate
        aria-label="Check an RRR in EVAS"
        onSubmit={form.onSubmit((values) => check.mutate(normaliseRrr(values.rrr.trim())))}
      >
        <Stack gap="md">
          <TextInput
            label="RRR"
            description="The 12-digit Remita Retrieval Reference of the payment, e.g. 2801-2345-6789"
            placeholder="Enter the RRR"
            inputMode="numeric"
            autoComplete="off"
            withAsterisk
            required
            data-autofocus
            {...form.getInputProps('rrr')}
          />
          {check.isError && validationIssues(check.error).length === 0 && (
            <CheckFailureAlert title="The RRR could not be checked in EVAS" error={check.error} />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button type="submit" loading={check.isPending}>
              Check status
            </Button>
          </Group>
        </Stack>
      </form>
    </Box>
  );
}
