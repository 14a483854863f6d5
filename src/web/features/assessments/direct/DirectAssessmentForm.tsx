import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Group,
  Select,
  SimpleGrid,
  Text,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import {
  ASSESSMENT_STATUS_LABELS,
  STANDING_ASSESSMENT_STATUSES,
} from '../../../../shared/assessments/enums';
import type { AssessmentView } from '../../../../shared/assessments/views';
import { isValidBtin } from '../../../../shared/btin';
import { formatKoboAsNaira } from '../../../../shared/money';
import { computePersonalIncomeTax } from '../../../../shared/tax/compute';
import type {
  ComputeIncomeTaxInput,
  PersonalIncomeTaxComputation,
} from '../../../../shared/tax/schemas';
import { isApiError, validationIssues } from '../../../lib/api/api';
import { FIELDS_NEED_CORRECTING, toFieldErrors } from '../../../lib/failures/formErrors';
import { NairaInput } from '../../../lib/money/NairaInput';
import { useShellBase } from '../../../shell/shellPaths';
import { assessmentKeys } from '../common/queries';
import { AssessmentFormFrame } from '../form/AssessmentFormFrame';
import { FormSection } from '../form/FormSection';
import { DraftTaxpayer, TaxpayerField, useTaxpayerLookup } from '../form/TaxpayerField';
import { YearOfAssessmentSelect } from '../form/YearOfAssessmentSelect';
import { ComputationPanel } from './ComputationPanel';
import {
  checkValues,
  DEDUCTION_LABELS,
  type DirectFormValues,
  deductionsAllowedBy,
  fieldOfServerPath,
  INCOME_SOURCE_OPTIONS,
  incomeRow,
  lawOfYear,
  liveComputeInput,
  toCreateBody,
  toUpdateBody,
} from './formValues';
import { createDirectDraft, updateDirectDraft, yearAssessmentsQuery } from './queries';

/** The draft being edited: its id, the version read and whose it is. */
export type EditedDraft = { id: string; version: number; taxpayerName: string };

/** Light: the panel follows the typing without recomputing on every keystroke. */
const COMPUTE_DEBOUNCE_MS = 150;

function computeSafely(key: string): PersonalIncomeTaxComputation | null {
  const input = JSON.parse(key) as ComputeIncomeTaxInput | null;
  if (input === null) return null;
  try {
    return computePersonalIncomeTax(input);
  } catch {
    // A total beyond safe integers: the save's check names the field.
    return null;
  }
}

/**
 * The direct assessment form (docs/product.md §2 taxs/direct-assessment): the taxpayer, the year and
 * its law, incomes and deductions, the evidence seen; the tax computed beside it as the officer
 * types. Saves a draft (POST, or PUT at the version read) and opens the assessment's page.
 */
export function DirectAssessmentForm(props: {
  initialValues: DirectFormValues;
  draft?: EditedDraft;
}) {
  const { draft } = props;
  const navigate = useNavigate();
  const base = useShellBase();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);

  const form = useForm<DirectFormValues>({
    mode: 'controlled',
    initialValues: props.initialValues,
    validate: (values) => checkValues(values, new Date()),
  });
  const values = form.values;
  const lookup = useTaxpayerLookup(draft ? '' : values.btin, 'individuals');
  const law = lawOfYear(values.taxYear);
  const allowed = deductionsAllowedBy(law);

  const liveKey = JSON.stringify(liveComputeInput(values));
  const [debouncedKey] = useDebouncedValue(liveKey, COMPUTE_DEBOUNCE_MS);
  const computation = useMemo(() => computeSafely(debouncedKey), [debouncedKey]);

  const save = useMutation({
    mutationFn: (toSave: DirectFormValues): Promise<AssessmentView> =>
      draft
        ? updateDirectDraft(draft.id, toUpdateBody(toSave, draft.version))
        : createDirectDraft(toCreateBody(toSave)),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: assessmentKeys.all });
      await navigate({ to: `${base}/taxs/assessment/${saved.id}` });
    },
    onError: (error) => setFormError(showSaveErrors(form, error)),
  });

  // Refused before sending: the summary above the buttons says so, the fields say what.
  const showFieldsNeedCorrecting = () => setFormError(FIELDS_NEED_CORRECTING);
  const submit = form.onSubmit((submitted) => {
    setFormError(null);
    if (!draft && lookup.refusal) {
      form.setFieldError('btin', lookup.refusal);
      return;
    }
    save.mutate(submitted);
  }, showFieldsNeedCorrecting);

  return (
    <AssessmentFormFrame
      label="Direct assessment"
      onSubmit={submit}
      summary={<ComputationPanel computation={computation} isUpdating={liveKey !== debouncedKey} />}
      runningTax={computation ? formatKoboAsNaira(computation.taxKobo) : null}
      formError={formError}
      isSaving={save.isPending}
      cancelTo={draft ? `${base}/taxs/assessment/${draft.id}` : `${base}/taxs/direct-assessment`}
    >
      <FormSection title="Taxpayer and year">
        {draft ? (
          <DraftTaxpayer name={draft.taxpayerName} btin={values.btin} />
        ) : (
          <TaxpayerField
            value={values.btin}
            onChange={(btin) => form.setFieldValue('btin', btin)}
            onBlur={() => {
              if (values.btin !== '' && !isValidBtin(values.btin.trim()))
                form.validateField('btin');
            }}
            error={(form.errors.btin as string | undefined) ?? null}
            lookup={lookup}
            autoFocus={values.btin === ''}
          />
        )}
        <YearOfAssessmentSelect
          value={values.taxYear}
          onChange={(year) => form.setFieldValue('taxYear', year)}
          error={form.errors.taxYear}
          description={
            law ? `The law that applies: ${law.title}` : 'Choose the year to see its law.'
          }
        />
        <StandingWarning btin={values.btin} taxYear={values.taxYear} draftId={draft?.id} />
      </FormSection>

      <FormSection title="Income for the year">
        {values.incomes.map((row, index) => (
          <Group key={row.key} align="flex-start" gap="sm" wrap="nowrap">
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" style={{ flex: 1 }}>
              <Select
                label={`Income ${index + 1}: source`}
                data={INCOME_SOURCE_OPTIONS}
                withAsterisk
                allowDeselect={false}
                {...form.getInputProps(`incomes.${index}.source`)}
              />
              <NairaInput
                label={`Income ${index + 1}: amount`}
                withAsterisk
                {...form.getInputProps(`incomes.${index}.amount`)}
              />
            </SimpleGrid>
            <ActionIcon
              variant="subtle"
              color="red"
              mt={28}
              size="lg"
              aria-label={`Remove income ${index + 1}`}
              disabled={values.incomes.length === 1}
              onClick={() => form.removeListItem('incomes', index)}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        ))}
        {typeof form.errors.incomes === 'string' ? (
          <Text size="sm" c="red.8" role="alert">
            {form.errors.incomes}
          </Text>
        ) : null}
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            disabled={values.incomes.length >= 50}
            onClick={() => form.insertListItem('incomes', incomeRow())}
          >
            Add an income
          </Button>
        </Group>
      </FormSection>

      <FormSection title="Deductions claimed">
        {law === null ? (
          <Text size="sm" c="dimmed">
            Choose the year: the deductions the law of that year allows show here.
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            {allowed.map((kind) => (
              <NairaInput
                key={kind}
                label={DEDUCTION_LABELS[kind]}
                description={law.deductions[kind].note}
                {...form.getInputProps(`deductions.${kind}`)}
              />
            ))}
          </SimpleGrid>
        )}
        <Textarea
          label="Evidence seen"
          description="The documents you saw: receipts, bank statements, tenancy agreement, pension statement…"
          autosize
          minRows={2}
          maxRows={6}
          {...form.getInputProps('evidenceNote')}
        />
      </FormSection>
    </AssessmentFormFrame>
  );
}

/** A direct assessment already standing for this taxpayer and year: this draft could not be issued. */
function StandingWarning(props: { btin: string; taxYear: string; draftId: string | undefined }) {
  const base = useShellBase();
  const enabled = isValidBtin(props.btin.trim()) && props.taxYear !== '';
  const year = useQuery({
    ...yearAssessmentsQuery(props.btin.trim(), props.taxYear),
    enabled,
  });
  if (!enabled) return null;
  const standing = year.data?.items.find(
    (each) =>
      each.id !== props.draftId &&
      (STANDING_ASSESSMENT_STATUSES as readonly string[]).includes(each.status),
  );
  if (!standing) return null;
  return (
    <Alert color="notice" variant="light" title="Already assessed for this year">
      This taxpayer already has an assessment for {props.taxYear} (
      <Anchor component={Link} to={`${base}/taxs/assessment/${standing.id}`} inherit>
        {standing.noticeNumber ?? 'open it'}
      </Anchor>
      , {ASSESSMENT_STATUS_LABELS[standing.status].toLowerCase()}). A new draft can be saved, but it
      cannot be issued until that one is cancelled or revised.
    </Alert>
  );
}

type ErrorTarget = { setErrors: (errors: Record<string, string>) => void };

/**
 * Puts a refused save beside its fields (422 issues, a BTIN not found) and answers what is
 * left to say above the button: a 409 (stale version, no longer a draft) in the server's words.
 */
export function showSaveErrors(form: ErrorTarget, error: Error): string | null {
  if (isApiError(error) && error.code === 'TAXPAYER_NOT_FOUND') {
    form.setErrors({ btin: error.message });
    return null;
  }
  const issues = validationIssues(error);
  if (issues.length === 0) return error.message;
  const { errors, elsewhere } = toFieldErrors(issues, fieldOfServerPath);
  form.setErrors(errors);
  return elsewhere.length > 0 ? elsewhere.join(' ') : FIELDS_NEED_CORRECTING;
}
