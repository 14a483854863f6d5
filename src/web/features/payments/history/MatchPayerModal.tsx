import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { BTIN_PATTERN } from '../../../../shared/btin';
import { formatKoboAsNaira } from '../../../../shared/money';
import type { AutoRegEntry } from '../../../../shared/payments/views';
import { isApiError } from '../../../lib/api/api';
import { AppModal } from '../../../lib/dialogs/AppModal';
import { formatPhone } from '../../../lib/format';
import { TaxpayerPicker } from '../../../lib/forms/TaxpayerPicker';
import { taxpayerQuery } from '../../taxpayers/queries';
import { shownRrr } from '../format';
import { matchPayer, paymentKeys } from '../queries';

/**
 * Match a payer who paid without a BTIN to a registered taxpayer. The taxpayer is looked up
 * first and named, so a mistyped BTIN is caught before the payment is moved to them.
 */
export function MatchPayerModal({ entry, onClose }: { entry: AutoRegEntry; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState('');
  const [btin, setBtin] = useState<string | null>(null);
  const [typingError, setTypingError] = useState<string | null>(null);
  const taxpayer = useQuery({ ...taxpayerQuery(btin ?? ''), enabled: btin !== null, retry: false });
  const match = useMutation({
    mutationFn: (chosen: string) => matchPayer(entry.paymentId, { btin: chosen }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: paymentKeys.all });
      notifications.show({
        color: 'green',
        title: 'Payer matched',
        message: `${shownRrr(entry.rrr)} now belongs to ${taxpayer.data?.displayName ?? btin}.`,
      });
      onClose();
    },
  });

  const lookUp = () => {
    const candidate = typed.trim();
    match.reset();
    if (!BTIN_PATTERN.test(candidate)) {
      setTypingError('A BTIN is 10 digits');
      setBtin(null);
      return;
    }
    setTypingError(null);
    setBtin(candidate);
  };
  const notFound =
    taxpayer.isError &&
    isApiError(taxpayer.error) &&
    (taxpayer.error.code === 'TAXPAYER_NOT_FOUND' || taxpayer.error.code === 'VALIDATION_FAILED');

  return (
    <AppModal
      opened
      onClose={onClose}
      title="Match to taxpayer"
      size="md"
      closeButtonProps={{ 'aria-label': 'Close the match form' }}
    >
      <Stack gap="md">
        <Text size="sm">
          {entry.payerName ?? 'A payer with no name'} paid {formatKoboAsNaira(entry.amountKobo)} to{' '}
          {entry.mda.name} with RRR {shownRrr(entry.rrr)}. Find the taxpayer this payment belongs
          to.
        </Text>
        <form
          noValidate
          aria-label="Look up the taxpayer"
          onSubmit={(event) => {
            event.preventDefault();
            lookUp();
          }}
        >
          <Group align="flex-end" gap="sm">
            <TaxpayerPicker
              label="BTIN"
              value={typed}
              error={typingError}
              onChange={setTyped}
              data-autofocus
              style={{ flex: 1 }}
            />
            <Button type="submit" variant="default" loading={taxpayer.isFetching}>
              Look up
            </Button>
          </Group>
        </form>
        {taxpayer.data && (
          <Alert color="revenue" variant="light" role="status" title={taxpayer.data.displayName}>
            BTIN {taxpayer.data.btin}
            {taxpayer.data.phone ? ` · ${formatPhone(taxpayer.data.phone)}` : ''}
          </Alert>
        )}
        {taxpayer.isError && (
          <Alert color="red" variant="light" role="alert" title="Taxpayer not found">
            {notFound ? `No taxpayer has BTIN ${btin}. Check the digits.` : taxpayer.error.message}
          </Alert>
        )}
        {match.error && (
          <Alert color="red" variant="light" role="alert" title="Not matched">
            {match.error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={!taxpayer.data}
            loading={match.isPending}
            onClick={() => taxpayer.data && match.mutate(taxpayer.data.btin)}
          >
            Match to this taxpayer
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
