import {
  Alert,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type GetInputPropsReturnType, type UseFormReturnType, useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { isValidBtin } from '../../../../shared/btin';
import { todayInLagos } from '../../../../shared/dates';
import {
  TCC_EXEMPTION_REASON_LABELS,
  TCC_EXEMPTION_REASONS,
  TCC_PURPOSE_LABELS,
  TCC_PURPOSES,
  TCC_STAGE_LABELS,
  type TccKind,
} from '../../../../shared/tcc/enums';
import { yearsCovered } from '../../../../shared/tcc/input';
import type { TccCreated, TccPreview, TccView } from '../../../../shared/tcc/views';
import { api, isApiError, validationIssues } from '../../../lib/api';
import { formatCalendarDate, formatLagosDateTime } from '../../../lib/format';
import { toFieldErrors } from '../../../lib/formErrors';
import { DetailSkeleton } from '../../../lib/pending/skeletons';
import { useShellBase } from '../../../shell/shellPaths';
import { TaxpayerByBtin, useTaxpayerByBtin } from '../../assessments/presumptive/TaxpayerByBtin';
import { mdaOptionsQuery } from '../../officers/queries';
import { tccKeys } from '../common/queries';
import { EnteredYears } from './EnteredYears';
import { HolderCard } from './HolderCard';
import { LedgerYears } from './LedgerYears';
import { tccPreviewQuery } from './queries';
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
import { type TccFormContext, validateTcc } from './validate';

const PURPOSE_CHOICES = TCC_PURPOSES.map((value) => ({ value, label: TCC_PURPOSE_LABELS[value] }));
const REASON_CHOICES = TCC_EXEMPTION_REASONS.map((value) => ({
  value,
  label: TCC_EXEMPTION_REASON_LABELS[value],
}));

/** A field's input props with more of the text box's own (its label, autofocus). */
function withExtras(
  props: GetInputPropsReturnType,
  extras: Record<string, unknown>,
): GetInputPropsReturnType {
  return { ...props, ...extras };
}

/** What a refused submission says above the form, beside what it put on the fields. */
type Refusal = { title: string; body: string } | null;

/** The certificate a DUPLICATE_CERTIFICATE refusal names (its `details`). */
type HeldCertificate = { id: string; number: string; expiresOn: string | null; message: string };

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
  const base = useShellBase();
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
    validate: (values) => validateTcc(context.current)(values),
  });

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
        {amending && <Rejection view={amending} />}

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
        {preview.data && (
          <Details
            form={form}
            kind={kind}
            preview={preview.data}
            amending={amending}
            employer={employer}
            employerRefusal={employerRefusal}
          />
        )}

        {refusal && (
          <Alert color="red" variant="light" role="alert" title={refusal.title}>
            {refusal.body}
          </Alert>
        )}
        {heldNow && (
          <Alert
            color="notice"
            variant="light"
            role="alert"
            title="The taxpayer already holds a certificate for this purpose"
            data-testid="tcc-duplicate-refusal"
          >
            <Stack gap="sm">
              <Text size="sm">{heldNow.message}</Text>
              <Text size="sm">
                <Link to={`${base}/taxs/tcc/${heldNow.id}`}>Open certificate {heldNow.number}</Link>
              </Text>
              <Textarea
                label="Why a second certificate is needed"
                description="Every approver sees this at the top of the new certificate"
                withAsterisk
                autosize
                minRows={2}
                maxLength={1000}
                value={duplicateReason}
                error={reasonError}
                onChange={(event) => setDuplicateReason(event.currentTarget.value)}
              />
              <Group justify="flex-end">
                {held && (
                  <Button variant="default" onClick={() => setHeld(null)}>
                    Not now
                  </Button>
                )}
                <Button loading={submit.isPending} onClick={generateSecond}>
                  {amending ? 'Send back with this reason' : 'Generate a second certificate'}
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
        {preview.data && (
          <Group justify="flex-end">
            <Button type="submit" loading={submit.isPending}>
              {amending ? 'Send back for approval' : 'Generate certificate'}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

/** Step 2: the holder card, the certificate's content for the kind, the amendment note. */
function Details(props: {
  form: UseFormReturnType<TccFormValues>;
  kind: TccKind;
  preview: TccPreview;
  amending: TccView | undefined;
  employer: ReturnType<typeof useTaxpayerByBtin>;
  employerRefusal: string | null;
}) {
  const { form, kind, preview, amending } = props;
  return (
    <>
      <HolderCard preview={preview} amendingId={amending?.id} />
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Text fw={600}>2. The certificate</Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label="Purpose"
              description="What the taxpayer needs the certificate for"
              placeholder="Choose the purpose"
              data={PURPOSE_CHOICES}
              // Every purpose in view: a dropdown that scrolls cannot be scrolled by keyboard.
              maxDropdownHeight={360}
              withAsterisk
              allowDeselect={false}
              {...form.getInputProps('purpose')}
            />
            {form.values.purpose === 'other' && (
              <TextInput
                label="What for"
                description="The purpose, in words"
                withAsterisk
                maxLength={200}
                {...form.getInputProps('purposeDetail')}
              />
            )}
            <TextInput
              label="Source of income"
              description="e.g. salary, trading, rent"
              withAsterisk
              maxLength={200}
              {...form.getInputProps('sourceOfIncome')}
            />
          </SimpleGrid>
          {kind === 'exemption' && <ExemptionFields form={form} />}
          {kind === 'paye' &&
            (amending ? (
              <TextInput
                label="Employer"
                value={`${amending.employer?.name ?? ''} (${amending.employer?.btin ?? ''})`}
                readOnly
              />
            ) : (
              <TaxpayerByBtin
                taxpayer={props.employer}
                inputProps={withExtras(form.getInputProps('employerBtin'), {
                  label: 'Employer BTIN',
                  error: form.errors.employerBtin || props.employerRefusal,
                })}
              />
            ))}
          {kind === 'mda-employee' && <MdaFields form={form} amending={amending} />}
          <Textarea
            label="Comment"
            description="Printed on the certificate when given"
            autosize
            minRows={2}
            maxLength={1000}
            {...form.getInputProps('comment')}
          />
        </Stack>
      </Paper>
      {readsLedger(kind) && <LedgerYears years={preview.years} form={form} />}
      {entersYears(kind) && <EnteredYears form={form} />}
      {amending && (
        <Textarea
          label="What you changed"
          description="Kept in the certificate’s history for the approvers: at least 5 characters"
          withAsterisk
          autosize
          minRows={2}
          maxLength={1000}
          {...form.getInputProps('note')}
        />
      )}
    </>
  );
}

function ExemptionFields({ form }: { form: UseFormReturnType<TccFormValues> }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <Select
        label="Why not liable"
        placeholder="Choose the reason"
        data={REASON_CHOICES}
        withAsterisk
        allowDeselect={false}
        {...form.getInputProps('exemptionReason')}
      />
      <Textarea
        label="Evidence seen"
        description="What you saw: a student ID, a pension letter… at least 10 characters"
        withAsterisk
        autosize
        minRows={2}
        maxLength={2000}
        {...form.getInputProps('evidenceNote')}
      />
    </SimpleGrid>
  );
}

function MdaFields(props: {
  form: UseFormReturnType<TccFormValues>;
  amending: TccView | undefined;
}) {
  const { form, amending } = props;
  const mdas = useQuery(mdaOptionsQuery());
  const choices = (mdas.data ?? [])
    .filter((mda) => mda.isActive || mda.id === form.values.mdaId)
    .map((mda) => ({ value: mda.id, label: `${mda.code} · ${mda.name}` }));
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      {amending ? (
        <TextInput label="MDA" value={amending.mda?.name ?? ''} readOnly />
      ) : (
        <Select
          label="MDA"
          description="The ministry, department or agency that employs the person"
          placeholder={mdas.isError ? 'MDAs could not be loaded' : 'Choose the MDA'}
          data={choices}
          searchable
          withAsterisk
          nothingFoundMessage="No MDA of that name"
          {...form.getInputProps('mdaId')}
        />
      )}
      {amending ? (
        <TextInput label="Staff number" value={amending.staffNumber ?? '—'} readOnly />
      ) : (
        <TextInput
          label="Staff number"
          description="On the payroll, when known"
          maxLength={40}
          {...form.getInputProps('staffNumber')}
        />
      )}
    </SimpleGrid>
  );
}

/** Why the certificate came back: the last rejection's stage, approver, reason and day. */
function Rejection({ view }: { view: TccView }) {
  const rejection = view.history.filter((entry) => entry.action === 'rejected').at(-1);
  return (
    <Alert color="red" variant="light" title={`Certificate ${view.number} was rejected`}>
      {rejection ? (
        <Stack gap={4}>
          <Text size="sm">
            By {rejection.actor?.name ?? 'an approver'}
            {rejection.stage ? `, ${TCC_STAGE_LABELS[rejection.stage]}` : ''}, on{' '}
            {formatLagosDateTime(rejection.at)}.
          </Text>
          <Text size="sm" data-testid="tcc-rejection-reason">
            Reason: <strong>{rejection.comment ?? 'none given'}</strong>
          </Text>
        </Stack>
      ) : (
        <Text size="sm">The rejection’s reason is not in its history.</Text>
      )}
    </Alert>
  );
}
