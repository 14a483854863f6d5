import { Group, Radio, Select } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { TRADER_SIZES } from '../../../../shared/assessments/enums';
import type { AssessmentView } from '../../../../shared/assessments/views';
import { isValidBtin } from '../../../../shared/btin';
import { formatKoboAsNaira } from '../../../../shared/money';
import { BAYELSA_STATE_ID } from '../../../../shared/states';
import { api, apiRequest, isApiError } from '../../../lib/api/api';
import {
  FIELDS_NEED_CORRECTING,
  fieldByHead,
  showServerErrors,
} from '../../../lib/failures/formErrors';
import { NairaInput } from '../../../lib/money/NairaInput';
import { useShellBase } from '../../../shell/shellPaths';
import { TRADER_SIZE_LABELS } from '../categories/ruleText';
import { assessmentKeys, tradeCategoryListQuery } from '../common/queries';
import { AssessmentFormFrame } from '../form/AssessmentFormFrame';
import { FormSection } from '../form/FormSection';
import { DraftTaxpayer, TaxpayerField, useTaxpayerLookup } from '../form/TaxpayerField';
import { YearOfAssessmentSelect } from '../form/YearOfAssessmentSelect';
import { PresumptiveAmount } from './PresumptiveAmount';
import {
  PRESUMPTIVE_FIELD_NAMES,
  type PresumptiveValues,
  presumptivePreview,
  presumptiveValidator,
  toPresumptiveInput,
  toPresumptiveUpdate,
} from './presumptiveForm';
import { TradeLocationFields } from './TradeLocationFields';

/** The active categories, all on one page: a state has tens of them. */
const ACTIVE_CATEGORIES = new URLSearchParams({ isActive: 'true', sort: 'name', pageSize: '200' });

/** The draft being edited: its id, the version read and whose it is. */
export type EditedPresumptiveDraft = { id: string; version: number; taxpayerName: string };

/**
 * The presumptive assessment form (docs/product.md §2 taxs/presumptive-tax; docs/tax-rules.md,
 * "Presumptive tax"): the taxpayer and year, the trade category and its size or turnover, where
 * the trade is; the amount beside it as the officer chooses. In the direct form's frame
 * (form/AssessmentFormFrame.tsx). Saves a draft (POST, or PUT at the version read) and opens
 * the assessment's page, where it is issued.
 */
export function PresumptiveAssessmentForm(props: {
  initialValues: PresumptiveValues;
  draft?: EditedPresumptiveDraft;
}) {
  const { draft } = props;
  const navigate = useNavigate();
  const base = useShellBase();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const [categorySearch, setCategorySearch] = useState('');

  const categories = useQuery(tradeCategoryListQuery(ACTIVE_CATEGORIES));

  const form = useForm<PresumptiveValues>({
    mode: 'controlled',
    initialValues: props.initialValues,
    validate: (values) => presumptiveValidator(() => categoryOf(values.tradeCategoryId))(values),
    validateInputOnBlur: true,
  });
  // Read from the cache, not this render's `categories`: the form keeps the validator it was
  // given first, and that one must still see the categories that loaded after it.
  const categoryOf = (id: string | null) =>
    queryClient
      .getQueryData(tradeCategoryListQuery(ACTIVE_CATEGORIES).queryKey)
      ?.items.find((c) => c.id === id) ?? null;
  const values = form.values;
  const category = categoryOf(values.tradeCategoryId);
  const preview = presumptivePreview(category, values);

  // A draft's taxpayer stays: only a new assessment looks the BTIN up.
  const lookup = useTaxpayerLookup(draft ? '' : values.btin);
  // The trader's own LGA is where they usually trade: offered first, still changeable.
  const taxpayerLga =
    lookup.taxpayer?.stateId === BAYELSA_STATE_ID ? (lookup.taxpayer.lgaId ?? null) : null;
  const { getValues, setFieldValue } = form;
  // Once per taxpayer found: an LGA the officer cleared or chose stays as they left it.
  const lgaOfferedFor = useRef<number | null>(null);
  useEffect(() => {
    if (taxpayerLga === null || lgaOfferedFor.current === taxpayerLga) return;
    lgaOfferedFor.current = taxpayerLga;
    if (!getValues().lgaId) setFieldValue('lgaId', String(taxpayerLga));
  }, [taxpayerLga, getValues, setFieldValue]);

  const save = useMutation({
    mutationFn: (toSave: PresumptiveValues): Promise<AssessmentView> => {
      const chosen = categoryOf(toSave.tradeCategoryId);
      return draft
        ? apiRequest<AssessmentView>(
            `/api/v1/assessments/${encodeURIComponent(draft.id)}/presumptive`,
            { method: 'PUT', body: toPresumptiveUpdate(toSave, chosen, draft.version) },
          )
        : api.post<AssessmentView>(
            '/api/v1/assessments/presumptive',
            toPresumptiveInput(toSave, chosen),
          );
    },
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: assessmentKeys.all });
      notifications.show({
        color: 'green',
        title: 'Draft saved',
        message: `Presumptive tax of ${saved.taxpayerName ?? saved.btin} for ${saved.taxYear}. Check it and issue the notice.`,
      });
      await navigate({ to: `${base}/taxs/assessment/${saved.id}` });
    },
    onError: (error) => {
      // The BTIN is well formed but nobody has it (or the registry changed since the lookup).
      if (!draft && isApiError(error) && error.status === 404) {
        form.setFieldError('btin', error.message);
        setFormError(FIELDS_NEED_CORRECTING);
        return;
      }
      if (!draft && isApiError(error) && error.status === 409) {
        setFormError(
          `${error.message} Open the taxpayer's assessments to see the one that stands, or change the year.`,
        );
        return;
      }
      setFormError(
        showServerErrors(form, error, { fieldOf: fieldByHead(PRESUMPTIVE_FIELD_NAMES) }),
      );
    },
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

  const categoryOptions = (categories.data?.items ?? []).map((c) => ({
    value: c.id,
    label: c.isDemo ? `${c.name} (demo value)` : c.name,
  }));
  const typedCategory = categorySearch.trim().toLowerCase();
  const isNoCategoryFound =
    categories.isSuccess &&
    typedCategory !== '' &&
    !categoryOptions.some((option) => option.label.toLowerCase().includes(typedCategory));

  return (
    <AssessmentFormFrame
      label="Presumptive assessment"
      onSubmit={submit}
      summary={
        <PresumptiveAmount category={category} computation={preview} taxYear={values.taxYear} />
      }
      runningTax={preview ? formatKoboAsNaira(preview.taxKobo) : null}
      formError={formError}
      isSaving={save.isPending}
      cancelTo={draft ? `${base}/taxs/assessment/${draft.id}` : `${base}/taxs/presumptive-tax`}
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
          description="The year the trade is assessed for."
        />
      </FormSection>

      <FormSection title="The trade">
        <Select
          label="Trade category"
          withAsterisk
          searchable
          placeholder={categories.isPending ? 'Loading the categories…' : 'Type to search'}
          data={categoryOptions}
          // "Nothing found" is said under the box, not as a listbox without options
          // (axe aria-required-children), so a screen reader hears it too.
          searchValue={categorySearch}
          onSearchChange={setCategorySearch}
          description={
            categories.isError
              ? undefined
              : isNoCategoryFound
                ? 'No active category has this name'
                : category
                  ? category.description
                  : 'The trade as the category table names it'
          }
          {...form.getInputProps('tradeCategoryId')}
          error={
            form.getInputProps('tradeCategoryId').error ??
            (categories.isError
              ? `The categories could not be loaded: ${categories.error.message}`
              : undefined)
          }
        />
        {category?.rule === 'fixed_by_size' && (
          <Radio.Group label="Size of the trade" withAsterisk {...form.getInputProps('size')}>
            <Group gap="lg" mt={6}>
              {TRADER_SIZES.map((size) => (
                <Radio key={size} value={size} label={TRADER_SIZE_LABELS[size]} />
              ))}
            </Group>
          </Radio.Group>
        )}
        {category?.rule === 'percent_of_turnover' && (
          <NairaInput
            label="Estimated annual turnover"
            description="What the trader sells in a year, as estimated with them"
            withAsterisk
            {...form.getInputProps('estimatedTurnover')}
          />
        )}
      </FormSection>

      <TradeLocationFields form={form} />
    </AssessmentFormFrame>
  );
}
