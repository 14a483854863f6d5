import { Alert, Badge, Button, Group, List, Stack, Table, Text, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { TCC_STAGE_LABELS, TCC_STATUS_LABELS, type TccStage } from '../../../../shared/tcc/enums';
import { TccBulkApproveInput } from '../../../../shared/tcc/input';
import type { TccBulkResult, TccListItem } from '../../../../shared/tcc/views';
import { api } from '../../../lib/api/api';
import { AppModal } from '../../../lib/dialogs/AppModal';
import { TCC_BULK_APPROVE_PATH, tccKeys } from '../common/queries';

/** How many selected numbers the dialog lists before "and n more". */
const LISTED = 8;

type Props = {
  opened: boolean;
  stage: TccStage;
  certificates: readonly TccListItem[];
  /** The ids the server approved: the list unticks them. */
  onApproved: (ids: string[]) => void;
  onClose: () => void;
};

/**
 * "Approve selected" (docs/product.md §4 approval flow, from a stage's pending list): one comment for
 * all, and each certificate approved in its own transaction, so one that someone else decided
 * meanwhile, or that this officer may not decide, fails alone and says why.
 */
export function BulkApproveModal({ opened, stage, certificates, onApproved, onClose }: Props) {
  const queryClient = useQueryClient();
  const [comment, setComment] = useState('');
  const [commentError, setCommentError] = useState<string | null>(null);
  const approve = useMutation({
    mutationFn: (body: TccBulkApproveInput) => api.post<TccBulkResult>(TCC_BULK_APPROVE_PATH, body),
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: tccKeys.all });
      onApproved(answer.results.filter((r) => r.outcome === 'approved').map((r) => r.id));
    },
  });
  const numberOf = new Map(certificates.map((c) => [c.id, c.number]));
  const results = approve.data?.results;

  const submit = () => {
    const parsed = TccBulkApproveInput.safeParse({
      ids: certificates.map((c) => c.id),
      ...(comment.trim() ? { comment: comment.trim() } : {}),
    });
    if (!parsed.success) {
      setCommentError(parsed.error.issues[0]?.message ?? 'Check the comment');
      return;
    }
    setCommentError(null);
    approve.mutate(parsed.data);
  };

  const approvedCount = results?.filter((r) => r.outcome === 'approved').length ?? 0;
  return (
    <AppModal
      opened={opened}
      onClose={onClose}
      title={
        results
          ? 'Approval results'
          : `Approve ${certificates.length} as ${TCC_STAGE_LABELS[stage]}`
      }
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {results ? (
        <Stack gap="md">
          <Text role="status">
            {approvedCount} of {results.length} approved
            {approvedCount < results.length
              ? `; ${results.length - approvedCount} not approved`
              : ''}
            .
          </Text>
          {/* On a phone the table scrolls sideways: focusable, so a keyboard can scroll it too. */}
          <Table.ScrollContainer
            minWidth={480}
            type="native"
            tabIndex={0}
            role="region"
            aria-label="Outcomes (scrolls sideways on a small screen)"
          >
            <Table aria-label="Outcome of each certificate">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Certificate</Table.Th>
                  <Table.Th>Outcome</Table.Th>
                  <Table.Th>Now</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {results.map((result) => (
                  <Table.Tr key={result.id}>
                    <Table.Td>{result.number ?? numberOf.get(result.id) ?? result.id}</Table.Td>
                    <Table.Td>
                      <Badge
                        color={result.outcome === 'approved' ? 'revenue.8' : 'red.9'}
                        variant="filled"
                        miw="max-content"
                      >
                        {result.outcome === 'approved' ? 'Approved' : 'Not approved'}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        {result.outcome === 'failed'
                          ? (result.message ?? 'It could not be approved.')
                          : result.status
                            ? TCC_STATUS_LABELS[result.status]
                            : ''}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="flex-end">
            <Button onClick={onClose} data-autofocus>
              Done
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          <Text size="sm">
            Each certificate moves on to the next step of the approvals. One that another officer
            decided meanwhile, or that you generated, is left as it is and the result says why.
          </Text>
          <List size="sm" aria-label="Selected certificates">
            {certificates.slice(0, LISTED).map((c) => (
              <List.Item key={c.id}>
                {c.number} · {c.name}
              </List.Item>
            ))}
          </List>
          {certificates.length > LISTED && (
            <Text size="sm" c="dimmed">
              and {certificates.length - LISTED} more
            </Text>
          )}
          <Textarea
            label="Comment (optional)"
            description="Kept in each certificate's history"
            autosize
            minRows={2}
            maxLength={1000}
            value={comment}
            error={commentError}
            onChange={(event) => setComment(event.currentTarget.value)}
            data-autofocus
          />
          {approve.error && (
            <Alert color="red" variant="light" role="alert" title="Nothing was approved">
              {approve.error.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Not now
            </Button>
            <Button loading={approve.isPending} onClick={submit}>
              Approve {certificates.length}
            </Button>
          </Group>
        </Stack>
      )}
    </AppModal>
  );
}
