import { Code, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { AuditEventView } from '../../../shared/audit';
import { diffLines } from './diff';
import { formatAuditTime } from './format';

const valueStyle = {
  margin: 0,
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-word',
  fontFamily: 'var(--mantine-font-family-monospace)',
  fontSize: 'var(--mantine-font-size-xs)',
} as const;

function Fact({ label, value }: { label: string; value: string | null }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ wordBreak: 'break-all' }}>
        {value ?? '—'}
      </Text>
    </Stack>
  );
}

/**
 * One audit row opened: where it came from, and its before and after side by side with the
 * changed fields marked. Values are rendered as text nodes, never as HTML: they hold what
 * officers and strangers typed.
 */
export function AuditEventDetails({ event }: { event: AuditEventView }) {
  const lines = diffLines(event.before, event.after);
  return (
    <Stack gap="sm" p="md" bg="var(--mantine-color-gray-0)">
      <Group gap="xl" align="flex-start" wrap="wrap">
        <Fact label="Time (Lagos)" value={formatAuditTime(event.occurredAt)} />
        <Fact label="Actor ID" value={event.actorId} />
        <Fact label="Entity ID" value={event.entityId} />
        <Fact label="Request ID" value={event.requestId} />
        <Fact label="IP address" value={event.ip} />
      </Group>
      {lines.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing was recorded before or after this action: the action itself is the record.
        </Text>
      ) : (
        <Table
          withTableBorder
          withColumnBorders
          bg="var(--mantine-color-body)"
          aria-label={`Before and after of audit row ${event.id}`}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th w="20%">Field</Table.Th>
              <Table.Th w="40%">Before</Table.Th>
              <Table.Th w="40%">After</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((line) => (
              <Table.Tr
                key={line.field}
                bg={line.isChanged ? 'var(--mantine-color-yellow-light)' : undefined}
              >
                <Table.Td>
                  <Code>{line.field}</Code>
                  {line.isChanged && (
                    <Text span size="xs" fw={600} ml={6}>
                      changed
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <pre style={valueStyle}>{line.before}</pre>
                </Table.Td>
                <Table.Td>
                  <pre style={valueStyle}>{line.after}</pre>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <VisuallyHidden>End of audit row {event.id}</VisuallyHidden>
    </Stack>
  );
}
