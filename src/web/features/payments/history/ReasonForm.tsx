import { Alert, Button, Group, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ReasonInput } from '../../../../shared/payments/views';
import { validateWith } from '../../../lib/failures/formErrors';

/**
 * Why a payment is reversed or a bill cancelled: the reason goes into the ledger and the audit
 * trail, so it is asked for in words (ReasonInput: 10 to 500 characters).
 */
export function ReasonForm(props: {
  title: string;
  description: string;
  submitLabel: string;
  isPending: boolean;
  error: Error | null;
  onSubmit: (input: ReasonInput) => void;
  onCancel: () => void;
}) {
  const form = useForm<ReasonInput>({
    mode: 'controlled',
    initialValues: { reason: '' },
    validate: validateWith(ReasonInput, (values: ReasonInput) => values),
  });
  return (
    <form
      noValidate
      aria-label={props.title}
      onSubmit={form.onSubmit((values) => props.onSubmit({ reason: values.reason.trim() }))}
    >
      <Stack gap="sm">
        <Textarea
          label="Reason"
          description={props.description}
          withAsterisk
          autosize
          minRows={3}
          maxLength={500}
          data-autofocus
          {...form.getInputProps('reason')}
        />
        {props.error && (
          <Alert color="red" variant="light" role="alert" title="Not done">
            {props.error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onCancel}>
            Cancel
          </Button>
          {/* red.9: white text on it is 5.5:1 (red.6 is 3.6:1). */}
          <Button type="submit" color="red.9" loading={props.isPending}>
            {props.submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
