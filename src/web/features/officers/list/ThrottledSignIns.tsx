import { Anchor, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { UserTypeGroup } from '../../../../shared/officers';
import { formatLagosDateTime } from '../../../lib/format';
import { GROUP_PAGES } from '../format';
import { throttledSignInsQuery } from '../queries';

/**
 * "Throttled sign-ins" over an officer list (ADR 0023): whose sign-ins some address (or every
 * address) must wait for, after how many failures, until when. Shown only while one runs; the
 * officer's name opens their panel, where an administrator clears it.
 */
export function ThrottledSignIns(props: {
  group: UserTypeGroup;
  onOpen: (officerId: string) => void;
}) {
  const throttles = useQuery(throttledSignInsQuery());
  const userTypes: readonly string[] = GROUP_PAGES[props.group].userTypes;
  const rows = (throttles.data?.items ?? []).filter((t) => userTypes.includes(t.officer.userType));
  if (rows.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="throttled-sign-ins">
      <Stack gap="xs">
        <Title order={2} size="h4" id="throttled-sign-ins">
          Throttled sign-ins
        </Title>
        <Text size="sm" c="dimmed">
          After repeated failed sign-ins, each further failure from these addresses makes them wait
          longer (up to 15 minutes) before the next attempt is checked, until the failures age away.
          An officer who cannot wait can have it cleared from their panel.
        </Text>
        <Table.ScrollContainer minWidth={560}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Officer</Table.Th>
                <Table.Th>Address</Table.Th>
                <Table.Th>Failures</Table.Th>
                <Table.Th>Throttled until</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((t) => (
                <Table.Tr key={`${t.officer.id}:${t.address ?? '*'}`}>
                  <Table.Td>
                    <Anchor
                      component="button"
                      type="button"
                      onClick={() => props.onOpen(t.officer.id)}
                    >
                      {t.officer.firstName} {t.officer.surname}
                    </Anchor>{' '}
                    <Text span size="sm" c="dimmed">
                      ({t.officer.username})
                    </Text>
                  </Table.Td>
                  <Table.Td>{t.address ?? 'Every address'}</Table.Td>
                  <Table.Td>{t.failures}</Table.Td>
                  <Table.Td>{formatLagosDateTime(t.until)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}
