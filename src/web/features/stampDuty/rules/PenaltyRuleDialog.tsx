import {
  Alert,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Radio,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { STAMP_LAW_LABELS, type StampLaw } from '../../../../shared/stampDuty/enums';
import type { StampDutyRuleTables } from '../../../../shared/stampDuty/schemas';
import { apiRequest } from '../../../lib/api/api';
import { DateField } from '../../../lib/dates/DateField';
import { AppModal } from '../../../lib/dialogs/AppModal';
import { fieldByHead, showServerErrors } from '../../../lib/failures/formErrors';
import { formatCalendarDate } from '../../../lib/format';
import { stampKeys } from '../queries';
import {
  firstDayAfter,
  type PenaltyFormValues,
  type PenaltyRow,
  penaltyCorrectionOf,
  penaltyFormErrors,
  penaltyFormOf,
  penaltyFormOfRow,
  penaltyInputOf,
  RATE_FORM_FIELDS,
} from './rateForm';

/** Add a row after the law's latest, or (`correcting`) fix a mistake in one row. */
export type PenaltyTarget = { law: StampLaw; latest: PenaltyRow | null; correcting?: PenaltyRow };

/**
 * "Add a setting" on the rules page (ADMIN): a new late-stamping penalty row of a law, by the
 * date of execution (POST /api/v1/stamp-duty/penalty-rules). The law's latest row ends the
 * day before; instruments already billed keep their penalty (ADR 0033). "Correct" fixes a
 * mistake in a row (PUT …/penalty-rules/{id}): its figures only while nothing was billed under
 * it, its source always.
 */
export function PenaltyRuleDialog({
  target,
  onClose,
}: {
  target: PenaltyTarget | null;
  onClose: () => void;
}) {
  return (
    <AppModal
      opened={target !== null}
      onClose={onClose}
      title={
        target
          ? `${target.correcting ? 'Correct' : 'Add'} a late-stamping setting: ${STAMP_LAW_LABELS[target.law]}`
          : ''
      }
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close the penalty dialog' }}
    >
      {target && (
        <PenaltyForm
          key={`${target.law}-${target.correcting?.id ?? 'new'}`}
          target={target}
          onClose={onClose}
        />
      )}
    </AppModal>
  );
}

function PenaltyForm({ target, onClose }: { target: PenaltyTarget; onClose: () => void }) {
  const { law, correcting } = target;
  // A correction keeps its day: no start to check against the latest row.
  const latest = correcting ? null : target.latest;
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<PenaltyFormValues>({
    mode: 'controlled',
    initialValues: correcting ? penaltyFormOfRow(correcting) : penaltyFormOf(latest),
    validate: (values) => penaltyFormErrors(latest, values),
  });
  const save = useMutation({
    mutationFn: (values: PenaltyFormValues) =>
      correcting
        ? apiRequest<StampDutyRuleTables>(
            `/api/v1/stamp-duty/penalty-rules/${encodeURIComponent(correcting.id)}`,
            { method: 'PUT', body: penaltyCorrectionOf(values) },
          )
        : apiRequest<StampDutyRuleTables>('/api/v1/stamp-duty/penalty-rules', {
            method: 'POST',
            body: penaltyInputOf(law, values),
          }),
    onSuccess: (tables, values) => {
      queryClient.setQueryData(stampKeys.rules(), tables);
      notifications.show({
        color: 'green',
        title: correcting ? 'Late-stamping setting corrected' : 'Late-stamping setting added',
        message: `Instruments executed from ${formatCalendarDate(values.validFrom ?? '')} and billed from now on use it.`,
      });
      onClose();
    },
    onError: (error) => {
      setFormError(showServerErrors(form, error, { fieldOf: fieldByHead(RATE_FORM_FIELDS) }));
    },
  });

  return (
    <form
      noValidate
      aria-label={correcting ? 'Correct a late-stamping setting' : 'Add a late-stamping setting'}
      onSubmit={form.onSubmit((values) => {
        setFormError(null);
        save.mutate(values);
      })}
    >
      <Stack gap="md">
        {!correcting && latest && (
          <Text size="sm">
            In force for instruments executed from {formatCalendarDate(latest.validFrom)}
            {latest.validTo ? ` to ${formatCalendarDate(latest.validTo)}` : ''}. It ends the day
            before the new setting.
          </Text>
        )}
        <Alert color="blue" variant="light" title="Bills already raised keep their penalty">
          The setting applies by the date of execution to bills raised after it is saved. It cannot
          start on or before the date of execution of an instrument already billed.
        </Alert>
        {formError && (
          <Alert color="red" variant="light" title="The setting was not added" role="alert">
            {formError}
          </Alert>
        )}
        <NumberInput
          label="Days allowed after execution"
          description="Stamped within these days: no penalty"
          allowNegative={false}
          allowDecimal={false}
          clampBehavior="none"
          hideControls
          inputMode="numeric"
          required
          data-autofocus
          {...form.getInputProps('graceDays')}
        />
        <NumberInput
          label="Penalty (% of the unpaid duty)"
          description="Charged once; at most 2 decimal places"
          suffix=" %"
          decimalScale={2}
          clampBehavior="none"
          allowNegative={false}
          hideControls
          inputMode="decimal"
          required
          {...form.getInputProps('penaltyPercent')}
        />
        <Radio.Group label="Interest, by the day" required {...form.getInputProps('interestBasis')}>
          <Group mt="xs">
            <Radio value="mpr" label="At the Monetary Policy Rate" />
            <Radio value="fixed" label="At a fixed rate" />
          </Group>
        </Radio.Group>
        {form.values.interestBasis === 'fixed' && (
          <NumberInput
            label="Interest a year (%)"
            suffix=" %"
            decimalScale={2}
            clampBehavior="none"
            allowNegative={false}
            hideControls
            inputMode="decimal"
            required
            {...form.getInputProps('interestPercent')}
          />
        )}
        {correcting ? (
          <Text size="sm">
            For instruments executed {formatCalendarDate(correcting.validFrom)} –{' '}
            {correcting.validTo ? formatCalendarDate(correcting.validTo) : 'now'}
          </Text>
        ) : (
          <DateField
            label="For instruments executed from"
            required
            minDate={firstDayAfter(latest)}
            maxDate={latest?.validTo ?? undefined}
            {...form.getInputProps('validFrom')}
          />
        )}
        <TextInput
          label="Source"
          description="The section of the law or the circular, or say it is to confirm"
          required
          maxLength={500}
          {...form.getInputProps('source')}
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
            {correcting ? 'Save the correction' : 'Add the setting'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
