import { Alert, Button, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AssessmentReasonInput, ObjectionInput } from '../../../../shared/assessments/input';
import type { AssessmentBillView, AssessmentView } from '../../../../shared/assessments/views';
import { formatKoboAsNaira, nairaToKobo } from '../../../../shared/money';
import { formatRrr } from '../../../../shared/payments/rrrText';
import type { PaymentView } from '../../../../shared/payments/views';
import { api, isApiError } from '../../../lib/api/api';
import { AppModal } from '../../../lib/dialogs/AppModal';
import { fieldByHead, showServerErrors, validateWith } from '../../../lib/failures/formErrors';
import { NairaInput } from '../../../lib/money/NairaInput';
import { RaisedBill } from '../../payments/bills/RaisedBill';
import { paymentKeys } from '../../payments/queries';
import { assessmentKeys } from '../common/queries';
import { formatDay, objectionWindow } from './detailText';

/** Every change to an assessment moves lists, totals, the taxpayer's tab and its payments. */
function useInvalidateAssessments() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: assessmentKeys.all });
    void queryClient.invalidateQueries({ queryKey: paymentKeys.all });
  };
}

const path = (id: string, action: string) =>
  `/api/v1/assessments/${encodeURIComponent(id)}/${action}`;

function FormError({ title, message }: { title: string; message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" role="alert" title={title}>
      {message}
    </Alert>
  );
}

type ModalProps = { view: AssessmentView; onClose: () => void };

/** "Issue notice": the draft gets its notice number and due date; it can no longer be edited. */
export function IssueModal({ view, onClose }: ModalProps) {
  const invalidate = useInvalidateAssessments();
  const issue = useMutation({
    mutationFn: () => api.post<AssessmentView>(path(view.id, 'issue'), {}),
    onSuccess: () => {
      invalidate();
      onClose();
    },
    // A 409: someone issued it first, or another assessment stands for the year. The page
    // reloads the assessment so it shows what now stands.
    onError: (error) => {
      if (isApiError(error) && error.code === 'CONFLICT') invalidate();
    },
  });
  const error = issue.error;
  const conflict = isApiError(error) && error.code === 'CONFLICT';
  return (
    <AppModal
      opened
      onClose={onClose}
      title="Issue the notice of assessment"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <Text>
          Issuing gives this assessment its notice number and due date, for{' '}
          {formatKoboAsNaira(view.taxKobo)} of tax for {view.taxYear}. It can no longer be edited
          afterwards; a mistake then needs a cancellation or an objection.
        </Text>
        <FormError
          title={conflict ? 'The notice was not issued' : 'The notice could not be issued'}
          message={
            error
              ? conflict
                ? `${error.message} Someone may have acted on it while you had it open: the page now shows it as it stands.`
                : error.message
              : null
          }
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {conflict ? 'Back to the assessment' : 'Not now'}
          </Button>
          {!conflict && (
            <Button loading={issue.isPending} onClick={() => issue.mutate()} data-autofocus>
              Issue notice
            </Button>
          )}
        </Group>
      </Stack>
    </AppModal>
  );
}

/** "Cancel" and "Waive penalty": an action that needs the reason, audited with it. */
export function ReasonModal(
  props: ModalProps & {
    action: 'cancel' | 'waive-penalty';
  },
) {
  const isCancel = props.action === 'cancel';
  const invalidate = useInvalidateAssessments();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { reason: '' },
    validate: validateWith(AssessmentReasonInput, (values: { reason: string }) => ({
      reason: values.reason.trim(),
    })),
  });
  const save = useMutation({
    mutationFn: (reason: string) =>
      api.post<AssessmentView>(path(props.view.id, props.action), { reason }),
    onSuccess: () => {
      invalidate();
      props.onClose();
    },
    onError: (error) => setFormError(showServerErrors(form, error, { whenAllOnFields: null })),
  });
  return (
    <AppModal
      opened
      onClose={props.onClose}
      title={isCancel ? 'Cancel this assessment' : 'Waive penalty and interest'}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form
        noValidate
        aria-label={isCancel ? 'Cancel the assessment' : 'Waive the penalty'}
        onSubmit={form.onSubmit((values) => {
          setFormError(null);
          save.mutate(values.reason.trim());
        })}
      >
        <Stack gap="md">
          <Text size="sm">
            {isCancel
              ? 'A cancelled assessment asks nothing of the taxpayer; it stays on record with your reason. An assessment with money paid on it cannot be cancelled.'
              : `The penalty (${formatKoboAsNaira(props.view.penaltyKobo)}) and interest (${formatKoboAsNaira(props.view.interestKobo)}) are dropped now and will not run on; the tax outstanding is still owed.`}
          </Text>
          <Textarea
            label="Reason"
            description="At least 10 characters; kept in the assessment’s history"
            withAsterisk
            autosize
            minRows={3}
            maxLength={500}
            data-autofocus
            {...form.getInputProps('reason')}
          />
          <FormError
            title={isCancel ? 'The assessment was not cancelled' : 'The penalty was not waived'}
            message={formError}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              Back
            </Button>
            <Button type="submit" color={isCancel ? 'red.9' : undefined} loading={save.isPending}>
              {isCancel ? 'Cancel assessment' : 'Waive penalty'}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}

/** A bill of the assessment still waiting for its money (BILL_PENDING's details). */
export type PendingBill = { paymentId: string; rrr: string | null; amountKobo: number };

/** The pending bill the server named in a 409 BILL_PENDING, if that is what the error is. */
function pendingBillOf(error: unknown): PendingBill | null {
  if (!isApiError(error) || error.code !== 'BILL_PENDING') return null;
  const details = error.details as Partial<PendingBill> | undefined;
  if (!details?.paymentId || details.amountKobo === undefined) return null;
  return { paymentId: details.paymentId, rrr: details.rrr ?? null, amountKobo: details.amountKobo };
}

/**
 * "Raise bill": Remita issues an RRR for what the assessment asks today. An assessment has one
 * pending bill at a time: when it has one (the page knows it, or the server answers 409
 * BILL_PENDING), the dialog shows that bill and its RRR, and offers to use it, or to cancel it
 * and raise a new one; never a second RRR without saying so.
 */
export function BillModal({
  view,
  pending: pendingAtOpening = null,
  onClose,
}: ModalProps & { pending?: PendingBill | null }) {
  const invalidate = useInvalidateAssessments();
  const [bill, setBill] = useState<PaymentView | null>(null);
  const [pending, setPending] = useState<PendingBill | null>(pendingAtOpening);
  const raise = useMutation({
    mutationFn: (replacePendingBill?: string) =>
      api.post<AssessmentBillView>(
        path(view.id, 'bill'),
        replacePendingBill ? { replacePendingBill } : {},
      ),
    onSuccess: (answer) => {
      invalidate();
      setBill(answer.bill);
    },
    onError: (error) => {
      const named = pendingBillOf(error);
      if (named) {
        setPending(named);
        raise.reset();
        invalidate();
      }
    },
  });
  const extra = view.penaltyKobo + view.interestKobo;
  const title = bill
    ? 'Bill raised'
    : pending
      ? 'This assessment has a bill not yet paid'
      : 'Raise the bill';
  return (
    <AppModal
      opened
      onClose={onClose}
      title={title}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {bill ? (
        <RaisedBill bill={bill} onClose={onClose} />
      ) : pending ? (
        <Stack gap="md">
          <Text>
            A bill for {formatKoboAsNaira(pending.amountKobo)} was raised and is not paid yet.
            {pending.rrr
              ? ' Give the taxpayer its RRR, or cancel it and raise a new one for what the assessment asks today.'
              : ' Remita has not confirmed its RRR yet: wait for it, or cancel it and raise a new one.'}
          </Text>
          {pending.rrr && (
            <Stack gap={4} align="center" p="md" role="group" aria-label="The pending bill's RRR">
              <Text size="sm" c="dimmed">
                RRR
              </Text>
              <Title order={2} size="h1" ff="monospace" data-testid="pending-rrr">
                {formatRrr(pending.rrr)}
              </Title>
            </Stack>
          )}
          <Text size="sm" c="dimmed">
            A new bill is for {formatKoboAsNaira(view.amountDueKobo)}. Cancelling the old one means
            its RRR can no longer be paid.
          </Text>
          <FormError title="The bill was not raised" message={raise.error?.message ?? null} />
          <Group justify="flex-end">
            <Button
              variant="outline"
              color="red.9"
              loading={raise.isPending}
              onClick={() => raise.mutate(pending.paymentId)}
            >
              Cancel it and raise a new one
            </Button>
            <Button onClick={onClose} data-autofocus>
              Use this bill
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          <Text>
            Remita will issue an RRR for {formatKoboAsNaira(view.amountDueKobo)}: the tax
            outstanding ({formatKoboAsNaira(view.outstandingKobo)})
            {extra > 0
              ? ` plus penalty (${formatKoboAsNaira(view.penaltyKobo)}) and interest (${formatKoboAsNaira(view.interestKobo)}) counted to today`
              : ''}
            .
          </Text>
          <FormError title="The bill was not raised" message={raise.error?.message ?? null} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Not now
            </Button>
            <Button
              loading={raise.isPending}
              onClick={() => raise.mutate(undefined)}
              data-autofocus
            >
              Raise bill
            </Button>
          </Group>
        </Stack>
      )}
    </AppModal>
  );
}

type ObjectionValues = { grounds: string; disputed: number | string; lateReason: string };
const OBJECTION_NAMES = { disputedKobo: 'disputed' };

function toObjection(values: ObjectionValues) {
  return {
    grounds: values.grounds.trim(),
    disputedKobo: values.disputed === '' ? 0 : nairaToKobo(Number(values.disputed)),
    ...(values.lateReason.trim() ? { lateReason: values.lateReason.trim() } : {}),
  };
}

/** "Record objection": the taxpayer disputes the notice, within 30 days or with a late reason. */
export function ObjectionModal({ view, onClose }: ModalProps) {
  const invalidate = useInvalidateAssessments();
  const [formError, setFormError] = useState<string | null>(null);
  const filing = view.issuedAt ? objectionWindow(view.issuedAt) : null;
  const isLate = filing?.isLate ?? false;
  const form = useForm<ObjectionValues>({
    mode: 'controlled',
    initialValues: { grounds: '', disputed: '', lateReason: '' },
    validate: (values) => {
      const errors = validateWith(ObjectionInput, toObjection, {
        fieldOf: fieldByHead(OBJECTION_NAMES),
      })(values);
      if (isLate && !values.lateReason.trim()) {
        errors.lateReason = 'The days to object are over: record why it is accepted late';
      }
      return errors;
    },
  });
  const save = useMutation({
    mutationFn: (values: ObjectionValues) =>
      api.post(
        `/api/v1/assessments/${encodeURIComponent(view.id)}/objections`,
        toObjection(values),
      ),
    onSuccess: () => {
      invalidate();
      onClose();
    },
    onError: (error) =>
      setFormError(
        showServerErrors(form, error, {
          fieldOf: fieldByHead(OBJECTION_NAMES),
          whenAllOnFields: null,
        }),
      ),
  });
  return (
    <AppModal
      opened
      onClose={onClose}
      title="Record an objection"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form
        noValidate
        aria-label="Record an objection"
        onSubmit={form.onSubmit((values) => {
          setFormError(null);
          save.mutate(values);
        })}
      >
        <Stack gap="md">
          {filing && (
            <Text size="sm">
              {isLate
                ? `The 30 days to object ended on ${formatDay(filing.lastDay)}. The objection can still be recorded, with the reason it is accepted late.`
                : `The taxpayer may object until ${formatDay(filing.lastDay)} (30 days from the notice). The service answers within 90 days.`}
            </Text>
          )}
          <Textarea
            label="Grounds"
            description="What the taxpayer disputes and why, in at least 10 characters"
            withAsterisk
            autosize
            minRows={3}
            maxLength={4000}
            data-autofocus
            {...form.getInputProps('grounds')}
          />
          <NairaInput
            label="Amount disputed (₦)"
            description={`Of the tax of ${formatKoboAsNaira(view.taxKobo)}`}
            withAsterisk
            {...form.getInputProps('disputed')}
          />
          <Textarea
            label="Reason it is accepted late"
            description={
              isLate
                ? 'Required: the 30 days to object are over'
                : 'Only needed after the 30 days to object'
            }
            withAsterisk={isLate}
            autosize
            minRows={2}
            maxLength={1000}
            {...form.getInputProps('lateReason')}
          />
          <FormError title="The objection was not recorded" message={formError} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Back
            </Button>
            <Button type="submit" loading={save.isPending}>
              Record objection
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
