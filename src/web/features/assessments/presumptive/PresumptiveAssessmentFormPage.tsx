import '../../../styles/forms.css';
import {
  Alert,
  Button,
  Grid,
  Group,
  NumberInput,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { assessmentKindsOf, TRADER_SIZES } from '../../../../shared/assessments/enums';
import type { AssessmentView } from '../../../../shared/assessments/views';
import { BAYELSA_STATE_ID } from '../../../../shared/states';
import { EARLIEST_TAX_YEAR, latestTaxYear } from '../../../../shared/tax';
import { api, isApiError } from '../../../lib/api';
import { fieldByHead, showServerErrors } from '../../../lib/formErrors';
import { NairaInput } from '../../../lib/money/NairaInput';
import { NoAccess } from '../../../lib/NoAccess';
import { meQuery } from '../../../lib/queries';
import { usePermission } from '../../../lib/usePermission';
import { TRADER_SIZE_LABELS } from '../categories/ruleText';
import { assessmentKeys, tradeCategoryListQuery } from '../common/queries';
import { PresumptiveAmount } from './PresumptiveAmount';
import {
  PRESUMPTIVE_FIELD_NAMES,
  type PresumptiveValues,
  presumptivePreview,
  presumptiveValidator,
  presumptiveValues,
  toPresumptiveInput,
} from './presumptiveForm';
import { TaxpayerByBtin, useTaxpayerByBtin } from './TaxpayerByBtin';
import { TradeLocationFields } from './TradeLocationFields';

/** The active categories, all on one page: a state has tens of them. */
const ACTIVE_CATEGORIES = new URLSearchParams({ isActive: 'true', sort: 'name', pageSize: '200' });

/**
 * taxs/presumptive-tax/new (docs/product.md §2 OFFICER_PA): a market trader assessed in a minute by
 * trade category and size, or by estimated turnover (docs/tax-rules.md, "Presumptive tax").
 * The amount shows before saving; the draft is then issued from the assessment's page.
 */
export function NewPresumptiveAssessmentPage() {
  const canCreate = usePermission('assessment:create');
  const { data: me } = useQuery(meQuery());
  const worksOnPresumptive = assessmentKindsOf(me?.user.userType ?? null).includes('presumptive');
  if (!canCreate || !worksOnPresumptive) return <NoAccess title="New Presumptive Assessment" />;
  return <PresumptiveForm />;
}

function PresumptiveForm() {
  useDocumentTitle('New Presumptive Assessment · RevDesk');
  const { btin: btinFromUrl } = useSearch({ strict: false }) as { btin?: unknown };
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const [categorySearch, setCategorySearch] = useState('');

  const categories = useQuery(tradeCategoryListQuery(ACTIVE_CATEGORIES));

  const form = useForm<PresumptiveValues>({
    mode: 'controlled',
    initialValues: presumptiveValues(
      typeof btinFromUrl === 'string' || typeof btinFromUrl === 'number' ? String(btinFromUrl) : '',
    ),
    validate: (values) => presumptiveValidator(() => categoryOf(values.tradeCategoryId))(values),
    validateInputOnBlur: true,
  });
  // Read from the cache, not this render's `categories`: the form keeps the validator it was
  // given first, and that one must still see the categories that loaded after it.
  const categoryOf = (id: string | null) =>
    queryClient
      .getQueryData(tradeCategoryListQuery(ACTIVE_CATEGORIES).queryKey)
      ?.items.find((c) => c.id === id) ?? null;
  const category = categoryOf(form.values.tradeCategoryId);
  const preview = presumptivePreview(category, form.values);

  const taxpayer = useTaxpayerByBtin(form.values.btin);
  // The trader's own LGA is where they usually trade: offered first, still changeable.
  const taxpayerLga = taxpayer.data?.stateId === BAYELSA_STATE_ID ? taxpayer.data.lgaId : null;
  const { getValues, setFieldValue } = form;
  // Once per taxpayer found: an LGA the officer cleared or chose stays as they left it.
  const lgaOfferedFor = useRef<number | null>(null);
  useEffect(() => {
    if (taxpayerLga === null || lgaOfferedFor.current === taxpayerLga) return;
    lgaOfferedFor.current = taxpayerLga;
    if (!getValues().lgaId) setFieldValue('lgaId', String(taxpayerLga));
  }, [taxpayerLga, getValues, setFieldValue]);

  const save = useMutation({
    mutationFn: (values: PresumptiveValues) =>
      api.post<AssessmentView>(
        '/api/v1/assessments/presumptive',
        toPresumptiveInput(values, categoryOf(values.tradeCategoryId)),
      ),
    onSuccess: (draft) => {
      void queryClient.invalidateQueries({ queryKey: assessmentKeys.all });
      notifications.show({
        color: 'green',
        title: 'Draft saved',
        message: `Presumptive tax of ${draft.taxpayerName ?? draft.btin} for ${draft.taxYear}. Check it and issue the notice.`,
      });
      void navigate({ to: '/birs/taxs/assessment/$id', params: { id: draft.id } });
    },
    onError: (error) => {
      // The BTIN is well formed but nobody has it (or the registry changed since the lookup).
      if (isApiError(error) && error.status === 404) {
        form.setFieldError('btin', error.message);
        setFormError('Some fields need correcting: see the messages beside them.');
        return;
      }
      if (isApiError(error) && error.status === 409) {
        setFormError(
          `${error.message} Open the taxpayer's assessments to see the one that stands, or change the year.`,
        );
        return;
      }
      setFormError(
        showServerErrors(form, error, {
          fieldOf: fieldByHead(PRESUMPTIVE_FIELD_NAMES),
          whenAllOnFields: null,
        }),
      );
    },
  });

  const categoryOptions = (categories.data?.items ?? []).map((c) => ({
    value: c.id,
    label: c.isDemo ? `${c.name} (demo value)` : c.name,
  }));
  const latestYear = latestTaxYear(new Date());
  const typedCategory = categorySearch.trim().toLowerCase();
  const isNoCategoryFound =
    categories.isSuccess &&
    typedCategory !== '' &&
    !categoryOptions.some((option) => option.label.toLowerCase().includes(typedCategory));

  return (
    <Stack gap="lg" maw={960}>
      <Stack gap={2}>
        <Title order={1} size="h2">
          New Presumptive Assessment
        </Title>
        <Text c="dimmed" size="sm">
          For traders and artisans whose income cannot be ascertained: the tax is presumed from the
          trade category and the size of the trade, or from the estimated turnover.
        </Text>
      </Stack>

      <form
        noValidate
        aria-label="New presumptive assessment"
        onSubmit={form.onSubmit((values) => {
          setFormError(null);
          save.mutate(values);
        })}
      >
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="md">
              <Paper withBorder radius="md" p="md">
                <Stack gap="md">
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <TaxpayerByBtin inputProps={form.getInputProps('btin')} taxpayer={taxpayer} />
                    <NumberInput
                      label="Year of assessment"
                      withAsterisk
                      min={EARLIEST_TAX_YEAR}
                      max={latestYear}
                      allowDecimal={false}
                      allowNegative={false}
                      thousandSeparator={false}
                      {...form.getInputProps('taxYear')}
                    />
                  </SimpleGrid>
                  <Select
                    label="Trade category"
                    withAsterisk
                    searchable
                    placeholder={
                      categories.isPending ? 'Loading the categories…' : 'Type to search'
                    }
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
                    <Radio.Group
                      label="Size of the trade"
                      withAsterisk
                      {...form.getInputProps('size')}
                    >
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
                </Stack>
              </Paper>

              <TradeLocationFields form={form} />
            </Stack>
          </Grid.Col>

          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="md">
              <PresumptiveAmount
                category={category}
                computation={preview}
                taxYear={form.values.taxYear}
              />
              {formError && (
                <Alert color="red" variant="light" role="alert" title="Not saved">
                  {formError}
                </Alert>
              )}
              <Group>
                <Button type="submit" loading={save.isPending}>
                  Save draft
                </Button>
                <Button variant="default" component={Link} to="/birs/taxs/presumptive-tax">
                  Cancel
                </Button>
              </Group>
            </Stack>
          </Grid.Col>
        </Grid>
      </form>
    </Stack>
  );
}
