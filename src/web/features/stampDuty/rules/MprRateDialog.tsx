import { Alert, Button, Checkbox, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { StampDutyRuleTables } from '../../../../shared/stampDuty/schemas';
import { apiRequest } from '../../../lib/api/api';
import { DateField } from '../../../lib/dates/DateField';
import { AppModal } from '../../../lib/dialogs/AppModal';
import { fieldByHead, showServerErrors } from '../../../lib/failures/formErrors';
import { formatCalendarDate } from '../../../lib/format';
import { percentOfPpm } from '../format';
import { stampKeys } from '../queries';
import {
  firstDayAfter,
  type MprFormValues,
  type MprRow,
  mprCorrectionOf,
  mprFormErrors,
  mprFormOf,
  mprInputOf,
  RATE_FORM_FIELDS,
} from './rateForm';

/** Add a rate after the latest, or correct a mistake in one row. */
export type MprTarget = { kind: 'add'; latest: MprRow | null } | { kind: 'correct'; row: MprRow };

/**
 * "Add a rate" on the rules page (ADMIN): a new Monetary Policy Rate from a day
 * (POST /api/v1/stamp-duty/mpr-rates). The rate in force ends the day before; bills already
 * raised keep the interest they were charged (ADR 0033). "Correct" fixes a mistake in a row
 * (PUT …/mpr-rates/{id}): its rate only while nothing was billed at it, its source always.
 */
export function MprRateDialog({
  target,
  onClose,
}: {
  target: MprTarget | null;
  onClose: () => void;
}) {
  const title =
    target?.kind === 'correct' ? 'Correct a Monetary Policy Rate' : 'Add a Monetary Policy Rate';
  return (
    <AppModal
      opened={target !== null}
      onClose={onClose}
      title={title}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close the rate dialog' }}
    >
      {target && <MprForm target={target} title={title} onClose={onClose} />}
    </AppModal>
  );
}

function MprForm({
  target,
  title,
  onClose,
}: {
  target: MprTarget;
  title: string;
  onClose: () => void;
}) {
  const correcting = target.kind === 'correct' ? target.row : null;
  const latest = target.kind === 'add' ? target.latest : null;
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<MprFormValues>({
    mode: 'controlled',
    initialValues: mprFormOf(correcting ?? undefined),
    validate: (values) => mprFormErrors(latest, values),
  });
  const save = useMutation({
    mutationFn: (values: MprFormValues) =>
      correcting
        ? apiRequest<StampDutyRuleTables>(
            `/api/v1/stamp-duty/mpr-rates/${encodeURIComponent(correcting.id)}`,
            { method: 'PUT', body: mprCorrectionOf(values) },
          )
        : apiRequest<StampDutyRuleTables>('/api/v1/stamp-duty/mpr-rates', {
            method: 'POST',
            body: mprInputOf(values),
          }),
    onSuccess: (tables, values) => {
      queryClient.setQueryData(stampKeys.rules(), tables);
      notifications.show({
        color: 'green',
        title: correcting ? 'Rate corrected' : 'Rate added',
        message: `Bills raised from ${formatCalendarDate(values.validFrom ?? '')} charge interest at ${values.ratePercent} %.`,
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
      aria-label={title}
      onSubmit={form.onSubmit((values) => {
        setFormError(null);
        save.mutate(values);
      })}
    >
      <Stack gap="md">
        {latest && (
          <Text size="sm">
            In force: {percentOfPpm(latest.annualBasisPoints * 100)} from{' '}
            {formatCalendarDate(latest.validFrom)}. It ends the day before the new rate.
          </Text>
        )}
        {correcting ? (
          <Alert color="blue" variant="light" title="For a mistake in this row only">
            The rate changes only while no instrument was billed at it; its source and "to confirm"
            always. Its days stay: for a new rate from a later day, add a rate instead.
          </Alert>
        ) : (
          <Alert color="blue" variant="light" title="Bills already raised keep their interest">
            The rate applies to late-stamping bills raised from its first day. It cannot start on or
            before a day an instrument was billed.
          </Alert>
        )}
        {formError && (
          <Alert color="red" variant="light" title="The rate was not added" role="alert">
            {formError}
          </Alert>
        )}
        <NumberInput
          label="Rate a year (%)"
          description="For example 27.5; at most 2 decimal places"
          suffix=" %"
          decimalScale={2}
          // Not clamped: a rate over 100 % is told in words, not silently changed.
          clampBehavior="none"
          allowNegative={false}
          hideControls
          inputMode="decimal"
          required
          data-autofocus
          {...form.getInputProps('ratePercent')}
        />
        {correcting ? (
          <Text size="sm">
            In force {formatCalendarDate(correcting.validFrom)} –{' '}
            {correcting.validTo ? formatCalendarDate(correcting.validTo) : 'now'}
          </Text>
        ) : (
          <DateField
            label="In force from"
            description="The first day a bill is charged at this rate"
            required
            minDate={firstDayAfter(latest)}
            {...form.getInputProps('validFrom')}
          />
        )}
        <TextInput
          label="Source"
          description="The Central Bank's communiqué, or say it is to confirm"
          required
          maxLength={500}
          {...form.getInputProps('source')}
        />
        <Checkbox
          label="To confirm (no public source for this rate yet)"
          {...form.getInputProps('toConfirm', { type: 'checkbox' })}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {correcting ? 'Save the correction' : 'Add the rate'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
