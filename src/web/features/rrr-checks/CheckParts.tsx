import { Group, Loader, LoadingOverlay, Table, Text } from '@mantine/core';

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
