import { Alert, Button, Checkbox, Group, NumberInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { INSTRUMENT_TYPE_LABELS, STAMP_LAW_LABELS } from '../../../../shared/stampDuty/enums';
import type { StampDutyRuleTables } from '../../../../shared/stampDuty/schemas';
import { apiRequest, isApiError } from '../../../lib/api/api';
import { DateField } from '../../../lib/dates/DateField';
import { AppModal } from '../../../lib/dialogs/AppModal';
import { fieldByHead, showServerErrors } from '../../../lib/failures/formErrors';
import { formatCalendarDate } from '../../../lib/format';
import { NairaInput } from '../../../lib/money/NairaInput';
import { stampKeys } from '../queries';
import {
  type EditableRule,
  RULE_FORM_FIELDS,
  type RuleFormValues,
  ruleFormErrors,
  ruleFormOf,
  ruleUpdateOf,
} from './ruleForm';

/**
 * "Change" on the rules page (ADMIN): the rate or fixed duty, the exemption threshold, the
 * "to confirm" flag and the last day in force of one dated rule, sent with the version read
 * (PUT /api/v1/stamp-duty/rules/{id}; 409 when another administrator changed it since).
 */
export function RuleEditDialog({
  rule,
  onClose,
}: {
  rule: EditableRule | null;
  onClose: () => void;
}) {
  const title = rule ? `Change the rule: ${INSTRUMENT_TYPE_LABELS[rule.instrumentType]}` : '';
  return (
    <AppModal
      opened={rule !== null}
      onClose={onClose}
      title={title}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close the rule dialog' }}
    >
      {rule && <RuleForm key={`${rule.id}-${rule.version}`} rule={rule} onClose={onClose} />}
    </AppModal>
  );
}

const EXEMPTION_WORDS: Record<EditableRule['exemptionKind'], string> = {
  none: '',
  value_at_or_below: 'Exempt when the value is this amount or less',
  value_below: 'Exempt when the value is below this amount',
  annual_value_below: 'Exempt when the annual value is below this amount',
};

function RuleForm({ rule, onClose }: { rule: EditableRule; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<RuleFormValues>({
    mode: 'controlled',
    initialValues: ruleFormOf(rule),
    validate: (values) => ruleFormErrors(rule, values),
  });
  const save = useMutation({
    mutationFn: (values: RuleFormValues) =>
      apiRequest<StampDutyRuleTables>(
        `/api/v1/stamp-duty/rules/${encodeURIComponent(rule.id ?? '')}`,
        { method: 'PUT', body: ruleUpdateOf(rule, values) },
      ),
    onSuccess: (tables) => {
      queryClient.setQueryData(stampKeys.rules(), tables);
      notifications.show({
        color: 'green',
        title: 'Rule changed',
        message: `${rule.name}: instruments assessed from now on use the new values.`,
      });
      onClose();
    },
    onError: (error) => {
      // Another administrator changed it: the page shows their values; the dialog says so.
      if (isApiError(error) && error.code === 'CONFLICT') {
        void queryClient.invalidateQueries({ queryKey: stampKeys.rules() });
      }
      setFormError(showServerErrors(form, error, { fieldOf: fieldByHead(RULE_FORM_FIELDS) }));
    },
  });

  return (
    <form
      noValidate
      aria-label="Change the rule"
      onSubmit={form.onSubmit((values) => {
        setFormError(null);
        save.mutate(values);
      })}
    >
      <Stack gap="md">
        <Text size="sm">
          {rule.name} — {STAMP_LAW_LABELS[rule.law]}, in force from{' '}
          {formatCalendarDate(rule.validFrom)}.
        </Text>
        <Alert color="blue" variant="light" title="Instruments already assessed keep their rule">
          An instrument keeps the rule it was assessed under: this change applies only to
          instruments assessed after it is saved. Bills already raised are not recomputed.
        </Alert>
        {formError && (
          <Alert color="red" variant="light" title="The rule was not changed" role="alert">
            {formError}
          </Alert>
        )}
        {rule.kind === 'percent' && (
          <NumberInput
            label="Rate (% of the consideration)"
            description="For example 1.5 for 1.5 %; at most 4 decimal places"
            suffix=" %"
            decimalScale={4}
            // Not clamped: a rate over 100 % is told in words, not silently changed.
            clampBehavior="none"
            allowNegative={false}
            hideControls
            inputMode="decimal"
            required
            data-autofocus
            {...form.getInputProps('ratePercent')}
          />
        )}
        {rule.kind === 'flat' && (
          <NairaInput
            label="Fixed duty"
            description="The same amount whatever the consideration"
            required
            data-autofocus
            {...form.getInputProps('flatNaira')}
          />
        )}
        {rule.kind === 'lease_tiers' && (
          <Text size="sm" c="dimmed">
            A lease's duty depends on its term; its tiers are kept as they are here.
          </Text>
        )}
        {rule.exemptionKind !== 'none' && (
          <NairaInput
            label="Exemption threshold"
            description={EXEMPTION_WORDS[rule.exemptionKind]}
            required
            {...form.getInputProps('thresholdNaira')}
          />
        )}
        <DateField
          label="Last day in force"
          description="Leave empty while the rule is still in force"
          minDate={rule.validFrom}
          {...form.getInputProps('validTo')}
        />
        <Checkbox
          label="To confirm (no public source for these values yet)"
          {...form.getInputProps('toConfirm', { type: 'checkbox' })}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save the rule
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
