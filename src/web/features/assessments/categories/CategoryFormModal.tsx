import {
  Alert,
  Button,
  Fieldset,
  Group,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  TRADE_CATEGORY_DESCRIPTION_MAX,
  TRADE_CATEGORY_NAME_MAX,
  TradeCategoryInput,
  type TradeCategoryView,
} from '../../../../shared/assessments/categories';
import { TRADE_CATEGORY_RULES, type TradeCategoryRule } from '../../../../shared/assessments/enums';
import { api, isApiError } from '../../../lib/api/api';
import { AppModal } from '../../../lib/dialogs/AppModal';
import { fieldByHead, showServerErrors, validateWith } from '../../../lib/failures/formErrors';
import { NairaInput } from '../../../lib/money/NairaInput';
import { assessmentKeys } from '../common/queries';
import { DemoBadge } from './CategoryTable';
import {
  CATEGORY_FIELD_NAMES,
  type CategoryValues,
  categoryValues,
  toCategoryInput,
  toCategoryPatch,
} from './categoryForm';
import { ruleSentence } from './ruleText';

/** The rule choice's short words; the list says them in full (TRADE_CATEGORY_RULE_LABELS). */
const RULE_CHOICES = {
  fixed_by_size: 'Fixed amount by size',
  percent_of_turnover: 'Percentage of turnover',
} as const satisfies Record<TradeCategoryRule, string>;

/** "New category" (no `category`) or the edit of one, in the house dialog (ADR 0012). */
export function CategoryFormModal(props: {
  opened: boolean;
  category: TradeCategoryView | null;
  onClose: () => void;
}) {
  const title = props.category ? `Edit ${props.category.name}` : 'New trade category';
  return (
    <AppModal
      opened={props.opened}
      onClose={props.onClose}
      title={title}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close the trade category form' }}
    >
      {/* Keyed by category: opening another starts from its own values. */}
      <CategoryForm
        key={props.category?.id ?? 'new'}
        category={props.category}
        title={title}
        onClose={props.onClose}
      />
    </AppModal>
  );
}

function CategoryForm({
  category,
  title,
  onClose,
}: {
  category: TradeCategoryView | null;
  title: string;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<CategoryValues>({
    mode: 'controlled',
    initialValues: categoryValues(category),
    validate: validateWith(TradeCategoryInput, toCategoryInput, {
      fieldOf: fieldByHead(CATEGORY_FIELD_NAMES),
    }),
    validateInputOnBlur: true,
  });

  const save = useMutation({
    mutationFn: (values: CategoryValues) =>
      category
        ? api.patch<TradeCategoryView>(
            `/api/v1/trade-categories/${category.id}`,
            toCategoryPatch(form.getInitialValues(), values, category.version),
          )
        : api.post<TradeCategoryView>('/api/v1/trade-categories', toCategoryInput(values)),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: assessmentKeys.tradeCategories() });
      notifications.show({
        color: 'green',
        title: category ? 'Trade category saved' : 'Trade category added',
        message: `${saved.name}: ${ruleSentence(saved)}`,
      });
      onClose();
    },
    onError: (error) => {
      setFormError(
        showServerErrors(form, error, {
          fieldOf: fieldByHead(CATEGORY_FIELD_NAMES),
          whenAllOnFields: null,
        }),
      );
      // Someone saved since this was opened: the list refetches, so reopening starts from theirs.
      if (isApiError(error) && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: assessmentKeys.tradeCategories() });
      }
    },
  });

  const isFixed = form.values.rule === 'fixed_by_size';
  const preview = toCategoryInput(form.values);

  return (
    <form
      noValidate
      aria-label={title}
      onSubmit={form.onSubmit((values) => {
        setFormError(null);
        save.mutate(values);
      })}
    >
      <Stack gap="md">
        {category?.isDemo && (
          <Alert color="orange" variant="light" title="Demo values" role="note">
            <Group gap={6}>
              <DemoBadge />
              <Text size="sm">
                This category came with the demo data: its amounts are not law. Set the
                state&rsquo;s published amounts.
              </Text>
            </Group>
          </Alert>
        )}
        <TextInput
          label="Name"
          withAsterisk
          maxLength={TRADE_CATEGORY_NAME_MAX}
          data-autofocus
          {...form.getInputProps('name')}
        />
        <Textarea
          label="Description"
          description="Who falls in this category, e.g. the markets and the goods"
          autosize
          minRows={2}
          maxLength={TRADE_CATEGORY_DESCRIPTION_MAX}
          {...form.getInputProps('description')}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="category-rule-label">
            Rule
          </Text>
          <SegmentedControl
            aria-labelledby="category-rule-label"
            fullWidth
            data={TRADE_CATEGORY_RULES.map((rule) => ({
              value: rule,
              label: RULE_CHOICES[rule],
            }))}
            value={form.values.rule}
            onChange={(value) => form.setFieldValue('rule', value as TradeCategoryRule)}
          />
        </Stack>
        {isFixed ? (
          <Fieldset legend="Yearly amount by size of the trade" variant="unstyled">
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <NairaInput label="Small trader" withAsterisk {...form.getInputProps('small')} />
              <NairaInput label="Medium trader" withAsterisk {...form.getInputProps('medium')} />
              <NairaInput label="Large trader" withAsterisk {...form.getInputProps('large')} />
            </SimpleGrid>
          </Fieldset>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NairaInput
              label="Exempt turnover up to"
              description="A trader whose yearly turnover is at most this pays nothing"
              withAsterisk
              {...form.getInputProps('threshold')}
            />
            <NumberInput
              label="Rate on turnover (%)"
              description="Charged on the whole turnover once it is above the threshold, e.g. 1"
              suffix=" %"
              decimalScale={2}
              min={0}
              max={100}
              allowNegative={false}
              hideControls
              inputMode="decimal"
              withAsterisk
              {...form.getInputProps('ratePercent')}
            />
          </SimpleGrid>
        )}
        {TradeCategoryInput.safeParse(preview).success && (
          <Text size="sm" c="dimmed" aria-live="polite">
            Assessors will see: {ruleSentence(preview)}.
          </Text>
        )}
        {category && (
          <Switch
            label="Active"
            description="Inactive categories are kept for past assessments but no longer offered to assessors"
            {...form.getInputProps('isActive', { type: 'checkbox' })}
          />
        )}

        {formError && (
          <Alert color="red" variant="light" role="alert" title="Not saved">
            {formError}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {category ? 'Save changes' : 'Add category'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
