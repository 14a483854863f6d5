import '../../../styles/forms.css';
import {
  Anchor,
  Button,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { formatKoboAsNaira, nairaToKobo } from '../../../../shared/money';
import { SSC_GRADE_LEVEL_MAX, SSC_GRADE_LEVEL_MIN } from '../../../../shared/ssc/enums';
import { computeSscLevyKobo, findSscRate, formatRateBps } from '../../../../shared/ssc/levy';
import type { SscScheduleEntryInput, SscScheduleView } from '../../../../shared/ssc/views';
import { api, validationIssues } from '../../../lib/api/api';
import { CheckFailureAlert } from '../../../lib/failures/FailureAlert';
import { NairaInput } from '../../../lib/money/NairaInput';
import { NoAccess } from '../../../lib/routing/NoAccess';
import { usePermission } from '../../../lib/routing/usePermission';
import { useShellBase } from '../../../shell/shellPaths';
import { sscKeys, sscRatesQuery } from '../queries';
import { ScheduleFields, useScheduleFields } from './ScheduleFields';
import { SchedulePage } from './SchedulePage';

type Row = {
  key: number;
  staffId: string;
  name: string;
  gradeLevel: number | '';
  pay: number | '';
};
type RowErrors = Partial<Record<'staffId' | 'name' | 'gradeLevel' | 'grossKobo', string>>;

/** The pay typed in naira, in kobo; null until a pay is typed. */
function payKobo(row: Row): number | null {
  return typeof row.pay === 'number' ? nairaToKobo(row.pay) : null;
}

let nextKey = 1;
const blankRow = (): Row => ({ key: nextKey++, staffId: '', name: '', gradeLevel: '', pay: '' });

/**
 * ssc/entry (RevDesk's own, ADMIN): an MDA's monthly SSC schedule typed person by person, for an
 * MDA without a spreadsheet (POST /api/v1/ssc/schedule-entries, the upload's rules). Each row
 * shows its levy at the rate in force that month; the server's refusals land on their row.
 */
export function SscEntryPage() {
  const canWrite = usePermission('ssc:write');
  if (!canWrite) return <NoAccess title="Enter SSC Schedule" />;
  return <EntryForm />;
}

function EntryForm() {
  useDocumentTitle('Enter SSC Schedule · RevDesk');
  const base = useShellBase();
  const queryClient = useQueryClient();
  const fields = useScheduleFields();
  const { mdaId, category, month, isMonth: monthOk } = fields;
  const rates = useQuery(sscRatesQuery());
  const [rows, setRows] = useState<Row[]>(() => [blankRow()]);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [rowErrors, setRowErrors] = useState<RowErrors[]>([]);
  const [stored, setStored] = useState<SscScheduleView | null>(null);

  const save = useMutation({
    mutationFn: (input: SscScheduleEntryInput) =>
      api.post<SscScheduleView>('/api/v1/ssc/schedule-entries', input),
    onSuccess: (view) => {
      setStored(view);
      setRows([blankRow()]);
      void queryClient.invalidateQueries({ queryKey: sscKeys.all });
    },
    onError: (error) => {
      const found: RowErrors[] = [];
      for (const issue of validationIssues(error)) {
        const [, index, field] = /^rows\.(\d+)\.(\w+)$/.exec(issue.path) ?? [];
        if (index === undefined || !field) continue;
        const at = Number(index);
        found[at] = { ...found[at], [field]: issue.message };
      }
      setRowErrors(found);
    },
  });

  const rateOf = (row: Row) =>
    category && monthOk && typeof row.gradeLevel === 'number' && rates.data
      ? findSscRate(rates.data.items, category, row.gradeLevel, month)
      : null;

  const update = (key: number, change: Partial<Row>) =>
    setRows((all) => all.map((r) => (r.key === key ? { ...r, ...change } : r)));

  const submit = () => {
    const found = {
      ...fields.check(),
    };
    const seen = new Set<string>();
    const perRow = rows.map((row): RowErrors => {
      const e: RowErrors = {};
      const id = row.staffId.trim();
      if (!id) e.staffId = 'Give the staff id';
      else if (seen.has(id.toUpperCase())) e.staffId = 'This staff id is on another row';
      seen.add(id.toUpperCase());
      if (!row.name.trim()) e.name = 'Give the name';
      if (typeof row.gradeLevel !== 'number') e.gradeLevel = 'Give the grade level';
      else if (category && monthOk && rates.data && !rateOf(row)) {
        e.gradeLevel = 'No rate covers this grade level that month';
      }
      const kobo = payKobo(row);
      if (kobo === null || kobo < 1)
        e.grossKobo = 'Give the gross monthly pay in naira, e.g. 150000.00';
      return e;
    });
    setErrors(found);
    setRowErrors(perRow);
    const ok =
      !Object.values(found).some(Boolean) && perRow.every((e) => Object.keys(e).length === 0);
    if (!ok || !mdaId || !category) return;
    setStored(null);
    save.mutate({
      mdaId,
      category,
      month,
      rows: rows.map((r) => ({
        staffId: r.staffId.trim(),
        name: r.name.trim(),
        gradeLevel: r.gradeLevel as number,
        grossKobo: payKobo(r) as number,
      })),
    });
  };

  const totalKobo = rows.reduce((sum, row) => {
    const rate = rateOf(row);
    const kobo = payKobo(row);
    return rate && kobo ? sum + computeSscLevyKobo(kobo, rate.rateBps) : sum;
  }, 0);

  return (
    <SchedulePage
      title="Enter SSC Schedule"
      formLabel="Enter an SSC schedule"
      onSubmit={submit}
      stored={stored}
    >
      <Text size="sm">
        One person at a time: staff id, name, grade level ({SSC_GRADE_LEVEL_MIN} to{' '}
        {SSC_GRADE_LEVEL_MAX}) and gross monthly pay. A schedule for the same MDA, category and
        month replaces the one stored until it is billed.{' '}
        <Anchor component={Link} to={`${base}/ssc/upload`}>
          Upload a file instead
        </Anchor>
      </Text>
      <ScheduleFields fields={fields} errors={errors} />
      {rates.isError && (
        <CheckFailureAlert title="The SSC rates did not load" error={rates.error} />
      )}
      {rows.map((row, i) => {
        const rate = rateOf(row);
        const kobo = payKobo(row);
        const e = rowErrors[i] ?? {};
        return (
          <Paper
            key={row.key}
            withBorder
            p="sm"
            component="fieldset"
            aria-label={`Person ${i + 1}`}
          >
            <Stack gap="xs">
              <Group justify="space-between" wrap="nowrap">
                <Text fw={600} size="sm">
                  Person {i + 1}
                </Text>
                {rows.length > 1 && (
                  <Button
                    variant="subtle"
                    color="red"
                    size="xs"
                    leftSection={<IconTrash size={14} aria-hidden="true" />}
                    onClick={() => setRows((all) => all.filter((r) => r.key !== row.key))}
                    aria-label={`Remove person ${i + 1}`}
                  >
                    Remove
                  </Button>
                )}
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
                <TextInput
                  label="Staff id"
                  value={row.staffId}
                  onChange={(ev) => update(row.key, { staffId: ev.currentTarget.value })}
                  withAsterisk
                  error={e.staffId}
                />
                <TextInput
                  label="Name"
                  value={row.name}
                  onChange={(ev) => update(row.key, { name: ev.currentTarget.value })}
                  withAsterisk
                  error={e.name}
                />
                <NumberInput
                  label="Grade level"
                  min={SSC_GRADE_LEVEL_MIN}
                  max={SSC_GRADE_LEVEL_MAX}
                  allowDecimal={false}
                  allowNegative={false}
                  value={row.gradeLevel}
                  onChange={(value) =>
                    update(row.key, { gradeLevel: typeof value === 'number' ? value : '' })
                  }
                  withAsterisk
                  error={e.gradeLevel}
                />
                <NairaInput
                  label="Gross monthly pay (₦)"
                  placeholder="150,000.00"
                  value={row.pay}
                  onChange={(value) =>
                    update(row.key, { pay: typeof value === 'number' ? value : '' })
                  }
                  withAsterisk
                  error={e.grossKobo}
                />
              </SimpleGrid>
              <Text size="sm" aria-live="polite">
                {rate && kobo
                  ? `Levy ${formatKoboAsNaira(computeSscLevyKobo(kobo, rate.rateBps))} at ${formatRateBps(rate.rateBps)}${rate.isDemo ? ' (Demo rate)' : ''}`
                  : 'Levy: give the category, month, grade level and pay'}
              </Text>
            </Stack>
          </Paper>
        );
      })}
      <Group justify="space-between">
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden="true" />}
          onClick={() => setRows((all) => [...all, blankRow()])}
        >
          Add a person
        </Button>
        <Text size="sm" fw={600}>
          Levy of {rows.length} {rows.length === 1 ? 'person' : 'people'}:{' '}
          {formatKoboAsNaira(totalKobo)}
        </Text>
      </Group>
      {save.isError && (
        <CheckFailureAlert title="The schedule was not accepted" error={save.error} />
      )}
      <Group justify="flex-end">
        <Button type="submit" loading={save.isPending}>
          Save schedule
        </Button>
      </Group>
    </SchedulePage>
  );
}
