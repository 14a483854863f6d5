import { Table } from '@mantine/core';
import { isApiError } from '../api/api';

type RowProblem = { line: number; field: string };

/** The rows a 422 named (`details.rows`), if the refusal was about rows (ADR 0030). */
function rowProblemsOf<P extends RowProblem>(error: unknown): P[] {
  if (!isApiError(error) || error.code !== 'INVALID_FILE') return [];
  const rows = (error.details as { rows?: P[] } | undefined)?.rows;
  return Array.isArray(rows) ? rows : [];
}

/**
 * A refused file's every line and column to fix, as the server named them; nothing when the
 * upload was not refused for its rows. The budget's and the SSC schedule's files are refused
 * whole, so the officer fixes them all at once.
 */
export function RefusedRows<P extends RowProblem>(props: {
  error: unknown;
  /** The table's name: "Lines to fix", "Rows to fix". */
  label: string;
  whatToChange: (problem: P) => string;
}) {
  const problems = rowProblemsOf<P>(props.error);
  if (problems.length === 0) return null;
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table striped withTableBorder aria-label={props.label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Line</Table.Th>
            <Table.Th>Column</Table.Th>
            <Table.Th>What to change</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {problems.map((p) => (
            <Table.Tr key={`${p.line}-${p.field}`}>
              <Table.Td>{p.line}</Table.Td>
              <Table.Td>{p.field}</Table.Td>
              <Table.Td>{props.whatToChange(p)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
