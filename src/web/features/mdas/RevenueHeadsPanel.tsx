import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { MdaView, RevenueHeadPatch, RevenueHeadView } from '../../../shared/mdas';
import { formatKoboAsNaira } from '../../../shared/money';
import { api } from '../../lib/api/api';
import { useLazyDialog } from '../../lib/dialogs/useLazyDialog';
import { mdaKeys } from './queries';

/** The revenue head form validates with zod: fetched when it opens (docs/architecture.md §9 "Web"). */
const loadHeadForm = () =>
  import('./RevenueHeadFormModal').then((module) => module.RevenueHeadFormModal);

type Editing = { head: RevenueHeadView | null } | null;

/** An MDA's revenue heads under its row; administrators add, edit and (de)activate them here. */
export function RevenueHeadsPanel({ mda, canWrite }: { mda: MdaView; canWrite: boolean }) {
  const [editing, setEditing] = useState<Editing>(null);
  // Mounted open and unmounted on close, as it was before its code was fetched on demand.
  const headForm = useLazyDialog(loadHeadForm, canWrite && editing !== null);
  const queryClient = useQueryClient();
  const setActive = useMutation({
    mutationFn: ({ head, isActive }: { head: RevenueHeadView; isActive: boolean }) =>
      api.patch<RevenueHeadView>(`/api/v1/mdas/${mda.id}/revenue-heads/${head.id}`, {
        isActive,
      } satisfies RevenueHeadPatch),
    onSuccess: (head) => {
      void queryClient.invalidateQueries({ queryKey: mdaKeys.all });
      notifications.show({
        color: 'green',
        title: head.isActive ? 'Revenue head activated' : 'Revenue head deactivated',
        message: `${head.code} ${head.name}`,
      });
    },
    onError: (error) =>
      notifications.show({ color: 'red', title: 'Not changed', message: error.message }),
  });

  return (
    <Stack gap="sm" p="md" bg="var(--mantine-color-gray-0)">
      <Group justify="space-between">
        <Text fw={600} size="sm">
          Revenue heads of {mda.name}
        </Text>
        {canWrite && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} aria-hidden="true" />}
            onClick={() => setEditing({ head: null })}
          >
            Add revenue head
          </Button>
        )}
      </Group>
      {mda.revenueHeads.length === 0 ? (
        <Text size="sm" c="dimmed">
          No revenue heads yet.
          {canWrite ? ' Add the fees, levies and rates this MDA collects.' : ''}
        </Text>
      ) : (
        <Table
          withTableBorder
          bg="var(--mantine-color-body)"
          aria-label={`Revenue heads of ${mda.name}`}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Economic code</Table.Th>
              <Table.Th>Name</Table.Th>
              <Table.Th>Default amount</Table.Th>
              <Table.Th>Status</Table.Th>
              {canWrite && <Table.Th>Actions</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {mda.revenueHeads.map((head) => (
              <Table.Tr key={head.id}>
                <Table.Td>{head.code}</Table.Td>
                <Table.Td>{head.name}</Table.Td>
                <Table.Td>
                  {head.defaultAmountKobo === null
                    ? 'Varies'
                    : formatKoboAsNaira(head.defaultAmountKobo)}
                </Table.Td>
                <Table.Td>
                  <Badge color={head.isActive ? 'revenue.8' : 'gray.7'} variant="filled">
                    {head.isActive ? 'Active' : 'Inactive'}
                  </Badge>
                </Table.Td>
                {canWrite && (
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        leftSection={<IconPencil size={14} aria-hidden="true" />}
                        aria-label={`Edit revenue head ${head.code} ${head.name}`}
                        onClick={() => setEditing({ head })}
                      >
                        Edit
                      </Button>
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        color={head.isActive ? 'red' : 'green'}
                        aria-label={`${head.isActive ? 'Deactivate' : 'Activate'} revenue head ${head.code} ${head.name}`}
                        loading={setActive.isPending && setActive.variables?.head.id === head.id}
                        onClick={() => setActive.mutate({ head, isActive: !head.isActive })}
                      >
                        {head.isActive ? 'Deactivate' : 'Activate'}
                      </Button>
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {canWrite && editing && headForm.Dialog && (
        <headForm.Dialog mda={mda} head={editing.head} onClose={() => setEditing(null)} />
      )}
    </Stack>
  );
}
