import '../../../styles/forms.css';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Radio,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { INCOME_SOURCE_LABELS } from '../../../../shared/assessments/notices';
import type { AssessmentDetail, ObjectionView } from '../../../../shared/assessments/views';
import { formatKoboAsNaira } from '../../../../shared/money';
import { INCOME_SOURCES, MAX_INCOME_LINES } from '../../../../shared/tax';
import { api, isApiError, validationIssues } from '../../../lib/api/api';
import { AppModal } from '../../../lib/dialogs/AppModal';
import { selectOptions } from '../../../lib/format';
import { NairaInput } from '../../../lib/money/NairaInput';
import { DetailSkeleton } from '../../../lib/pending/skeletons';
import { assessmentKeys, assessmentQuery } from '../common/queries';
import { DecisionResult } from './DecisionResult';
import {
  type DecideValues,
  decideFieldOf,
  incomeLine,
  initialDecision,
  previewRevisedTax,
  storedFiguresOf,
  toDecideInput,
  validateDecision,
} from './decideForm';

/**
 * Deciding an objection (objection:decide; docs/tax-rules.md: answered within 90 days):
 * upheld or partly upheld with the revised figures (a new assessment replaces the old one), or
 * refused (the old one stands). Reasons are required: they go into the decision letter.
 */
export function DecideObjectionModal(props: { objection: ObjectionView; onClose: () => void }) {
  const [decided, setDecided] = useState<ObjectionView | null>(null);
  const assessment = useQuery(assessmentQuery(props.objection.assessmentId));
  const notice = props.objection.noticeNumber ?? 'this assessment';
  return (
    <AppModal
      opened
      onClose={props.onClose}
      title={decided ? 'Objection decided' : `Decide the objection to ${notice}`}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close the decision' }}
    >
      {decided ? (
        <DecisionResult objection={decided} onClose={props.onClose} />
      ) : assessment.isPending ? (
        <DetailSkeleton label="Loading the assessment…" cards={1} lines={3} columns={1} />
      ) : assessment.isError ? (
        <Alert color="red" variant="light" role="alert" title="The assessment could not be loaded">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{assessment.error.message}</Text>
            <Button size="xs" onClick={() => void assessment.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : (
        <DecisionForm
          objection={props.objection}
          assessment={assessment.data}
          onDecided={setDecided}
          onCancel={props.onClose}
        />
      )}
    </AppModal>
  );
}

function DecisionForm(props: {
  objection: ObjectionView;
  assessment: AssessmentDetail;
  onDecided: (objection: ObjectionView) => void;
  onCancel: () => void;
}) {
  const { objection, assessment } = props;
  const queryClient = useQueryClient();
  const stored = assessment.kind === 'direct' ? storedFiguresOf(assessment.input) : null;
  const deductions = stored?.deductions ?? {};
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<DecideValues>({
    mode: 'controlled',
    initialValues: initialDecision(assessment.kind, stored),
    validate: validateDecision,
  });
  const values = form.values;
  const isRevising = values.outcome === 'upheld' || values.outcome === 'partly_upheld';

  const decide = useMutation({
    mutationFn: (decision: DecideValues) =>
      api.post<ObjectionView>(
        `/api/v1/objections/${encodeURIComponent(objection.id)}/decide`,
        toDecideInput(decision, deductions),
      ),
    onSuccess: (view) => {
      void queryClient.invalidateQueries({ queryKey: assessmentKeys.all });
      props.onDecided(view);
    },
    onError: (error) => {
      const issues = validationIssues(error);
      const onFields = issues.filter((issue) => decideFieldOf(issue.path, values.basis));
      form.setErrors(
        Object.fromEntries(
          onFields.map((issue) => [decideFieldOf(issue.path, values.basis), issue.message]),
        ),
      );
      const elsewhere = issues.filter((issue) => !onFields.includes(issue));
      setFormError(
        issues.length === 0
          ? isApiError(error) && error.code === 'CONFLICT'
            ? `${error.message} Close this and look at the list again.`
            : error.message
          : elsewhere.map((issue) => issue.message).join(' ') ||
              'Some fields need correcting: see the messages beside them.',
      );
    },
  });

  return (
    <form
      noValidate
      aria-label="Decide the objection"
      onSubmit={form.onSubmit((decision) => {
        setFormError(null);
        decide.mutate(decision);
      })}
    >
      <Stack gap="md">
        <Text size="sm">
          {objection.taxpayerName} ({objection.btin}) disputes{' '}
          {formatKoboAsNaira(objection.disputedKobo)} of a tax of{' '}
          {formatKoboAsNaira(assessment.taxKobo)} for {assessment.taxYear}.
        </Text>
        <Radio.Group
          label="Decision"
          withAsterisk
          {...form.getInputProps('outcome')}
          value={values.outcome ?? ''}
        >
          <Stack gap="xs" mt={6}>
            <Radio
              value="upheld"
              label="Upheld: the taxpayer is right; the assessment is revised"
            />
            <Radio value="partly_upheld" label="Partly upheld: the assessment is revised in part" />
            <Radio value="refused" label="Refused: the assessment stands as issued" />
          </Stack>
        </Radio.Group>
        {isRevising && (
          <RevisedFigures
            form={form}
            assessment={assessment}
            deductions={deductions}
            canRecompute={stored !== null}
          />
        )}
        <Textarea
          label="Reasons"
          description="Printed in the decision letter to the taxpayer"
          withAsterisk
          autosize
          minRows={3}
          maxLength={4000}
          {...form.getInputProps('reasons')}
        />
        {formError && (
          <Alert color="red" variant="light" role="alert" title="The objection was not decided">
            {formError}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={decide.isPending}>
            Record decision
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function RevisedFigures(props: {
  form: UseFormReturnType<DecideValues>;
  assessment: AssessmentDetail;
  deductions: Parameters<typeof previewRevisedTax>[2];
  canRecompute: boolean;
}) {
  const { form, assessment } = props;
  const values = form.values;
  const preview =
    values.basis === 'income'
      ? previewRevisedTax(assessment.taxYear, values, props.deductions)
      : null;
  return (
    <Stack gap="sm" component="fieldset" m={0} p={0} style={{ border: 0 }}>
      <Text component="legend" fw={600} size="sm" p={0}>
        Revised figures
      </Text>
      {props.canRecompute && (
        <SegmentedControl
          aria-label="Revise by"
          data={[
            { value: 'income', label: 'Revised income' },
            { value: 'tax', label: 'Revised tax' },
          ]}
          value={values.basis}
          onChange={(basis) => form.setFieldValue('basis', basis as DecideValues['basis'])}
        />
      )}
      {values.basis === 'tax' ? (
        <NairaInput
          label="Revised tax (₦)"
          description={`The notice says ${formatKoboAsNaira(assessment.taxKobo)}`}
          withAsterisk
          {...form.getInputProps('revisedTax')}
        />
      ) : (
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            The income as it should have been; the notice's deductions and the {assessment.taxYear}{' '}
            law apply.
          </Text>
          {values.incomes.map((line, index) => (
            <Group key={line.key} align="flex-start" gap="xs" wrap="nowrap">
              <Select
                label={`Income ${index + 1}: source`}
                data={selectOptions(INCOME_SOURCES, INCOME_SOURCE_LABELS)}
                style={{ flex: 1 }}
                {...form.getInputProps(`incomes.${index}.source`)}
              />
              <NairaInput
                label={`Income ${index + 1}: amount (₦)`}
                style={{ flex: 1 }}
                {...form.getInputProps(`incomes.${index}.amount`)}
              />
              <ActionIcon
                variant="subtle"
                color="red.9"
                mt={28}
                size="lg"
                aria-label={`Remove income ${index + 1}`}
                disabled={values.incomes.length === 1}
                onClick={() => form.removeListItem('incomes', index)}
              >
                <IconTrash size={16} aria-hidden="true" />
              </ActionIcon>
            </Group>
          ))}
          {form.errors.incomes && (
            <Text c="red.8" size="sm" role="alert">
              {form.errors.incomes}
            </Text>
          )}
          <Group justify="space-between">
            <Button
              variant="default"
              size="xs"
              leftSection={<IconPlus size={14} aria-hidden="true" />}
              disabled={values.incomes.length >= MAX_INCOME_LINES}
              onClick={() => form.insertListItem('incomes', incomeLine())}
            >
              Add income
            </Button>
            <Text size="sm" aria-live="polite">
              Revised tax: <strong>{preview === null ? '—' : formatKoboAsNaira(preview)}</strong>{' '}
              (was {formatKoboAsNaira(assessment.taxKobo)})
            </Text>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
