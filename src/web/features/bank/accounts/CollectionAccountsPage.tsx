import 'mantine-datatable/styles.css';
import '../../../styles/tables.css';
import { ActionIcon, Badge, Button, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconBuildingBank, IconPencil, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { BankAccountView } from '../../../../shared/bank/accounts';
import { BANK_LABELS } from '../../../../shared/bank/enums';
import { useLazyDialog } from '../../../lib/dialogs/useLazyDialog';
import { type ListCards, type ListColumn, ListTable } from '../../../lib/lists/ListTable';
import { ListBody, ListEmpty, ListHeader } from '../../../lib/lists/listPage';
import { TableSkeleton } from '../../../lib/pending/skeletons';
import { NoAccess } from '../../../lib/routing/NoAccess';
import { usePermission } from '../../../lib/routing/usePermission';
import { collectionAccountsQuery } from './queries';

/** The account form validates with zod: fetched when it opens (docs/architecture.md §9 "Web"). */
const loadAccountForm = () =>
  import('./AccountFormModal').then((module) => module.AccountFormModal);

const ACCOUNT_TABLE = { label: 'Loading the collection accounts…', columns: 6 } as const;

/**
 * admin/collection-accounts (docs/bank.md "Collection accounts"): the bank accounts revenue is
 * paid into, each an MDA's or the service's general one. An administrator adds, changes and
 * deactivates them; the server checks `bank:accounts` on every change.
 */
export function CollectionAccountsPage() {
  const canKeep = usePermission('bank:accounts');
  if (!canKeep) return <NoAccess title="Collection Accounts" />;
  return <AccountsList />;
}

function AccountsList() {
  useDocumentTitle('Collection Accounts · RevDesk');
  const query = useQuery(collectionAccountsQuery());
  // null: closed; 'new': adding; an account: editing it.
  const [editing, setEditing] = useState<BankAccountView | 'new' | null>(null);
  const form = useLazyDialog(loadAccountForm, editing !== null);

  const editButton = (account: BankAccountView, isCard = false) => (
    <Tooltip label="Edit">
      <ActionIcon
        variant="subtle"
        size={isCard ? 44 : 'md'}
        aria-label={`Edit ${account.name}`}
        onClick={() => setEditing(account)}
      >
        <IconPencil size={18} aria-hidden="true" />
      </ActionIcon>
    </Tooltip>
  );

  const columns: ListColumn<BankAccountView>[] = [
    {
      accessor: 'name',
      title: 'Account',
      render: (account) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {account.name}
          </Text>
          <Text size="xs" c="dimmed">
            {account.accountNumber}
          </Text>
        </Stack>
      ),
    },
    {
      accessor: 'bank',
      title: 'Bank',
      noWrap: true,
      render: (account) => BANK_LABELS[account.bank],
    },
    { accessor: 'mdaName', title: 'Collects for', render: collectsFor },
    { accessor: 'matchWindowDays', title: 'Matching window', noWrap: true, render: matchWindow },
    { accessor: 'isActive', title: 'Status', noWrap: true, render: statusBadge },
    {
      accessor: 'actions',
      title: <VisuallyHidden>Actions</VisuallyHidden>,
      textAlign: 'right',
      render: (account) => editButton(account),
    },
  ];

  const cards: ListCards<BankAccountView> = {
    title: (account) => account.name,
    fields: [
      { label: 'Account number', render: (account) => account.accountNumber },
      { label: 'Bank', render: (account) => BANK_LABELS[account.bank] },
      { label: 'Collects for', render: collectsFor },
      { label: 'Matching window', render: matchWindow },
      { label: 'Status', render: statusBadge },
    ],
    footer: (account) => editButton(account, true),
  };

  const openNew = () => setEditing('new');
  return (
    <Stack gap="lg">
      <ListHeader
        title="Collection Accounts"
        description="The bank accounts revenue is paid into. Their statements are fetched from the bank on Post Transactions and matched to the ledger; a deactivated account keeps its statements but is no longer fetched."
      >
        <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={openNew}>
          New account
        </Button>
      </ListHeader>

      <ListBody
        query={query}
        what="The collection accounts"
        skeleton={<TableSkeleton {...ACCOUNT_TABLE} withPage={false} />}
        empty={
          <ListEmpty
            icon={<IconBuildingBank size={32} aria-hidden="true" />}
            filtered={false}
            onClear={() => undefined}
            noMatch=""
            none="No collection accounts are set up yet."
            noneHint={
              <Button variant="light" onClick={openNew}>
                Add the first account
              </Button>
            }
          />
        }
      >
        {(data) => (
          <ListTable<BankAccountView>
            label="Collection accounts"
            sortedBy="name"
            idAccessor="id"
            columns={columns}
            cards={cards}
            data={data}
            fetching={query.isFetching}
            loadingText="Loading collection accounts…"
            noRecordsText="No collection accounts"
            pageSizes={[Math.max(data.items.length, 1)]}
            onPageChange={() => undefined}
            onPageSizeChange={() => undefined}
          />
        )}
      </ListBody>

      {form.Dialog && (
        <form.Dialog
          opened={form.opened}
          account={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}

function collectsFor(account: BankAccountView) {
  return account.mdaName ?? 'General (the service’s own)';
}

/** The matcher's window (docs/bank-matching.md "The window"), either side of a credit's day. */
function matchWindow(account: BankAccountView) {
  const days = account.matchWindowDays;
  return days === 0 ? 'Same day only' : `± ${days} day${days === 1 ? '' : 's'}`;
}

function statusBadge(account: BankAccountView) {
  return (
    <Badge color={account.isActive ? 'revenue.8' : 'gray.7'} variant="filled">
      {account.isActive ? 'Active' : 'Deactivated'}
    </Badge>
  );
}
