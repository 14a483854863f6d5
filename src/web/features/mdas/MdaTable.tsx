import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Stack,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconPencil } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import type { MdaPage, MdaView } from '../../../shared/mdas';
import { MDA_CATEGORY_LABELS } from '../../../shared/mdas/enums';
import { type ListCards, ListTable } from '../../lib/lists/ListTable';
import { sortText } from '../../lib/lists/sortText';
import { MdaListSearch } from './listSearch';
import { RemitaFaultBadge } from './RemitaFault';
import { RevenueHeadsPanel } from './RevenueHeadsPanel';

type Props = {
  data: MdaPage | undefined;
  isFetching: boolean;
  canWrite: boolean;
  onEdit: (mda: MdaView) => void;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
};

/**
 * One page of MDAs. Each row opens to its revenue heads through a button (a row click is no
 * use to a keyboard); administrators edit the heads there.
 */
export function MdaTable({ data, isFetching, canWrite, onEdit, ...handlers }: Props) {
  const [expanded, setExpanded] = useState<string[]>([]);
  const toggle = (id: string) =>
    setExpanded((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));

  // In a phone's card each button is a 44 px tap target; in a table row they stay compact.
  const editButton = (mda: MdaView, isCard = false) => (
    <Tooltip label="Edit">
      <ActionIcon
        variant="subtle"
        size={isCard ? 44 : 'md'}
        aria-label={`Edit ${mda.name}`}
        onClick={() => onEdit(mda)}
      >
        <IconPencil size={18} aria-hidden="true" />
      </ActionIcon>
    </Tooltip>
  );

  const headsButton = (mda: MdaView, isCard = false) => {
    const isOpen = expanded.includes(mda.id);
    const active = mda.revenueHeads.filter((h) => h.isActive).length;
    return (
      <Button
        variant="subtle"
        size={isCard ? 'sm' : 'compact-sm'}
        h={isCard ? 44 : undefined}
        aria-expanded={isOpen}
        aria-label={`${isOpen ? 'Hide' : 'Show'} the revenue heads of ${mda.name}`}
        leftSection={
          isOpen ? (
            <IconChevronDown size={14} aria-hidden="true" />
          ) : (
            <IconChevronRight size={14} aria-hidden="true" />
          )
        }
        onClick={() => toggle(mda.id)}
      >
        {active} active
        {mda.revenueHeads.length > active ? ` of ${mda.revenueHeads.length}` : ''}
      </Button>
    );
  };

  const columns: DataTableColumn<MdaView>[] = [
    { accessor: 'code', title: 'Code', noWrap: true },
    {
      accessor: 'name',
      title: 'Name',
      // A long name ends in an ellipsis, whole on hover, instead of wrapping into a tower.
      width: 320,
      render: (mda) => (
        <Stack gap={0}>
          <Text size="sm" fw={500} truncate="end" title={mda.name}>
            {mda.name}
          </Text>
          {mda.shortName && (
            <Text size="xs" c="dimmed">
              {mda.shortName}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      accessor: 'category',
      title: 'Category',
      noWrap: true,
      render: (mda) => MDA_CATEGORY_LABELS[mda.category],
    },
    {
      accessor: 'revenueHeads',
      title: 'Revenue heads',
      noWrap: true,
      render: (mda) => headsButton(mda),
    },
    ...(canWrite
      ? [
          {
            accessor: 'hasRemitaCredentials',
            title: 'Remita',
            noWrap: true,
            render: (mda: MdaView) => (
              <Group gap={6} wrap="nowrap">
                <Badge color={mda.hasRemitaCredentials ? 'revenue.8' : 'gray.7'} variant="filled">
                  {mda.hasRemitaCredentials ? 'Key set' : 'No key'}
                </Badge>
                {mda.merchantId && (
                  <Text size="xs" c="dimmed">
                    {mda.merchantId}
                  </Text>
                )}
                {mda.remitaFault && <RemitaFaultBadge fault={mda.remitaFault} />}
              </Group>
            ),
          } satisfies DataTableColumn<MdaView>,
        ]
      : []),
    {
      accessor: 'isActive',
      title: 'Status',
      noWrap: true,
      render: statusBadge,
    },
    ...(canWrite
      ? [
          {
            accessor: 'actions',
            title: <VisuallyHidden>Actions</VisuallyHidden>,
            textAlign: 'right',
            render: (mda: MdaView) => editButton(mda),
          } satisfies DataTableColumn<MdaView>,
        ]
      : []),
  ];

  // On a phone: the code and name, the status, and the row's buttons and revenue heads.
  const cards: ListCards<MdaView> = {
    title: (mda) => mda.name,
    fields: [
      { label: 'Code', render: (mda) => mda.code },
      { label: 'Status', render: statusBadge },
    ],
    footer: (mda) => (
      <>
        <Group justify="space-between" wrap="nowrap">
          {headsButton(mda, true)}
          {canWrite && editButton(mda, true)}
        </Group>
        {expanded.includes(mda.id) && <RevenueHeadsPanel mda={mda} canWrite={canWrite} />}
      </>
    ),
  };

  return (
    <ListTable<MdaView>
      label="MDAs"
      sortedBy={sortText('code')}
      idAccessor="id"
      columns={columns}
      cards={cards}
      data={data}
      fetching={isFetching}
      loadingText="Loading MDAs…"
      noRecordsText="No MDAs on this page"
      pageSizes={MdaListSearch.pageSizes}
      onPageChange={handlers.onPageChange}
      onPageSizeChange={handlers.onPageSizeChange}
      rowExpansion={{
        trigger: 'never',
        allowMultiple: true,
        expanded: {
          recordIds: expanded,
          onRecordIdsChange: (ids: unknown[]) => setExpanded(ids as string[]),
        },
        content: ({ record }) => <RevenueHeadsPanel mda={record} canWrite={canWrite} />,
      }}
    />
  );
}

function statusBadge(mda: MdaView) {
  return (
    <Badge color={mda.isActive ? 'revenue.8' : 'gray.7'} variant="filled">
      {mda.isActive ? 'Active' : 'Inactive'}
    </Badge>
  );
}
