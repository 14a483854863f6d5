import { Alert, Button, Group, List, Pagination, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TaxpayerHistoryEntry } from '../../../../shared/taxpayers';
import { formatLagosDateTime } from '../../../lib/format';
import { taxpayerHistoryQuery } from '../queries';

const HISTORY_PAGE_SIZE = 20;

const ACTION_LABELS: Record<string, string> = {
  'taxpayer.registered': 'Registered',
  'taxpayer.updated': 'Changed',
  'taxpayer.photo_changed': 'Photo changed',
  'taxpayer.exported': 'Exported',
};

/** A field's value as history shows it: "—" for nothing, lists and objects as text. */
function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return String(value);
  }
  return JSON.stringify(value);
}

function actionLabel(action: string): string {
  return ACTION_LABELS[action] ?? action.replace(/^taxpayer\./, '').replace(/[._-]/g, ' ');
}

/** `dateOfBirth` → "date of birth", `directors` → "directors". */
function fieldLabel(field: string): string {
  return field.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

/** Who changed what, when: newest first, a page at a time. */
export function TaxpayerHistory({ btin }: { btin: string }) {
  const [page, setPage] = useState(1);
  const history = useQuery(taxpayerHistoryQuery(btin, page, HISTORY_PAGE_SIZE));
  const totalPages = history.data ? Math.ceil(history.data.total / HISTORY_PAGE_SIZE) : 0;

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="change-history">
      <Title order={2} size="h4" mb="sm" id="change-history">
        Change history
      </Title>
      {history.isPending ? (
        <Text c="dimmed">Loading the change history…</Text>
      ) : history.isError ? (
        <Alert color="red" variant="light" role="alert" title="The history could not be loaded">
          <Group gap="sm">
            <Text size="sm">{history.error.message}</Text>
            <Button size="xs" onClick={() => void history.refetch()}>
              Try again
            </Button>
          </Group>
        </Alert>
      ) : history.data.items.length === 0 ? (
        <Text c="dimmed">No changes recorded.</Text>
      ) : (
        <Stack gap="md">
          <Stack gap="sm" component="ol" m={0} p={0}>
            {history.data.items.map((entry) => (
              <HistoryEntry key={`${entry.at}-${entry.action}`} entry={entry} />
            ))}
          </Stack>
          {totalPages > 1 && (
            <Pagination
              total={totalPages}
              value={page}
              onChange={setPage}
              getControlProps={(control) => ({ 'aria-label': `${control} page of the history` })}
            />
          )}
        </Stack>
      )}
    </Paper>
  );
}

function HistoryEntry({ entry }: { entry: TaxpayerHistoryEntry }) {
  return (
    <li style={{ listStyle: 'none' }}>
      <Text fw={600} size="sm">
        {actionLabel(entry.action)} · {formatLagosDateTime(entry.at)}
        {entry.actorName ? ` · ${entry.actorName}` : ''}
      </Text>
      {entry.changes.length > 0 && (
        <List size="sm" spacing={2} mt={4}>
          {entry.changes.map((change) => (
            <List.Item key={change.field}>
              <Text span fw={500} size="sm">
                {fieldLabel(change.field)}:
              </Text>{' '}
              {shown(change.before)} → {shown(change.after)}
            </List.Item>
          ))}
        </List>
      )}
    </li>
  );
}
