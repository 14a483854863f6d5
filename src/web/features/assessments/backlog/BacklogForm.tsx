import {
  Alert,
  Anchor,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import type { AssessmentKind } from '../../../../shared/assessments/enums';
import type { AssessmentView } from '../../../../shared/assessments/views';
import { isValidBtin } from '../../../../shared/btin';
import { todayInLagos } from '../../../../shared/dates';
import { EARLIEST_TAX_YEAR } from '../../../../shared/tax/laws';
import { api, isApiError, validationIssues } from '../../../lib/api/api';
import { toFieldErrors } from '../../../lib/failures/formErrors';
import { deferredChecks } from '../../../lib/forms/deferredChecks';
import { TaxpayerPicker } from '../../../lib/forms/TaxpayerPicker';
import { NairaInput } from '../../../lib/money/NairaInput';
import { usePermission } from '../../../lib/routing/usePermission';
import { useShellBase } from '../../../shell/shellPaths';
import { taxpayerQuery } from '../../taxpayers/queries';
import { assessmentKeys, tradeCategoryListQuery } from '../common/queries';
import { type BacklogValues, emptyBacklog, formPathOf, toBacklogInput } from './backlogForm';
import { ReceiptRows } from './ReceiptRows';

/** The server's schema, fetched at the officer's first key or click in the form (§9 "Web"). */
const checks = deferredChecks(() => import('./backlogChecks'));

/** What a refused capture says above the form, beside what it put on the fields. */
type Refusal = { title: string; body: ReactNode } | null;

/**
 * The backlog capture form (POST /api/v1/assessments/backlog): the taxpayer, the year, the
 * figures of the old notice and its receipts. On success the page shows what was recorded.
 */
export function BacklogForm(props: {
  kind: AssessmentKind;
  /** The save has started (the page fetches what it shows of a capture meanwhile). */
  onSaving: () => void;
  onCaptured: (captured: AssessmentView) => void;
}) {
  const { kind } = props;
  const base = useShellBase();
  const queryClient = useQueryClient();
  const [refusal, setRefusal] = useState<Refusal>(null);
  const form = useForm<BacklogValues>({
    mode: 'controlled',
    initialValues: emptyBacklog(),
    // Checked on submit only (as the bill form): a message appearing on blur moves the
    // buttons below from under the officer's pointer.
    validate: checks.validate<BacklogValues>((module, values) => module.checkBacklog(kind, values)),
  });

  const capture = useMutation({
    mutationFn: (values: BacklogValues) =>
      api.post<AssessmentView>('/api/v1/assessments/backlog', toBacklogInput(kind, values)),
    onMutate: () => props.onSaving(),
    onSuccess: (captured) => {
      void queryClient.invalidateQueries({ queryKey: assessmentKeys.all });
      // The BTIN stays: the next year captured is often the same taxpayer's.
      form.setValues({ ...emptyBacklog(), btin: form.getValues().btin });
      props.onCaptured(captured);
    },
    onError: (error) => setRefusal(showRefusal(error)),
  });

  function showRefusal(error: Error): Refusal {
    if (isApiError(error) && error.code === 'CONFLICT') {
      const details = (error.details ?? {}) as { field?: unknown; existingId?: unknown };
      const path = typeof details.field === 'string' ? formPathOf(details.field) : null;
      if (path) {
        form.setFieldError(path, error.message);
        return {
          title: 'A receipt is recorded already',
          body: 'See the message beside the receipt: a receipt can count for one entry only.',
        };
      }
      if (typeof details.existingId === 'string') {
        form.setFieldError('taxYear', 'This year is assessed already');
        return {
          title: 'This year is assessed already',
          body: (
            <>
              {error.message}{' '}
              <Anchor component={Link} to={`${base}/taxs/assessment/${details.existingId}`}>
                Open the assessment that stands
              </Anchor>
            </>
          ),
        };
      }
    }
    const issues = validationIssues(error);
    if (issues.length > 0) {
      const { errors, elsewhere } = toFieldErrors(issues, formPathOf);
      form.setErrors(errors);
      return {
        title: 'The entry was not saved',
        body: elsewhere.join(' ') || 'Some fields need correcting: see the messages beside them.',
      };
    }
    return { title: 'The entry was not saved', body: error.message };
  }

  return (
    <form
      noValidate
      aria-label="Capture a past year"
      {...checks.prefetchProps}
      onSubmit={form.onSubmit(
        (values) => {
          setRefusal(null);
          capture.mutate(values);
        },
        () => setRefusal(null),
      )}
    >
      <Stack gap="lg">
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TaxpayerPicker
                label="BTIN"
                description="The taxpayer's 10-digit BTIN, or find them by name"
                withAsterisk
                data-autofocus
                {...form.getInputProps('btin')}
                value={form.values.btin}
              />
              <NumberInput
                label="Year of assessment"
                description="A past year, from the old notice"
                min={EARLIEST_TAX_YEAR}
                max={Number(todayInLagos().slice(0, 4)) - 1}
                allowDecimal={false}
                allowNegative={false}
                hideControls
                withAsterisk
                {...form.getInputProps('taxYear')}
              />
            </SimpleGrid>
            <TaxpayerName btin={form.values.btin.trim()} kind={kind} />
          </Stack>
        </Paper>

        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <Text fw={600}>Figures on the old notice</Text>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <NairaInput
                label="Gross income (₦)"
                withAsterisk
                {...form.getInputProps('grossIncome')}
              />
              <NairaInput
                label="Chargeable income (₦)"
                description="Leave empty when the notice shows none"
                {...form.getInputProps('chargeableIncome')}
              />
              <NairaInput label="Tax (₦)" withAsterisk {...form.getInputProps('tax')} />
            </SimpleGrid>
            {kind === 'presumptive' && <TradeCategoryField form={form} />}
            <Textarea
              label="Evidence note"
              description="What you saw: the old notice's number, who brought the receipts…"
              autosize
              minRows={2}
              maxLength={2000}
              {...form.getInputProps('evidenceNote')}
            />
          </Stack>
        </Paper>

        <ReceiptRows form={form} />

        {refusal && (
          <Alert color="red" variant="light" role="alert" title={refusal.title}>
            {refusal.body}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => form.reset()} disabled={capture.isPending}>
            Clear the form
          </Button>
          <Button type="submit" loading={capture.isPending || form.submitting}>
            Save backlog year
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The name of the taxpayer a complete BTIN belongs to, so the officer sees who it is. */
function TaxpayerName({ btin, kind }: { btin: string; kind: AssessmentKind }) {
  const canRead = usePermission('taxpayer:read');
  const isComplete = /^\d{10}$/.test(btin) && isValidBtin(btin);
  const taxpayer = useQuery({
    ...taxpayerQuery(btin),
    enabled: canRead && isComplete,
    retry: false,
  });
  if (!canRead || !isComplete) return null;
  if (taxpayer.isPending) {
    return (
      <Text size="sm" c="dimmed" role="status">
        Looking up the taxpayer…
      </Text>
    );
  }
  if (taxpayer.isError) {
    const isMissing = isApiError(taxpayer.error) && taxpayer.error.status === 404;
    return (
      <Text size="sm" c="red.8" role="status">
        {isMissing ? `No taxpayer has BTIN ${btin}.` : taxpayer.error.message}
      </Text>
    );
  }
  const isCompany = taxpayer.data.kind !== 'individual';
  return (
    <Text size="sm" role="status">
      Taxpayer: <strong>{taxpayer.data.displayName}</strong>
      {isCompany && kind === 'direct'
        ? ' — a company: personal income tax is assessed on individuals only.'
        : ''}
    </Text>
  );
}

function TradeCategoryField({ form }: { form: UseFormReturnType<BacklogValues> }) {
  const categories = useQuery(
    tradeCategoryListQuery(new URLSearchParams({ isActive: 'true', pageSize: '200' })),
  );
  return (
    <Select
      label="Trade category"
      description="The trade the old notice was for, when it says"
      placeholder={categories.isError ? 'Trade categories could not be loaded' : 'Not said'}
      data={(categories.data?.items ?? []).map((c) => ({ value: c.id, label: c.name }))}
      searchable
      clearable
      nothingFoundMessage="No trade category of that name"
      {...form.getInputProps('tradeCategoryId')}
    />
  );
}
