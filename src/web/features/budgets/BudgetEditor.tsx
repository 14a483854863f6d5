import {
  ActionIcon,
  Box,
  Button,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { BudgetLineInput, BudgetView } from '../../../shared/budgets/views';
import { formatKoboAsNaira, nairaToKobo } from '../../../shared/money';
import { CheckFailureAlert } from '../../lib/failures/FailureAlert';
import { NairaInput } from '../../lib/money/NairaInput';
import { budgetCatalogueQuery, budgetKeys, saveBudgetVersion } from './queries';

type EditLine = {
  key: string;
  mdaId: string;
  mdaName: string;
  economicCode: string;
  headName: string;
  annualKobo: number;
  /** The months as stored, kept while the annual amount is unchanged; else phased evenly. */
  months: number[] | null;
};

/**
 * A revision typed on the page (docs/budgets.md): it starts from the version shown; amounts
 * changed, lines added or removed, and why; saved as a new version, never over the old one.
 * A line whose amount changed is phased evenly; an unchanged one keeps its months.
 */
export function BudgetEditor(props: {
  year: number;
  from: BudgetView | null;
  onCancel: () => void;
  onSaved: (version: number) => void;
}) {
  const queryClient = useQueryClient();
  const catalogue = useQuery(budgetCatalogueQuery());
  const [lines, setLines] = useState<EditLine[]>(
    (props.from?.lines ?? []).map((l) => ({
      key: `${l.mdaId}/${l.economicCode}`,
      mdaId: l.mdaId,
      mdaName: l.mdaName,
      economicCode: l.economicCode,
      headName: l.revenueHeadName ?? l.economicCode,
      annualKobo: l.annualKobo,
      months: l.months,
    })),
  );
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | undefined>();
  const [addMda, setAddMda] = useState('');
  const [addCode, setAddCode] = useState('');
  const save = useMutation({
    mutationFn: () =>
      saveBudgetVersion(props.year, {
        note: note.trim(),
        basedOnVersion: props.from?.latestVersion ?? null,
        lines: lines.map(
          (l): BudgetLineInput => ({
            mdaId: l.mdaId,
            economicCode: l.economicCode,
            annualKobo: l.annualKobo,
            ...(l.months ? { months: l.months } : {}),
          }),
        ),
      }),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: budgetKeys.all });
      props.onSaved(saved.version);
    },
  });

  const mdas = catalogue.data?.mdas ?? [];
  const chosenMda = mdas.find((m) => m.id === addMda);
  const freeHeads = (chosenMda?.heads ?? []).filter(
    (h) => !lines.some((l) => l.mdaId === addMda && l.economicCode === h.code),
  );
  const total = lines.reduce((s, l) => s + l.annualKobo, 0);

  return (
    <Paper withBorder p="md">
      <form
        noValidate
        aria-label={`Edit the ${props.year} budget`}
        onSubmit={(event) => {
          event.preventDefault();
          const missing = note.trim() ? undefined : 'Say why this version is made';
          setNoteError(missing);
          if (!missing) save.mutate();
        }}
      >
        <Stack gap="md">
          <Title order={2} size="h3">
            {props.from ? `Revise version ${props.from.version}` : `Enter the ${props.year} budget`}
          </Title>
          <Text size="sm" c="dimmed">
            Saved as a new version; the version shown stays as it is. A line whose amount you change
            is phased evenly over the months.
          </Text>
          <Box
            component="section"
            aria-label="Lines of the new version, scrollable"
            tabIndex={0}
            style={{ overflowX: 'auto', maxWidth: '100%' }}
          >
            <Table miw={560} withTableBorder aria-label="Lines of the new version">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>MDA</Table.Th>
                  <Table.Th>Revenue head</Table.Th>
                  <Table.Th>Annual amount</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Remove</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lines.map((line) => (
                  <Table.Tr key={line.key}>
                    <Table.Td>{line.mdaName}</Table.Td>
                    <Table.Td>
                      {line.economicCode} {line.headName}
                    </Table.Td>
                    <Table.Td>
                      <NairaInput
                        aria-label={`Annual amount, ${line.mdaName}, ${line.economicCode}`}
                        value={line.annualKobo / 100}
                        onChange={(value) => {
                          const kobo = nairaToKobo(Number(value) || 0);
                          setLines((all) =>
                            all.map((l) =>
                              l.key === line.key && l.annualKobo !== kobo
                                ? { ...l, annualKobo: kobo, months: null }
                                : l,
                            ),
                          );
                        }}
                      />
                    </Table.Td>
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove ${line.mdaName}, ${line.economicCode}`}
                        onClick={() => setLines((all) => all.filter((l) => l.key !== line.key))}
                      >
                        <IconTrash size={16} aria-hidden="true" />
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Box>
          <Text size="sm" fw={600}>
            Total: {formatKoboAsNaira(total)} ({lines.length} lines)
          </Text>
          <Group align="flex-end" wrap="wrap">
            <NativeSelect
              label="Add a line: MDA"
              value={addMda}
              onChange={(event) => {
                setAddMda(event.currentTarget.value);
                setAddCode('');
              }}
              data={[
                { value: '', label: 'Choose an MDA' },
                ...mdas.map((m) => ({ value: m.id, label: m.name })),
              ]}
              style={{ minWidth: 200, flex: 1 }}
            />
            <NativeSelect
              label="Revenue head"
              value={addCode}
              disabled={!chosenMda}
              onChange={(event) => setAddCode(event.currentTarget.value)}
              data={[
                { value: '', label: 'Choose a revenue head' },
                ...freeHeads.map((h) => ({ value: h.code, label: `${h.code} ${h.name}` })),
              ]}
              style={{ minWidth: 200, flex: 1 }}
            />
            <Button
              variant="default"
              leftSection={<IconPlus size={16} aria-hidden="true" />}
              disabled={!chosenMda || !addCode}
              onClick={() => {
                const head = freeHeads.find((h) => h.code === addCode);
                if (!chosenMda || !head) return;
                setLines((all) => [
                  ...all,
                  {
                    key: `${chosenMda.id}/${head.code}`,
                    mdaId: chosenMda.id,
                    mdaName: chosenMda.name,
                    economicCode: head.code,
                    headName: head.name,
                    annualKobo: 0,
                    months: null,
                  },
                ]);
                setAddCode('');
              }}
            >
              Add line
            </Button>
          </Group>
          <Textarea
            label="Why this version"
            description="e.g. Supplementary budget of July"
            withAsterisk
            maxLength={500}
            autosize
            minRows={2}
            value={note}
            error={noteError}
            onChange={(event) => setNote(event.currentTarget.value)}
          />
          {save.isError && (
            <CheckFailureAlert title="The version was not saved" error={save.error} />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onCancel}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending} disabled={lines.length === 0}>
              Save as a new version
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
