import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { TccView } from '../../../../shared/tcc/views';
import { formatCalendarDate, formatLagosDate } from '../../../lib/format';
import { useShellBase } from '../../../shell/shellPaths';
import { lastResubmission } from '../common/tccText';

/**
 * What every approver reads first, at the top of a certificate (docs/architecture.md §5): that it
 * is a second one while the taxpayer holds an approved, unexpired certificate of the kind and
 * purpose, and why; that it was rejected and resubmitted, why and what was changed.
 */
export function TccNotices({ view }: { view: TccView }) {
  const base = useShellBase();
  const resubmission = lastResubmission(view.history);
  if (!view.duplicate && !resubmission) return null;
  return (
    <Stack gap="sm">
      {view.duplicate && (
        <Alert
          color="notice"
          variant="light"
          role="note"
          title="A second certificate for this purpose"
          data-testid="tcc-duplicate-notice"
        >
          <Stack gap={4}>
            <Text size="sm">
              The taxpayer holds certificate{' '}
              <Anchor component={Link} to={`${base}/taxs/tcc/${view.duplicate.of.id}`}>
                {view.duplicate.of.number}
              </Anchor>
              , approved
              {view.duplicate.of.expiresOn
                ? ` and valid until ${formatCalendarDate(view.duplicate.of.expiresOn)}`
                : ''}
              .
            </Text>
            <Text size="sm">
              <Text span fw={600}>
                Reason given:
              </Text>{' '}
              {view.duplicate.reason}
            </Text>
          </Stack>
        </Alert>
      )}
      {resubmission && (
        <Alert
          color="blue"
          variant="light"
          role="note"
          title="Resubmitted after a rejection"
          data-testid="tcc-resubmitted-notice"
        >
          <Stack gap={4}>
            {resubmission.rejection && (
              <Text size="sm">
                <Text span fw={600}>
                  Rejected
                  {resubmission.rejection.by ? ` by ${resubmission.rejection.by}` : ''} on{' '}
                  {formatLagosDate(resubmission.rejection.at)}:
                </Text>{' '}
                {resubmission.rejection.reason ?? 'No reason was recorded.'}
              </Text>
            )}
            <Text size="sm">
              <Text span fw={600}>
                What was changed
                {resubmission.by
                  ? ` (${resubmission.by}, ${formatLagosDate(resubmission.at)})`
                  : ''}
                :
              </Text>{' '}
              {resubmission.note ?? 'No note was recorded.'}
            </Text>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
