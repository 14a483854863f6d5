import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { stageAwaited } from '../../../../shared/tcc/chain';
import { TCC_STAGE_LABELS } from '../../../../shared/tcc/enums';
import { TccApproveInput, TccReasonInput } from '../../../../shared/tcc/input';
import type { TccView } from '../../../../shared/tcc/views';
import { api, isApiError } from '../../../lib/api/api';
import { AppModal } from '../../../lib/dialogs/AppModal';
import { tccActionPath, tccCertificateUrl, tccKeys } from '../common/queries';

/**
 * The dialogs of one certificate's actions (ADR 0012), loaded when one opens: they validate
 * with the shared zod schemas, which stay off the page's first load (docs/architecture.md §9 "Web").
 */

export type TccModalAction = 'approve' | 'reject' | 'revoke' | 'print';

type Props = {
  opened: boolean;
  action: TccModalAction;
  view: TccView;
  onClose: () => void;
  /** The action went through (the page then shows its confirmation and the next in the queue). */
  onDone?: (action: TccModalAction) => void;
};

const TEXT: Record<
  TccModalAction,
  { title: string; button: string; failed: string; field?: string; color?: string }
> = {
  approve: { title: 'Approve this certificate', button: 'Approve', failed: 'It was not approved' },
  reject: {
    title: 'Reject this certificate',
    button: 'Reject',
    failed: 'It was not rejected',
    field: 'Reason for rejection',
    color: 'red.9',
  },
  revoke: {
    title: 'Revoke this certificate',
    button: 'Revoke',
    failed: 'It was not revoked',
    field: 'Reason for revocation',
    color: 'red.9',
  },
  print: { title: 'Print the certificate', button: 'Print', failed: 'It was not printed' },
};

/** What the action does, in words, above its field. */
function explanation(action: TccModalAction, view: TccView): string {
  const stage = stageAwaited(view.status);
  const at = stage ? TCC_STAGE_LABELS[stage] : 'this stage';
  switch (action) {
    case 'approve':
      return stage === 'chairman'
        ? 'Approving as Chairman issues the certificate: it gets its dates and can be printed.'
        : `Approving as ${at} sends the certificate on to the next step of the approvals.`;
    case 'reject':
      return `Rejecting as ${at} sends the certificate back to the officer who generated it, with your reason, to amend and resubmit.`;
    case 'revoke':
      return 'A revoked certificate is no longer valid: its QR code and the public check say so. This cannot be undone.';
    case 'print':
      return view.printCount === 0
        ? 'Printing records the print in the history and opens the certificate (PDF) in a new tab.'
        : `This certificate was printed ${view.printCount === 1 ? 'once' : `${view.printCount} times`} already: this print is recorded as a copy, and opens in a new tab.`;
  }
}

export function TccActionModal({ opened, action, view, onClose, onDone }: Props) {
  const queryClient = useQueryClient();
  const text = TEXT[action];
  const needsReason = action === 'reject' || action === 'revoke';
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: object) => api.post<TccView>(tccActionPath(view.id, action), body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: tccKeys.all });
      onDone?.(action);
      onClose();
    },
    // A 409: another officer acted on it first. The page reloads it to show what now stands.
    onError: (error) => {
      if (isApiError(error) && error.code === 'CONFLICT') {
        void queryClient.invalidateQueries({ queryKey: tccKeys.all });
      }
    },
  });

  const bodyOf = (): object | null => {
    const typed = value.trim();
    const parsed = needsReason
      ? TccReasonInput.safeParse({ reason: typed })
      : TccApproveInput.safeParse(typed ? { comment: typed } : {});
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? 'Check what you typed');
      return null;
    }
    setFieldError(null);
    return parsed.data;
  };

  const submit = () => {
    if (action === 'print') {
      // Opened in the click itself: a tab opened after the answer arrives is a blocked pop-up.
      const tab = window.open('about:blank', '_blank');
      save.mutate(
        {},
        {
          onSuccess: () => {
            if (tab) tab.location.href = tccCertificateUrl(view.id);
            else window.location.assign(tccCertificateUrl(view.id));
          },
          onError: () => tab?.close(),
        },
      );
      return;
    }
    const body = bodyOf();
    if (body) save.mutate(body);
  };

  const error = save.error;
  const isConflict = isApiError(error) && error.code === 'CONFLICT';
  return (
    <AppModal
      opened={opened}
      onClose={onClose}
      title={text.title}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form
        noValidate
        aria-label={text.title}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Text size="sm">{explanation(action, view)}</Text>
          {action !== 'print' && (
            <Textarea
              label={text.field ?? 'Comment (optional)'}
              description={
                needsReason
                  ? 'At least 5 characters; kept in the certificate’s history'
                  : 'Kept in the certificate’s history'
              }
              withAsterisk={needsReason}
              autosize
              minRows={3}
              maxLength={1000}
              value={value}
              error={fieldError}
              onChange={(event) => setValue(event.currentTarget.value)}
              data-autofocus
            />
          )}
          {error && (
            <Alert color="red" variant="light" role="alert" title={text.failed}>
              {isConflict
                ? `${error.message} Another officer may have acted on it while you had it open: the page now shows it as it stands.`
                : error.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {isConflict ? 'Back to the certificate' : 'Not now'}
            </Button>
            {!isConflict && (
              <Button
                type="submit"
                color={text.color}
                loading={save.isPending}
                data-autofocus={action === 'print' || undefined}
              >
                {text.button}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
