import { Button, Code, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import type { AuditEventListResult, AuditEventView } from '../../../shared/audit';
import { actorText } from '../../lib/format';
import { type ListCards, ListTable } from '../../lib/lists/ListTable';
import { AuditEventDetails } from './AuditEventDetails';
import { formatAuditTime } from './format';

type Props = {
  data: AuditEventListResult | undefined;
  isFetching: boolean;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
};

/** One page of the trail, newest first; paging happens on the server. A row opens its diff. */
export function AuditTable({ data, isFetching, onPageChange, onPageSizeChange }: Props) {
  const [expanded, setExpanded] = useState<number[]>([]);
  const toggle = (id: number) =>
    setExpanded((ids) => (ids.includes(id) ? ids.filter((each) => each !== id) : [...ids, id]));

  const columns: DataTableColumn<AuditEventView>[] = [
    {
      accessor: 'open',
      title: 'Changes',
      width: 110,
      render: (event) => {
        const isOpen = expanded.includes(event.id);
        return (
          <Button
            size="compact-xs"
            variant="subtle"
            aria-expanded={isOpen}
            aria-label={`${isOpen ? 'Hide' : 'Show'} changes of audit row ${event.id}`}
            leftSection={
              isOpen ? (
                <IconChevronDown size={14} aria-hidden="true" />
              ) : (
                <IconChevronRight size={14} aria-hidden="true" />
              )
            }
            onClick={(click) => {
              click.stopPropagation();
              toggle(event.id);
            }}
          >
            {isOpen ? 'Hide' : 'Show'}
          </Button>
        );
      },
    },
    {
      accessor: 'occurredAt',
      title: 'Time (Lagos)',
      noWrap: true,
      render: (event) => formatAuditTime(event.occurredAt),
    },
    {
      accessor: 'actorUsername',
      title: 'Actor',
      width: 160,
      ellipsis: true,
      // The person by name; the username (what the actor filter takes) beneath it.
      render: (event) => (
        <Stack gap={0}>
          <Text size="sm" title={actorText(event) ?? undefined} truncate>
            {actorText(event) ?? '—'}
          </Text>
          {event.actorName && event.actorUsername && (
            <Text size="xs" c="dimmed" truncate>
              {event.actorUsername}
            </Text>
          )}
        </Stack>
      ),
    },
    { accessor: 'action', title: 'Action', render: (event) => <Code>{event.action}</Code> },
    {
      accessor: 'entityType',
      title: 'Entity',
      render: (event) => (
        <Stack gap={0}>
          <Text size="sm">{event.entityType}</Text>
          {event.entityId && (
            <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
              {event.entityId}
            </Text>
          )}
        </Stack>
      ),
    },
    { accessor: 'ip', title: 'IP address', noWrap: true, render: (event) => event.ip ?? '—' },
    { accessor: 'id', title: 'Row', textAlign: 'right', noWrap: true },
  ];

  // On a phone: the time, actor and action; a tap shows the row's changes inside the card.
  const cards: ListCards<AuditEventView> = {
    title: (event) => event.action,
    fields: [
      { label: 'Time', render: (event) => formatAuditTime(event.occurredAt) },
      {
        label: 'Actor',
        render: (event) =>
          event.actorName && event.actorUsername
            ? `${event.actorName} (${event.actorUsername})`
            : (actorText(event) ?? '—'),
      },
      { label: 'Entity', render: (event) => event.entityType },
    ],
    isExpanded: (event) => expanded.includes(event.id),
    footer: (event) => (expanded.includes(event.id) ? <AuditEventDetails event={event} /> : null),
  };

  return (
    <ListTable<AuditEventView>
      label="Audit trail"
      sortedBy="time, newest first"
      idAccessor="id"
      columns={columns}
      cards={cards}
      data={data}
      fetching={isFetching}
      loadingText="Loading the audit trail…"
      noRecordsText="No audit rows on this page"
      onPageChange={onPageChange}
      onPageSizeChange={onPageSizeChange}
      rowExpansion={{
        trigger: 'never',
        allowMultiple: true,
        expanded: {
          recordIds: expanded,
          onRecordIdsChange: (ids: unknown[]) => setExpanded(ids as number[]),
        },
        content: ({ record }) => <AuditEventDetails event={record} />,
      }}
      onOpen={(record) => toggle(record.id)}
    />
  );
}
