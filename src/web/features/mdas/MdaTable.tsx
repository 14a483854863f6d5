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
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { MDA_CATEGORY_LABELS, type MdaPage, type MdaView } from '../../../shared/mdas';
import { PAGE_SIZE_CHOICES } from './listSearch';
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

  const columns: DataTableColumn<MdaView>[] = [
    { accessor: 'code', title: 'Code', noWrap: true },
    {
      accessor: 'name',
      title: 'Name',
      render: (mda) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
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
      render: (mda) => {
        const isOpen = expanded.includes(mda.id);
        const active = mda.revenueHeads.filter((h) => h.isActive).length;
        return (
          <Button
            variant="subtle"
            size="compact-sm"
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
      },
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
              </Group>
            ),
          } satisfies DataTableColumn<MdaView>,
        ]
      : []),
    {
      accessor: 'isActive',
      title: 'Status',
      noWrap: true,
      render: (mda) => (
        <Badge color={mda.isActive ? 'revenue.8' : 'gray.7'} variant="filled">
          {mda.isActive ? 'Active' : 'Inactive'}
        </Badge>
      ),
    },
    ...(canWrite
      ? [
          {
            accessor: 'actions',
            title: <VisuallyHidden>Actions</VisuallyHidden>,
            textAlign: 'right',
            render: (mda: MdaView) => (
              <Tooltip label="Edit">
                <ActionIcon
                  variant="subtle"
                  aria-label={`Edit ${mda.name}`}
                  onClick={() => onEdit(mda)}
                >
                  <IconPencil size={18} aria-hidden="true" />
                </ActionIcon>
              </Tooltip>
            ),
          } satisfies DataTableColumn<MdaView>,
        ]
      : []),
  ];

  return (
    <DataTable<MdaView>
      aria-label="MDAs"
      withTableBorder
      borderRadius="md"
      striped
      minHeight={data?.items.length ? undefined : 180}
      idAccessor="id"
      columns={columns}
      records={data?.items ?? []}
      fetching={isFetching}
      loadingText="Loading MDAs…"
      noRecordsText="No MDAs on this page"
      totalRecords={data?.total ?? 0}
      page={data?.page ?? 1}
      recordsPerPage={data?.pageSize ?? 50}
      recordsPerPageOptions={[...PAGE_SIZE_CHOICES]}
      recordsPerPageLabel="Rows per page"
      onPageChange={handlers.onPageChange}
      onRecordsPerPageChange={handlers.onPageSizeChange}
      getPaginationControlProps={(control) => ({ 'aria-label': `${control} page` })}
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
