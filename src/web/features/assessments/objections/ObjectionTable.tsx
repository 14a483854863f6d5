import { Anchor, Badge, Button, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { DataTableColumn } from 'mantine-datatable';
import type { ObjectionPage, ObjectionView } from '../../../../shared/assessments/views';
import { formatKoboAsNaira } from '../../../../shared/money';
import { formatLagosDate } from '../../../lib/format';
import { type ListCards, ListTable } from '../../../lib/lists/ListTable';
import { useShellBase } from '../../../shell/shellPaths';
import { ObjectionStatusBadge } from '../common/StatusBadges';
import { answerClock, truncateText } from './objectionSearch';

/** The 90-day clock: days left, red once overdue; a decided objection shows its outcome. */
export function AnswerClock({ objection }: { objection: ObjectionView }) {
  const clock = answerClock(objection.daysLeft);
  // Decided: the status column says how; this one says when.
  if (!clock) {
    return (
      <Text size="sm" c="dimmed" span>
        {objection.decidedAt ? `Decided ${formatLagosDate(objection.decidedAt)}` : 'Decided'}
      </Text>
    );
  }
  return clock.isOverdue ? (
    <Badge color="red.9" variant="filled">
      {clock.text}
    </Badge>
  ) : (
    <Text size="sm" fw={600} span>
      {clock.text}
    </Text>
  );
}

type Props = {
  data: ObjectionPage;
  isFetching: boolean;
  canDecide: boolean;
  onOpen: (objection: ObjectionView) => void;
  onDecide: (objection: ObjectionView) => void;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
};

/** One page of objections; a row opens the objection with its grounds in full. */
export function ObjectionTable(props: Props) {
  const base = useShellBase();
  const notice = (row: ObjectionView) => (
    <Anchor
      component={Link}
      to={`${base}/taxs/assessment/${row.assessmentId}`}
      onClick={(event) => event.stopPropagation()}
    >
      {row.noticeNumber ?? 'Assessment'}
    </Anchor>
  );
  const decide = (row: ObjectionView) =>
    props.canDecide && row.status === 'open' ? (
      <Button
        size="xs"
        onClick={(event) => {
          event.stopPropagation();
          props.onDecide(row);
        }}
        aria-label={`Decide the objection to ${row.noticeNumber ?? 'this assessment'}`}
      >
        Decide
      </Button>
    ) : null;

  const columns: DataTableColumn<ObjectionView>[] = [
    {
      accessor: 'daysLeft',
      title: 'Answer due',
      noWrap: true,
      render: (row) => <AnswerClock objection={row} />,
    },
    {
      accessor: 'filedAt',
      title: 'Filed on',
      noWrap: true,
      render: (row) => formatLagosDate(row.filedAt),
    },
    { accessor: 'noticeNumber', title: 'Notice number', noWrap: true, render: notice },
    {
      accessor: 'taxpayerName',
      title: 'Taxpayer',
      width: 220,
      ellipsis: true,
      render: (row) => <span title={`${row.taxpayerName} (${row.btin})`}>{row.taxpayerName}</span>,
    },
    {
      accessor: 'disputedKobo',
      title: 'Disputed',
      textAlign: 'right',
      noWrap: true,
      render: (row) => formatKoboAsNaira(row.disputedKobo),
    },
    {
      accessor: 'grounds',
      title: 'Grounds',
      render: (row) => <Text size="sm">{truncateText(row.grounds, 60)}</Text>,
    },
    {
      accessor: 'status',
      title: 'Status',
      noWrap: true,
      // The widest word, "Partly upheld", whole: a squeezed badge cut "Open" to "OP…".
      width: 140,
      render: (row) => <ObjectionStatusBadge status={row.status} />,
    },
    ...(props.canDecide
      ? [{ accessor: 'actions', title: 'Action', noWrap: true, render: decide }]
      : []),
  ];

  const cards: ListCards<ObjectionView> = {
    title: (row) => `${row.noticeNumber ?? 'Assessment'} · ${row.taxpayerName}`,
    fields: [
      { label: 'Answer due', render: (row) => <AnswerClock objection={row} /> },
      { label: 'Filed on', render: (row) => formatLagosDate(row.filedAt) },
      { label: 'Disputed', render: (row) => formatKoboAsNaira(row.disputedKobo) },
      { label: 'Grounds', render: (row) => truncateText(row.grounds, 80) },
    ],
    ...(props.canDecide ? { footer: decide } : {}),
  };

  return (
    <ListTable<ObjectionView>
      label="Objections"
      sortedBy="open ones first, the answer due soonest first"
      idAccessor="id"
      columns={columns}
      cards={cards}
      data={props.data}
      fetching={props.isFetching}
      loadingText="Loading objections…"
      noRecordsText="No objections on this page"
      onOpen={props.onOpen}
      onPageChange={props.onPageChange}
      onPageSizeChange={props.onPageSizeChange}
    />
  );
}
