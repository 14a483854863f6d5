import { Alert, Box, Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { normaliseRrr } from '../../../shared/payments/rrrText';
import type { RrrStatusView } from '../../../shared/payments/views';
import { validationIssues } from '../../lib/api/api';
import { checkMdasQuery } from '../../lib/api/mdaOptions';
import { CheckFailureAlert } from '../../lib/failures/FailureAlert';
import { CheckingOverlay } from './CheckParts';
import { checkRrrStatus } from './queries';
import { RrrResult } from './RrrResult';
import { mdaFieldError, rrrFieldError } from './validation';

type CheckValues = { mdaId: string | null; rrr: string };

/** The queries a recorded payment changes: payments, assessments, certificates, taxpayers. */
function isMoneyQuery(query: { queryKey: readonly unknown[] }): boolean {
  return ['payments', 'assessments', 'tcc', 'taxpayers'].includes(String(query.queryKey[0]));
}

/**
 * The body of "Check RRR" (docs/product.md §2, §4): input → checking (blocking) → result; Check Again
 * goes back to the input with the RRR cleared and the MDA kept. Closing unmounts it: a fresh
 * form next time.
 */
export function RrrCheckDialog({
  onClose,
  initial,
}: {
  onClose: () => void;
  /** Opened from a record (an assessment's bill): its MDA and RRR, filled in. */
  initial?: { mdaId: string; rrr: string };
}) {
  const [result, setShownResult] = useState<RrrStatusView | null>(null);
  const queryClient = useQueryClient();
  // A check may record the payment: the page behind (an assessment, the payment history) shows
  // it without a reload.
  const setResult = (next: RrrStatusView | null) => {
    setShownResult(next);
    if (next) void queryClient.invalidateQueries({ predicate: isMoneyQuery });
  };
  const mdas = useQuery(checkMdasQuery());
  const form = useForm<CheckValues>({
    mode: 'controlled',
    initialValues: { mdaId: initial?.mdaId ?? null, rrr: initial?.rrr ?? '' },
    validate: { mdaId: mdaFieldError, rrr: rrrFieldError },
    validateInputOnBlur: true,
  });

  const check = useMutation({
    mutationFn: ({ rrr, mdaId }: { rrr: string; mdaId: string }) => checkRrrStatus(rrr, mdaId),
    onSuccess: setResult,
    onError: (error) => {
      // A field the server refused is marked where the officer typed it.
      for (const issue of validationIssues(error)) {
        if (issue.path === 'rrr' || issue.path === 'mdaId')
          form.setFieldError(issue.path, issue.message);
      }
    },
  });

  const checkAgain = () => {
    setResult(null);
    check.reset();
    form.setFieldValue('rrr', '');
    form.resetTouched();
    form.clearErrors();
  };

  if (result && form.values.mdaId) {
    return (
      <RrrResult
        result={result}
        mdaId={form.values.mdaId}
        onResult={setResult}
        onCheckAgain={checkAgain}
        onClose={onClose}
      />
    );
  }

  return (
    <Box pos="relative">
      <CheckingOverlay visible={check.isPending} />
      <form
        noValidate
        aria-label="Check an RRR"
        onSubmit={form.onSubmit((values) => {
          if (!values.mdaId) return;
          check.mutate({ rrr: normaliseRrr(values.rrr.trim()), mdaId: values.mdaId });
        })}
      >
        <Stack gap="md">
          {mdas.isError && (
            <CheckFailureAlert title="The MDA list did not load" error={mdas.error} />
          )}
          <Select
            label="MDA"
            description="The MDA the RRR was paid to: RevDesk asks Remita with its credentials"
            placeholder={mdas.isPending ? 'Loading MDAs…' : 'Choose the MDA'}
            data={mdas.data ?? []}
            searchable
            nothingFoundMessage={mdas.isPending ? 'Loading MDAs…' : 'No MDA matches'}
            withAsterisk
            // Never disabled while the MDAs load: the dialog's focus goes here on open, and a
            // disabled field refuses it (focus then stayed on the sidebar behind the dialog).
            data-autofocus
            // Focus on opening must not drop the list over the form (axe, and the RRR field).
            openOnFocus={false}
            {...form.getInputProps('mdaId')}
          />
          <TextInput
            label="RRR"
            description="The 12-digit Remita Retrieval Reference, e.g. 2801-2345-6789"
            placeholder="Enter the RRR"
            inputMode="numeric"
            autoComplete="off"
            withAsterisk
            required
            {...form.getInputProps('rrr')}
          />
          {check.isError && validationIssues(check.error).length === 0 && (
            <CheckFailureAlert title="The RRR could not be checked" error={check.error} />
          )}
          {mdas.isSuccess && mdas.data.length === 0 && (
            <Alert color="notice" variant="light" title="No MDA to choose">
              There is no active MDA yet. An administrator adds MDAs on the Manage MDA page.
            </Alert>
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
