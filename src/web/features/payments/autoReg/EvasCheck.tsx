import { Button, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { AutoRegEntry } from '../../../../shared/payments/views';
import { formatLagosDateTime } from '../../../lib/format';
import { checkEvasStatus } from '../queries';

/** "Check EVAS" for one payer, its answer shown in the row (GET /api/v1/evas/rrr/{rrr}/status). */
export function EvasCheck({ entry }: { entry: AutoRegEntry }) {
  const check = useMutation({ mutationFn: () => checkEvasStatus(entry) });
  if (!entry.rrr) return <Text size="sm">No RRR</Text>;
  return (
    <Stack gap={4} align="flex-start">
      <Button
        size="compact-sm"
        variant="default"
        loading={check.isPending}
        aria-label={`Check EVAS for RRR ${entry.rrr}`}
        onClick={() => check.mutate()}
      >
        {check.data || check.error ? 'Check again' : 'Check EVAS'}
      </Button>
      {check.data && (
        <Text size="xs" role="status">
          {check.data.isRegistered ? 'Registered' : 'Not registered'} ({check.data.statusCode}):{' '}
          {check.data.message}
          {check.data.customerId ? ` · customer ${check.data.customerId}` : ''}
          {check.data.transactionDate
            ? ` · ${formatLagosDateTime(check.data.transactionDate)}`
            : ''}
        </Text>
      )}
      {check.error && (
        <Text size="xs" c="red.9" role="alert">
          {check.error.message}
        </Text>
      )}
    </Stack>
  );
}
