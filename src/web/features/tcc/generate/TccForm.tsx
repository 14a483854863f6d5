import { Alert, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { type GetInputPropsReturnType, useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { isValidBtin } from '../../../../shared/btin';
import { todayInLagos } from '../../../../shared/dates';
import { TCC_PURPOSE_LABELS, type TccKind, yearsCovered } from '../../../../shared/tcc/enums';
import type { TccCreated, TccPreview, TccView } from '../../../../shared/tcc/views';
import { api, isApiError, validationIssues } from '../../../lib/api/api';
import { toFieldErrors } from '../../../lib/failures/fieldErrors';
import { formatCalendarDate } from '../../../lib/format';
import { deferredChecks } from '../../../lib/forms/deferredChecks';
import { DetailSkeleton } from '../../../lib/pending/skeletons';
import { TaxpayerByBtin, useTaxpayerByBtin } from '../../assessments/presumptive/TaxpayerByBtin';
import { tccKeys } from '../common/queries';
import { tccPreviewQuery } from './queries';
import type { HeldCertificate } from './TccDetails';
import {
  emptyTccForm,
  enteredFlags,
  entersYears,
  formPathOf,
  justificationsFor,
  readsLedger,
  type TccFormValues,
  toGenerateInput,
  toResubmitInput,
  valuesFromView,
} from './tccForm';
import type { TccFormContext } from './validate';

/**
 * What the officer needs only once at work on the form is fetched then, not with the page
 * (docs/architecture.md §9 "Web": a signed-in page ≤ 300 KB): the checks (the API's zod
 * schemas) and step 2 (its money and date inputs). The first key or pointer pressed in the form
 * fetches both, while the officer types the BTIN and the preview is read.
 */
const checks = deferredChecks(() => import('./validate'));
const loadDetails = () => import('./TccDetails');
const TccDetails = lazy(() => loadDetails().then((module) => ({ default: module.TccDetails })));
const SecondCertificate = lazy(() =>
  loadDetails().then((module) => ({ default: module.SecondCertificate })),
);

function prefetchStepTwo() {
  checks.prefetch();
  // A failed fetch is tried again when step 2 is drawn, and fails there to the route's error page.
  loadDetails().catch(() => undefined);
}
const prefetchProps = { onKeyDownCapture: prefetchStepTwo, onPointerDownCapture: prefetchStepTwo };

/** A field's input props with more of the text box's own (its label, autofocus). */
function withExtras(
  props: GetInputPropsReturnType,
  extras: Record<string, unknown>,
): GetInputPropsReturnType {
  return { ...props, ...extras };
}

/** What a refused submission says above the form, beside what it put on the fields. */
type Refusal = { title: string; body: string } | null;

function heldOf(error: Error): HeldCertificate | null {
  if (!isApiError(error) || error.code !== 'DUPLICATE_CERTIFICATE') return null;
  const details = (error.details ?? {}) as Partial<HeldCertificate>;
  if (typeof details.id !== 'string' || typeof details.number !== 'string') return null;
  return {
    id: details.id,
    number: details.number,
    expiresOn: details.expiresOn ?? null,
    message: error.message,
  };
}

/**
 * The certificate the preview says the taxpayer holds for the purpose chosen, in the words of
 * the server's refusal, so the officer writes the reason before submitting, not after a 409.
 */
function heldInPreview(
  preview: TccPreview | undefined,
  purpose: string | null,
  amendingId: string | undefined,
): HeldCertificate | null {
  const held = preview?.held.find((h) => h.purpose === purpose && h.id !== amendingId);
  if (!held) return null;
  return {
    id: held.id,
    number: held.number,
    expiresOn: held.expiresOn,
    message: `The taxpayer already holds certificate ${held.number} for ${TCC_PURPOSE_LABELS[held.purpose].toLowerCase()}, approved and valid until ${formatCalendarDate(held.expiresOn)}. Print a copy of it, or write why a second one is needed.`,
  };
}

/** Why the preview refused the BTIN, in the officer's words (a company, no such taxpayer). */
function previewRefusal(error: Error): string {
  if (isApiError(error) && error.status === 404) return 'No taxpayer has this BTIN';
  const issue = validationIssues(error)[0];
  return issue?.message ?? error.message;
}

/**
 * The form of one kind (TccGenerateInput of src/shared/tcc/input.ts), or the amendment of a
 * rejected certificate (TccResubmitInput) when `amending` is given. Step 1 finds the taxpayer
 * and reads the preview; step 2, shown once the preview is in, is the certificate's content.
 */
export function TccForm(props: {
  kind: TccKind;
  amending?: TccView;
  /** Above the form when amending: why the certificate came back (AmendTcc.tsx). */
  rejection?: ReactNode;
  onDone: (done: TccCreated) => void;
}) {
  const { kind, amending } = props;
  const queryClient = useQueryClient();
  const [refusal, setRefusal] = useState<Refusal>(null);
  // The approved, unexpired certificate the taxpayer holds, once the server named it: a second
  // goes on only with the officer's written reason (docs/architecture.md §5, duplicates).
  const [held, setHeld] = useState<HeldCertificate | null>(null);
  const [duplicateReason, setDuplicateReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  // The form checks with what is known when Submit is pressed: the preview, the employer.
  const context = useRef<TccFormContext>({
    kind,
    amendingId: amending?.id,
    preview: undefined,
    employerRefusal: null,
  });
  const form = useForm<TccFormValues>({
    mode: 'controlled',
    initialValues: amending ? valuesFromView(amending) : emptyTccForm(yearsCovered(todayInLagos())),
    validate: checks.validate<TccFormValues>((module, values) =>
      module.validateTcc(context.current)(values),
    ),
  });
  // An amendment draws step 2 as soon as the preview is read: its code comes along with it.
  useEffect(() => {
    if (amending) prefetchStepTwo();
  }, [amending]);

  const btin = form.values.btin.trim();
  const taxpayer = useTaxpayerByBtin(btin);
  const preview = useQuery({
    ...tccPreviewQuery(kind, btin),
    // Asked as soon as the BTIN is whole: it answers who the holder is, or why they cannot be.
    enabled: amending !== undefined || (/^\d{10}$/.test(btin) && isValidBtin(btin)),
  });
  const employer = useTaxpayerByBtin(kind === 'paye' ? form.values.employerBtin : '');
  const employerRefusal =
    kind !== 'paye'
      ? null
      : employer.isError
        ? isApiError(employer.error) && employer.error.status === 404
          ? 'No taxpayer has this BTIN: the employer must be registered first'
          : employer.error.message
        : employer.data && employer.data.kind === 'individual'
          ? `${employer.data.displayName} is an individual: the employer must be a registered company`
          : null;
  context.current = {
    kind,
    amendingId: amending?.id,
    preview: preview.data,
    employerRefusal,
  };
  // What the server refused with wins over what the preview read (it may have changed since).
  const heldNow = held ?? heldInPreview(preview.data, form.values.purpose, amending?.id);

  // The justifications follow the flagged years: the ledger's (read from the preview) or the
  // typed ones' (PAYE paid short of the tax). What was written for a year still flagged stays.
  const flagged = readsLedger(kind)
    ? (preview.data?.years ?? []).filter((year) => year.flag !== null)
    : entersYears(kind)
      ? enteredFlags(form.values).filter((year) => year.flag !== null)
      : [];
  const flaggedKey = flagged.map((year) => year.year).join(',');
  const isTableKnown = !readsLedger(kind) || preview.data !== undefined;
  // What was written for each year, so a year flagged again (a paid amount retyped, the
  // preview read again) gets its text back.
  const written = useRef(new Map<number, string>());
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the flagged years change, and only then.
  useEffect(() => {
    if (!isTableKnown) return;
    const now = form.getValues().justifications;
    for (const entry of now) if (entry.text !== '') written.current.set(entry.year, entry.text);
    const next = justificationsFor(
      flagged,
      [...written.current].map(([year, text]) => ({ year, text })),
    );
    if (next.map((entry) => entry.year).join(',') !== now.map((entry) => entry.year).join(',')) {
      form.setFieldValue('justifications', next);
    }
  }, [flaggedKey, isTableKnown]);

  const submit = useMutation({
    mutationFn: ({ values, reason }: { values: TccFormValues; reason?: string }) =>
      amending
        ? api.post<TccCreated>(`/api/v1/tcc/${encodeURIComponent(amending.id)}/resubmit`, {
            ...toResubmitInput(kind, values),
            ...(reason ? { duplicateReason: reason } : {}),
          })
        : api.post<TccCreated>('/api/v1/tcc', {
            ...toGenerateInput(kind, values),
            ...(reason ? { duplicateReason: reason } : {}),
          }),
    onSuccess: (done) => {
      void queryClient.invalidateQueries({ queryKey: tccKeys.all });
      props.onDone({ id: done.id, number: done.number, status: done.status });
    },
    onError: (error) => {
      const named = heldOf(error);
      setHeld(named);
      setRefusal(named ? null : showRefusal(error));
    },
  });

  /** The reason for a second certificate, or null (and the field says why) when too short. */
  const checkedReason = (): string | null => {
    const reason = duplicateReason.trim();
    if (reason.length < 10) {
      setReasonError('Write why a second certificate is needed, in at least 10 characters');
      return null;
    }
    setReasonError(null);
    return reason;
  };

  const generateSecond = () => {
    const reason = checkedReason();
    if (reason === null) return;
    setRefusal(null);
    submit.mutate({ values: form.getValues(), reason });
  };

  function showRefusal(error: Error): Refusal {
    const title = amending
      ? 'The certificate was not sent back'
      : 'The certificate was not generated';
    const issues = validationIssues(error);
    if (issues.length > 0) {
      const { errors, elsewhere } = toFieldErrors(issues, formPathOf);
      form.setErrors(errors);
      return {
        title,
        body: elsewhere.join(' ') || 'Some fields need correcting: see the messages beside them.',
      };
    }
    if (isApiError(error) && error.code === 'CONFLICT') {
      // Another certificate for the purpose opened meanwhile, or someone moved this one: the
      // preview and the certificate are read again so the page shows what stands.
      void queryClient.invalidateQueries({ queryKey: tccKeys.all });
    }
    return { title, body: error.message };
  }

  const previewError = preview.isError ? previewRefusal(preview.error) : null;
  const btinProps = form.getInputProps('btin');

  return (
    <form
      noValidate
      aria-label={amending ? `Amend certificate ${amending.number}` : 'Generate a certificate'}
      {...prefetchProps}
      onSubmit={form.onSubmit(
        (values) => {
          setRefusal(null);
          // A held certificate the preview named: the reason is asked for here, not after a 409.
          const reason = heldNow ? checkedReason() : undefined;
          if (reason === null) return;
          setHeld(null);
          submit.mutate(reason ? { values, reason } : { values });
        },
        () => {
          setRefusal(null);
          // Every missing answer at once: the reason for a second certificate too.
          if (heldNow) checkedReason();
        },
      )}
    >
      <Stack gap="lg">
        {props.rejection}

        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <Text fw={600}>1. The taxpayer</Text>
            {amending ? (
              <TextInput label="Taxpayer BTIN" value={amending.btin} readOnly />
            ) : (
              <TaxpayerByBtin
                taxpayer={taxpayer}
                inputProps={withExtras(btinProps, {
                  'data-autofocus': true,
                  error: btinProps.error || previewError,
                })}
              />
            )}
            {preview.isFetching && !preview.data && (
              <Text size="sm" c="dimmed" role="status">
                Reading the taxpayer’s years…
              </Text>
            )}
          </Stack>
        </Paper>

        {amending && preview.isPending && <DetailSkeleton label="Reading the taxpayer’s years" />}
        {amending && previewError && (
          <Alert
            color="red"
            variant="light"
            role="alert"
            title="The taxpayer’s years could not be read"
          >
            {previewError}
          </Alert>
        )}
        {/* Step 2 and what follows it wait together for step 2's code: no Submit without it. */}
        <Suspense
          fallback={
            <DetailSkeleton
              label="Loading the certificate’s fields"
              withTitle={false}
              cards={1}
              columns={1}
            />
          }
        >
          {preview.data && (
            <TccDetails
              form={form}
              kind={kind}
              preview={preview.data}
              amending={amending}
              employerField={
                <TaxpayerByBtin
                  taxpayer={employer}
                  inputProps={withExtras(form.getInputProps('employerBtin'), {
                    label: 'Employer BTIN',
                    error: form.errors.employerBtin || employerRefusal,
                  })}
                />
              }
            />
          )}

          {refusal && (
            <Alert color="red" variant="light" role="alert" title={refusal.title}>
              {refusal.body}
            </Alert>
          )}
          {heldNow && (
            <SecondCertificate
              held={heldNow}
              amending={amending !== undefined}
              reason={duplicateReason}
              reasonError={reasonError}
              onReason={setDuplicateReason}
              onNotNow={held ? () => setHeld(null) : undefined}
              sending={submit.isPending}
              onSend={generateSecond}
            />
          )}
          {preview.data && (
            <Group justify="flex-end">
              <Button type="submit" loading={submit.isPending}>
                {amending ? 'Send back for approval' : 'Generate certificate'}
              </Button>
            </Group>
          )}
        </Suspense>
      </Stack>
    </form>
  );
}
