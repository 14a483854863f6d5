import { Alert, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api/api';
import { formatLagosDateTime } from '../../lib/format';
import { Spinner } from '../../lib/pending/Spinner';
import { ownSessionsQuery, profileKeys } from './queries';

/** Where the officer is signed in, and "Sign out everywhere else". */
export function SessionsList() {
  const queryClient = useQueryClient();
  const sessions = useQuery(ownSessionsQuery());
  const revoke = useMutation({
    mutationFn: () => api.post<{ revoked: number }>('/api/v1/profile/sessions/revoke-others'),
    onSuccess: ({ revoked }) => {
      void queryClient.invalidateQueries({ queryKey: profileKeys.sessions });
      notifications.show({
        color: 'green',
        title: 'Signed out elsewhere',
        message:
          revoked === 0
            ? 'You were not signed in anywhere else.'
            : `${revoked} other session${revoked === 1 ? ' was' : 's were'} signed out.`,
      });
    },
  });

  if (sessions.isPending) return <Spinner size="sm" label="Loading your sessions" />;
  if (sessions.isError) {
    return (
      <Alert color="red" variant="light" role="alert" title="Your sessions could not be loaded">
        {sessions.error.message}
      </Alert>
    );
  }
  const others = sessions.data.filter((session) => !session.isCurrent).length;

  return (
    <Stack gap="md">
      <Table.ScrollContainer minWidth={560}>
        <Table striped aria-label="Your sessions">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Browser</Table.Th>
              <Table.Th>IP address</Table.Th>
              <Table.Th>Signed in</Table.Th>
              <Table.Th>Last active</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sessions.data.map((session) => (
              <Table.Tr key={session.id}>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    {session.browser ?? 'Unknown browser'}
                    {session.isCurrent && (
                      <Badge color="revenue.8" variant="filled">
                        This session
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>{session.ip ?? '—'}</Table.Td>
                <Table.Td>{formatLagosDateTime(session.createdAt)}</Table.Td>
                <Table.Td>{formatLagosDateTime(session.lastSeenAt)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {revoke.isError && (
        <Alert color="red" variant="light" role="alert" title="Not signed out elsewhere">
          {revoke.error.message}
        </Alert>
      )}
      <Group>
        <Button
          variant="light"
          color="red"
          onClick={() => revoke.mutate()}
          loading={revoke.isPending}
          disabled={others === 0}
        >
          Sign out everywhere else
        </Button>
        {others === 0 && (
          <Text size="sm" c="dimmed">
            You are signed in only here.
          </Text>
        )}
      </Group>
    </Stack>
  );
}
