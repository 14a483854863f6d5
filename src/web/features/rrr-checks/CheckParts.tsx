import { Alert, Group, Loader, LoadingOverlay, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { describeFailure } from './failure';

/** docs/product.md §2: the exact words of the blocking loader. */
export const CHECKING_TEXT = 'Checking RRR status...';

/** Blocks the dialog while a check runs; every outcome removes it. */
export function CheckingOverlay({ visible }: { visible: boolean }) {
  return (
    <LoadingOverlay
      visible={visible}
      zIndex={10}
      overlayProps={{ blur: 1 }}
      loaderProps={{
        children: (
          <Group gap="sm" role="status" aria-live="polite">
            <Loader size="sm" aria-hidden="true" />
            <Text fw={500}>{CHECKING_TEXT}</Text>
          </Group>
        ),
      }}
    />
  );
}

/** A failed check: the server's reason and what to do next. */
export function CheckFailureAlert({ title, error }: { title: string; error: unknown }) {
  const failure = describeFailure(title, error);
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      title={failure.title}
      icon={<IconAlertTriangle size={18} aria-hidden="true" />}
    >
      <Stack gap={4}>
        <Text size="sm">{failure.message}</Text>
        {failure.whatToDo && <Text size="sm">{failure.whatToDo}</Text>}
      </Stack>
    </Alert>
  );
}

/** A result as label/value rows (docs/product.md §3 result fields). */
export function ResultTable({ rows }: { rows: [label: string, value: string | null][] }) {
  return (
    <Table variant="vertical" layout="fixed" withTableBorder>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={180} scope="row">
              {label}
            </Table.Th>
            <Table.Td>{value || '—'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
