import {
  Alert,
  Badge,
  Button,
  Group,
  NativeSelect,
  Paper,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconDownload, IconEdit, IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useState } from 'react';
import type { BudgetView } from '../../../shared/budgets/views';
import { formatKoboAsNaira } from '../../../shared/money';
import { isApiError } from '../../lib/api/api';
import { ExportButtons, ListHeader, ListLoadError } from '../../lib/lists/listPage';
import { Spinner } from '../../lib/pending/Spinner';
import { BusyRegion } from '../../lib/pending/skeletons';
import { NoAccess } from '../../lib/routing/NoAccess';
import { usePermission } from '../../lib/routing/usePermission';
import { BudgetLines } from './BudgetLines';
import { budgetExportUrl, budgetQuery, budgetTemplateUrl } from './queries';
import { type BudgetSearch, currentYear } from './routes';

// The editor and the import, with the money input and form packages they draw with, load when
// the officer asks for them, not with the page (docs/architecture.md §9 "Web").
const BudgetEditor = lazy(() =>
  import('./BudgetEditor').then((module) => ({ default: module.BudgetEditor })),
);
const BudgetImportDialog = lazy(() =>
  import('./BudgetImportDialog').then((module) => ({ default: module.BudgetImportDialog })),
);

/** The seed's versions say so in their note: their figures are demo figures (docs/budgets.md). */
const isDemoVersion = (note: string) => /^demo budget/i.test(note);

const when = (iso: string) =>
  new Intl.DateTimeFormat('en-NG', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Africa/Lagos',
  }).format(new Date(iso));

/**
 * /birs/budgets (RevDesk's own, docs/budgets.md): a year's revenue budget, one version at a
 * time, lines by MDA with their months; ADMIN and the DG Budget revise it (a new version typed
 * here or imported from a file).
 */
export function BudgetPage() {
  const canRead = usePermission('budget:read');
  if (!canRead) return <NoAccess title="Revenue Budget" />;
  return <Budget />;
}

function Budget() {
  useDocumentTitle('Revenue Budget · RevDesk');
  const search = useSearch({ strict: false }) as BudgetSearch;
  const navigate = useNavigate();
  const canWrite = usePermission('budget:write');
  const year = search.year ?? currentYear();
  const query = useQuery(budgetQuery(year, search.version));
  const [mode, setMode] = useState<'view' | 'edit' | 'import'>('view');
  const isNoBudget = isApiError(query.error) && query.error.status === 404 && !search.version;
  const budget = query.data?.year === year ? query.data : undefined;

  const go = useCallback(
    (next: BudgetSearch) => void navigate({ to: '.', search: next }),
    [navigate],
  );
  const showVersion = useCallback(
    (version: number) => {
      setMode('view');
      go({ year, version });
    },
    [go, year],
  );

  // The next year, this year and three before, and the year asked for in the URL.
  const years = [
    ...new Set([...Array.from({ length: 5 }, (_, i) => currentYear() + 1 - i), year]),
  ].sort((a, b) => b - a);
  return (
    <Stack gap="lg">
      <ListHeader
        title="Revenue Budget"
        description="The state's revenue budget per MDA and revenue head, phased by month. The newest version is what reports use."
      >
        {canWrite && (
          <>
            <Button
              variant="default"
              leftSection={<IconUpload size={16} aria-hidden="true" />}
              onClick={() => setMode('import')}
            >
              Import
            </Button>
            <Button
              leftSection={<IconEdit size={16} aria-hidden="true" />}
              onClick={() => setMode('edit')}
              disabled={mode === 'edit' || query.isPending}
            >
              {budget ? 'Edit' : 'Enter budget'}
            </Button>
          </>
        )}
      </ListHeader>
      <Group align="flex-end" wrap="wrap">
        <NativeSelect
          label="Year"
          value={String(year)}
          onChange={(event) => {
            setMode('view');
            go({ year: Number(event.currentTarget.value) });
          }}
          data={years.map(String)}
          style={{ width: 120 }}
        />
        {budget && (
          <NativeSelect
            label="Version"
            value={String(budget.version)}
            onChange={(event) => showVersion(Number(event.currentTarget.value))}
            data={budget.versions.map((v) => ({
              value: String(v.version),
              label: `Version ${v.version}${v.version === budget.latestVersion ? ' (newest)' : ''}: ${v.note}`,
            }))}
            style={{ flex: 1, minWidth: 0, maxWidth: 480 }}
          />
        )}
      </Group>

      {mode !== 'view' && (
        <Suspense fallback={<Spinner label="Loading the budget form" />}>
          {mode === 'import' && (
            <BudgetImportDialog
              year={year}
              onClose={() => setMode('view')}
              onImported={showVersion}
            />
          )}
          {mode === 'edit' && (
            <BudgetEditor
              year={year}
              from={budget ?? null}
              onCancel={() => setMode('view')}
              onSaved={showVersion}
            />
          )}
        </Suspense>
      )}

      {query.isPending ? (
        <BusyRegion label="Loading the budget">
          <Stack gap="sm">
            <Skeleton height={60} />
            <Skeleton height={240} />
          </Stack>
        </BusyRegion>
      ) : isNoBudget ? (
        <Paper withBorder radius="md" p="xl">
          <Stack align="center" gap="sm">
            <Text fw={600}>No budget for {year} yet: import one or enter it.</Text>
            {canWrite && (
              <Button
                component="a"
                href={budgetTemplateUrl(year, 'xlsx')}
                download
                variant="light"
                leftSection={<IconDownload size={16} aria-hidden="true" />}
              >
                Download the template
              </Button>
            )}
          </Stack>
        </Paper>
      ) : query.isError ? (
        <ListLoadError
          what="The budget"
          error={query.error}
          isRetrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      ) : budget ? (
        <BudgetShown budget={budget} />
      ) : null}
    </Stack>
  );
}

function BudgetShown({ budget }: { budget: BudgetView }) {
  const isLatest = budget.version === budget.latestVersion;
  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <Stack gap={6}>
          <Group gap="xs" wrap="wrap">
            <Text fw={700}>
              {budget.year} budget, version {budget.version}
            </Text>
            {isLatest ? (
              <Badge color="revenue.8" variant="filled">
                Newest: used by reports
              </Badge>
            ) : (
              <Badge color="gray.7" variant="filled">
                Superseded by version {budget.latestVersion}
              </Badge>
            )}
            {isDemoVersion(budget.note) && (
              <Badge color="grape.9" variant="filled">
                demo budget
              </Badge>
            )}
          </Group>
          <Text size="sm">{budget.note}</Text>
          <Text size="sm" c="dimmed">
            {budget.source === 'import' ? 'Imported' : 'Entered'} by{' '}
            {budget.createdBy ?? 'the demo seed'} on {when(budget.createdAt)}. Total{' '}
            {formatKoboAsNaira(budget.totals.annualKobo)} over {budget.lines.length} lines.
          </Text>
          {isDemoVersion(budget.note) && (
            <Text size="xs" c="dimmed">
              These amounts are demo figures, sized against the demo collections; they are not a
              real budget.
            </Text>
          )}
        </Stack>
      </Paper>
      {!isLatest && (
        <Alert color="blue" variant="light" title="An older version">
          Reports use the newest version, {budget.latestVersion}.
        </Alert>
      )}
      <Group gap="sm" wrap="wrap">
        <ExportButtons hrefOf={(format) => budgetExportUrl(budget.year, budget.version, format)} />
      </Group>
      {budget.lines.length === 0 ? (
        <Text size="sm">This version holds no line of your MDAs.</Text>
      ) : (
        <BudgetLines budget={budget} />
      )}
    </Stack>
  );
}
