import { ActionIcon, Badge, Group, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import type {
  TradeCategoryPage,
  TradeCategoryView,
} from '../../../../shared/assessments/categories';
import { TRADE_CATEGORY_RULE_LABELS } from '../../../../shared/assessments/enums';
import { type ListCards, ListTable } from '../../../lib/lists/ListTable';
import { sortText } from '../../../lib/lists/sortText';
import { CategoryListSearch } from './categorySearch';
import { ruleSentence } from './ruleText';

type Props = {
  data: TradeCategoryPage | undefined;
  isFetching: boolean;
  canWrite: boolean;
  onEdit: (category: TradeCategoryView) => void;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
};

/** One page of trade categories: name, rule in words, status; administrators edit a row. */
export function CategoryTable({ data, isFetching, canWrite, onEdit, ...handlers }: Props) {
  // In a phone's card the button is a 44 px tap target; in a table row it stays compact.
  const editButton = (category: TradeCategoryView, isCard = false) => (
    <Tooltip label="Edit">
      <ActionIcon
        variant="subtle"
        size={isCard ? 44 : 'md'}
        aria-label={`Edit ${category.name}`}
        onClick={() => onEdit(category)}
      >
        <IconPencil size={18} aria-hidden="true" />
      </ActionIcon>
    </Tooltip>
  );

  const columns: DataTableColumn<TradeCategoryView>[] = [
    {
      accessor: 'name',
      title: 'Name',
      width: 300,
      render: (category) => (
        <Stack gap={2}>
          <Text size="sm" fw={500}>
            {category.name}
          </Text>
          {category.isDemo && (
            <Group>
              <DemoBadge />
            </Group>
          )}
          {category.description && (
            <Text size="xs" c="dimmed" lineClamp={2} title={category.description}>
              {category.description}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      accessor: 'rule',
      title: 'Rule',
      render: (category) => (
        <Stack gap={0}>
          <Text size="sm">{TRADE_CATEGORY_RULE_LABELS[category.rule]}</Text>
          <Text size="xs" c="dimmed">
            {ruleSentence(category)}
          </Text>
        </Stack>
      ),
    },
    { accessor: 'isActive', title: 'Status', noWrap: true, render: statusBadge },
    ...(canWrite
      ? [
          {
            accessor: 'actions',
            title: <VisuallyHidden>Actions</VisuallyHidden>,
            textAlign: 'right',
            render: (category: TradeCategoryView) => editButton(category),
          } satisfies DataTableColumn<TradeCategoryView>,
        ]
      : []),
  ];

  const cards: ListCards<TradeCategoryView> = {
    title: (category) => category.name,
    fields: [
      { label: 'Rule', render: (category) => ruleSentence(category) },
      {
        label: 'Status',
        render: (category) => (
          <Group gap={6}>
            {statusBadge(category)}
            {category.isDemo && <DemoBadge />}
          </Group>
        ),
      },
    ],
    ...(canWrite ? { footer: (category: TradeCategoryView) => editButton(category, true) } : {}),
  };

  return (
    <ListTable<TradeCategoryView>
      label="Trade categories"
      sortedBy={sortText('name')}
      idAccessor="id"
      columns={columns}
      cards={cards}
      data={data}
      fetching={isFetching}
      loadingText="Loading trade categories…"
      noRecordsText="No trade categories on this page"
      pageSizes={CategoryListSearch.pageSizes}
      onPageChange={handlers.onPageChange}
      onPageSizeChange={handlers.onPageSizeChange}
    />
  );
}

/** The seed's categories carry made-up amounts, not a published table: say so beside them. */
export function DemoBadge() {
  return (
    <Badge color="grape.9" variant="filled" size="sm">
      Demo value
    </Badge>
  );
}

function statusBadge(category: TradeCategoryView) {
  return (
    <Badge color={category.isActive ? 'revenue.8' : 'gray.7'} variant="filled">
      {category.isActive ? 'Active' : 'Inactive'}
    </Badge>
  );
}
