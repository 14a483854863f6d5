import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconDownload } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { todayInLagos } from '../../../shared/dates';
import { formatIndicatorValue, type IndicatorUnit } from '../../../shared/indicators/definitions';
import { drillDownPageOf } from '../../../shared/indicators/drillDown';
import type { IndicatorItem } from '../../../shared/indicators/schemas';
import { pendingTrendNote, targetMet } from '../../../shared/indicators/standing';
import { ChartFigure } from '../../lib/charts/ChartFigure';
import type { ChartFormat } from '../../lib/charts/chartFormat';
import { AppModal } from '../../lib/dialogs/AppModal';
import { ExportButtons, ListHeader, ListLoadError } from '../../lib/lists/listPage';
import { DetailSkeleton } from '../../lib/pending/skeletons';
import { NoAccess } from '../../lib/routing/NoAccess';
import { usePermission } from '../../lib/routing/usePermission';
import { toShellPath, useShellBase } from '../../shell/shellPaths';
import { splitLink } from '../dashboard/waiting';
import { indicatorKeys, indicatorsExportUrl, indicatorsQuery, setIndicatorTarget } from './queries';

const TITLE = 'Service Performance';

const CHART_FORMAT: Record<IndicatorUnit, ChartFormat> = {
  share: 'percent',
  naira: 'naira',
  count: 'count',
  days: 'count',
};

/**
 * /birs/reporting/service-performance (RevDesk's own, docs/indicators.md): the service's
 * performance indicators for a month — value, target, two years of trend, what each counts and
 * the TADAT indicator it speaks to. A closed month is its snapshot; the current one is live.
 */
export function PerformancePage() {
  const canRead = usePermission('indicator:read');
  if (!canRead) return <NoAccess title={TITLE} />;
  return <Performance />;
}

function Performance() {
  useDocumentTitle(`${TITLE} · RevDesk`);
  const search = useSearch({ strict: false }) as { month?: string };
  const navigate = useNavigate();
  const month = search.month ?? '';
  const query = useQuery(indicatorsQuery(month));
  const canSetTargets = usePermission('indicator:target');
  const current = todayInLagos().slice(0, 7);

  return (
    <Stack gap="lg">
      <ListHeader
        title={TITLE}
        description="How well the service performs, measured from its own records. A closed month shows the figures stored when it closed; the current month is the month so far."
      >
        <ExportButtons hrefOf={(format) => indicatorsExportUrl(month, format)} />
        <Button
          component="a"
          href={indicatorsExportUrl(month, 'pdf')}
          download
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden="true" />}
        >
          Export PDF
        </Button>
      </ListHeader>

      <TextInput
        type="month"
        label="Month"
        value={month || current}
        max={current}
        w={200}
        onChange={(event) => {
          const next = event.currentTarget.value;
          void navigate({
            to: '.',
            search: (prev: Record<string, unknown>) => ({
              ...prev,
              month: next && next !== current ? next : undefined,
            }),
          });
        }}
      />

      {query.isPending ? (
        <DetailSkeleton label="Loading the indicators…" />
      ) : query.isError ? (
        <ListLoadError
          what="The indicators"
          error={query.error}
          isRetrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      ) : query.data.items.length === 0 ? (
        <Alert variant="light" title="No indicators yet">
          No indicator is measured yet for this month.
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
          {query.data.items.map((item) => (
            <IndicatorCard
              key={item.key}
              item={item}
              month={query.data.month}
              canSetTarget={canSetTargets}
            />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

function targetStanding(item: IndicatorItem): { label: string; color: string } | null {
  const met = targetMet(item);
  if (met === null) return null;
  // Filled and dark: a light badge's text fails the contrast of WCAG 1.4.3 (as NoticeStatusBadge).
  return met
    ? { label: 'Target met', color: 'revenue.8' }
    : { label: 'Off target', color: 'red.9' };
}

function IndicatorCard(props: { item: IndicatorItem; month: string; canSetTarget: boolean }) {
  const { item, month } = props;
  const [editing, setEditing] = useState(false);
  const standing = targetStanding(item);
  const headingId = `indicator-${item.key}`;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Title order={2} size="h4" id={headingId}>
            {item.label}
          </Title>
          <Badge variant="filled" color="gray.7">
            {item.source === 'snapshot' ? 'Stored at month end' : 'Live'}
          </Badge>
        </Group>
        <Group align="baseline" gap="md" wrap="wrap">
          <Text fz={28} fw={700} data-testid={`value-${item.key}`}>
            {formatIndicatorValue(item.value, item.unit)}
          </Text>
          <Text size="sm" c="dimmed" data-testid={`target-${item.key}`}>
            Target:{' '}
            {item.target === null ? 'not set' : formatIndicatorValue(item.target, item.unit)}
          </Text>
          {standing && (
            <Badge variant="filled" color={standing.color}>
              {standing.label}
            </Badge>
          )}
        </Group>

        <dl className="indicator-facts" style={{ margin: 0 }}>
          {item.facts.map((fact) => (
            <Group key={fact.label} justify="space-between" gap="xs" wrap="nowrap">
              <Text component="dt" size="sm">
                {fact.label}
              </Text>
              <Text component="dd" size="sm" fw={600} m={0} ta="right">
                {formatIndicatorValue(fact.value, fact.unit)}
              </Text>
            </Group>
          ))}
        </dl>

        {item.restatements.map((r) => (
          <Alert key={r.restatedAt} variant="light" color="yellow" title="Restated">
            {`Was ${formatIndicatorValue(r.oldValue, item.unit)}, now ${formatIndicatorValue(r.newValue, item.unit)}: ${r.reason}`}
          </Alert>
        ))}

        <ChartFigure
          title={`${item.label}, month by month`}
          description={pendingTrendNote(item.trend) ?? undefined}
          kind="line"
          data={item.trend.map((t) => ({ month: t.month, value: t.value }))}
          labelKey="month"
          series={[{ key: 'value', label: item.label }]}
          format={CHART_FORMAT[item.unit]}
          height={180}
          order={3}
        />

        <Text size="sm">{item.definition}</Text>
        <Text size="sm" c="dimmed">
          TADAT: {item.tadatRef}
        </Text>
        <Group gap="sm" wrap="wrap">
          {item.drillDown && <DrillDown link={item.drillDown} />}
          {props.canSetTarget && (
            <Button variant="default" size="xs" onClick={() => setEditing(true)}>
              Set the target
            </Button>
          )}
        </Group>
      </Stack>
      {editing && <TargetDialog item={item} month={month} onClose={() => setEditing(false)} />}
    </Paper>
  );
}

/**
 * The records behind a card: a link to their page for someone whose role opens it; for anyone
 * else, the page named and why there is no link (shared/indicators/drillDown.ts).
 */
function DrillDown({ link }: { link: string }) {
  const base = useShellBase();
  const page = drillDownPageOf(link);
  const canOpen = usePermission(page?.permission ?? 'indicator:read');
  if (page && !canOpen) {
    return (
      <Text size="sm" c="dimmed">
        The records are on {page.title}, which your role does not open.
      </Text>
    );
  }
  // A drill-down may carry the list's filter (`?status=overdue`): the router takes it as the
  // search, not as part of the path.
  const { path, search } = splitLink(link);
  return (
    <Anchor
      component={Link}
      to={toShellPath(base, path)}
      // A path known only at run time: the router cannot type its search.
      search={search as never}
      size="sm"
    >
      Open the records{page ? ` (${page.title})` : ''}
    </Anchor>
  );
}

/** The target as a person types it: a percentage for a share, naira for money. */
function TargetDialog(props: { item: IndicatorItem; month: string; onClose: () => void }) {
  const { item } = props;
  const queryClient = useQueryClient();
  const asShown = (v: number | null) =>
    v === null ? '' : item.unit === 'share' ? v * 100 : item.unit === 'naira' ? v / 100 : v;
  const [value, setValue] = useState<number | string>(asShown(item.target));
  const [from, setFrom] = useState(todayInLagos());
  const [note, setNote] = useState('');
  const save = useMutation({
    mutationFn: () => {
      const typed = typeof value === 'number' ? value : Number.NaN;
      const stored =
        item.unit === 'share'
          ? typed / 100
          : item.unit === 'naira'
            ? Math.round(typed * 100)
            : typed;
      return setIndicatorTarget(item.key, { value: stored, from, note });
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: indicatorKeys.all });
      props.onClose();
    },
  });
  const unitLabel =
    item.unit === 'share' ? 'Target (%)' : item.unit === 'naira' ? 'Target (₦)' : 'Target';
  return (
    <AppModal opened onClose={props.onClose} title={`Target: ${item.label}`}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate();
        }}
      >
        <Stack gap="sm">
          <NumberInput label={unitLabel} value={value} onChange={setValue} min={0} required />
          <TextInput
            type="date"
            label="In force from"
            value={from}
            onChange={(e) => setFrom(e.currentTarget.value)}
            required
          />
          <Textarea
            label="Why"
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            required
            autosize
            minRows={2}
          />
          {save.isError && (
            <Alert color="red" variant="light" role="alert">
              {save.error.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save the target
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
