import 'mantine-datatable/styles.css';
import '../../../styles/tables.css';
import { Badge, Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import { IconDeviceMobile, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { PosAgentView, PosTerminalView } from '../../../../shared/pos/terminals';
import { type ListCards, type ListColumn, ListTable } from '../../../lib/lists/ListTable';
import { ListBody, ListEmpty, ListHeader } from '../../../lib/lists/listPage';
import { listParams } from '../../../lib/lists/searchParams';
import { TableSkeleton } from '../../../lib/pending/skeletons';
import { NoAccess } from '../../../lib/routing/NoAccess';
import { usePermission } from '../../../lib/routing/usePermission';
import { AgentActiveDialog, EditAgentDialog, NewAgentDialog } from './AgentDialogs';
import { posAgentListQuery, posTerminalListQuery } from './queries';
import { ActiveDialog, NewTerminalDialog, ReassignDialog } from './TerminalDialogs';

/**
 * POS agents and terminals (RevDesk's own page; docs/pos.md "Agents and terminals"): ADMIN
 * registers agents and terminals, reassigns a terminal or stops it, each with a reason kept in
 * the terminal's history. The server checks pos:manage.
 */
export function PosTerminalsPage() {
  const canManage = usePermission('pos:manage');
  if (!canManage) return <NoAccess title="POS agents and terminals" />;
  return <Terminals />;
}

function statusBadge(row: { isActive: boolean }) {
  return (
    <Badge color={row.isActive ? 'revenue.8' : 'gray.7'} variant="filled">
      {row.isActive ? 'Active' : 'Deactivated'}
    </Badge>
  );
}

/** A row's two buttons: its own change (Reassign, Edit) and Deactivate or Activate. */
function RowActions(props: {
  name: string;
  isActive: boolean;
  changeLabel: string;
  onChange: () => void;
  onSwitch: () => void;
}) {
  const verb = props.isActive ? 'Deactivate' : 'Activate';
  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        size="xs"
        variant="light"
        onClick={props.onChange}
        aria-label={`${props.changeLabel} ${props.name}`}
      >
        {props.changeLabel}
      </Button>
      <Button
        size="xs"
        variant="subtle"
        color={props.isActive ? 'red' : undefined}
        onClick={props.onSwitch}
        aria-label={`${verb} ${props.name}`}
      >
        {verb}
      </Button>
    </Group>
  );
}

/** A list's search words (debounced) and page, back to the first page when either changes. */
function useFoundPage(firstPageSize: number) {
  const [keyword, setKeywordNow] = useState('');
  const [debounced] = useDebouncedValue(keyword.trim(), 300);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSizeNow] = useState(firstPageSize);
  return {
    keyword,
    debounced,
    page,
    pageSize,
    setPage,
    setKeyword: (next: string) => {
      setKeywordNow(next);
      setPage(1);
    },
    setPageSize: (size: number) => {
      setPageSizeNow(size);
      setPage(1);
    },
    params: () => listParams({ keyword: debounced || undefined }, { page, pageSize }),
  };
}

function Terminals() {
  useDocumentTitle('POS agents and terminals · RevDesk');
  const terminalList = useFoundPage(50);
  const agentList = useFoundPage(25);
  const terminals = useQuery(posTerminalListQuery(terminalList.params()));
  const agents = useQuery(posAgentListQuery(agentList.params()));
  const [adding, setAdding] = useState<'terminal' | 'agent' | null>(null);
  const [reassigning, setReassigning] = useState<PosTerminalView | null>(null);
  const [switching, setSwitching] = useState<PosTerminalView | null>(null);
  const [editingAgent, setEditingAgent] = useState<PosAgentView | null>(null);
  const [switchingAgent, setSwitchingAgent] = useState<PosAgentView | null>(null);

  const actions = (terminal: PosTerminalView) => (
    <RowActions
      name={terminal.terminalId}
      isActive={terminal.isActive}
      changeLabel="Reassign"
      onChange={() => setReassigning(terminal)}
      onSwitch={() => setSwitching(terminal)}
    />
  );
  const columns: ListColumn<PosTerminalView>[] = [
    { accessor: 'terminalId', title: 'Terminal', render: (t) => t.terminalId },
    { accessor: 'serialNumber', title: 'Serial number', fold: 2 },
    { accessor: 'agent', title: 'Agent', render: (t) => t.agent?.name ?? '—' },
    { accessor: 'mda', title: 'MDA', render: (t) => t.mda.name, fold: 1 },
    {
      accessor: 'revenueHeadCode',
      title: 'Revenue head',
      render: (t) => t.revenueHeadCode ?? '—',
      fold: 3,
    },
    { accessor: 'isActive', title: 'Status', render: statusBadge },
    { accessor: 'actions', title: 'Actions', textAlign: 'right', render: actions },
  ];
  const cards: ListCards<PosTerminalView> = {
    title: (t) => t.terminalId,
    fields: [
      { label: 'Agent', render: (t) => t.agent?.name ?? '—' },
      { label: 'MDA', render: (t) => t.mda.name },
      { label: 'Revenue head', render: (t) => t.revenueHeadCode ?? '—' },
      { label: 'Status', render: statusBadge },
    ],
    footer: actions,
  };
  const agentActions = (agent: PosAgentView) => (
    <RowActions
      name={agent.name}
      isActive={agent.isActive}
      changeLabel="Edit"
      onChange={() => setEditingAgent(agent)}
      onSwitch={() => setSwitchingAgent(agent)}
    />
  );
  const agentColumns: ListColumn<PosAgentView>[] = [
    { accessor: 'name', title: 'Agent' },
    { accessor: 'phone', title: 'Phone' },
    { accessor: 'mda', title: 'MDA', render: (a) => a.mda.name, fold: 1 },
    {
      accessor: 'officer',
      title: 'Signs in as',
      render: (a) => a.officer?.username ?? '—',
      fold: 2,
    },
    { accessor: 'terminalCount', title: 'Terminals', fold: 3 },
    { accessor: 'isActive', title: 'Status', render: statusBadge },
    { accessor: 'actions', title: 'Actions', textAlign: 'right', render: agentActions },
  ];
  const agentCards: ListCards<PosAgentView> = {
    title: (a) => a.name,
    fields: [
      { label: 'Phone', render: (a) => a.phone },
      { label: 'MDA', render: (a) => a.mda.name },
      { label: 'Signs in as', render: (a) => a.officer?.username ?? '—' },
      { label: 'Terminals', render: (a) => a.terminalCount },
      { label: 'Status', render: statusBadge },
    ],
    footer: agentActions,
  };

  return (
    <Stack gap="lg">
      <ListHeader
        title="POS agents and terminals"
        description="The field agents who collect on POS terminals, and each terminal's agent, MDA and default revenue head. A deactivated terminal's transactions are held for review."
      >
        <Button
          leftSection={<IconPlus size={16} aria-hidden="true" />}
          onClick={() => setAdding('terminal')}
        >
          New terminal
        </Button>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden="true" />}
          onClick={() => setAdding('agent')}
        >
          New agent
        </Button>
      </ListHeader>

      <TextInput
        label="Find a terminal"
        description="Terminal id, serial number or agent"
        value={terminalList.keyword}
        onChange={(e) => terminalList.setKeyword(e.currentTarget.value)}
        maw={360}
      />
      <ListBody
        query={terminals}
        what="The terminals"
        skeleton={<TableSkeleton label="Loading the terminals…" columns={6} />}
        empty={
          <ListEmpty
            icon={<IconDeviceMobile size={32} aria-hidden="true" />}
            filtered={terminalList.debounced !== ''}
            onClear={() => terminalList.setKeyword('')}
            noMatch="No terminal matches."
            none="No terminals are registered yet."
          />
        }
      >
        {(data) => (
          <ListTable<PosTerminalView>
            label="POS terminals"
            sortedBy="terminal id"
            idAccessor="id"
            columns={columns}
            cards={cards}
            data={data}
            fetching={terminals.isFetching}
            loadingText="Loading terminals…"
            noRecordsText="No terminals on this page"
            onPageChange={terminalList.setPage}
            onPageSizeChange={terminalList.setPageSize}
          />
        )}
      </ListBody>

      <Title order={2} size="h3">
        Agents
      </Title>
      <TextInput
        label="Find an agent"
        description="Name or phone"
        value={agentList.keyword}
        onChange={(e) => agentList.setKeyword(e.currentTarget.value)}
        maw={360}
      />
      <ListBody
        query={agents}
        what="The agents"
        skeleton={<TableSkeleton label="Loading the agents…" columns={7} />}
        empty={
          <ListEmpty
            filtered={agentList.debounced !== ''}
            onClear={() => agentList.setKeyword('')}
            noMatch="No agent matches."
            none="No agents are registered yet."
          />
        }
      >
        {(data) => (
          <ListTable<PosAgentView>
            label="POS agents"
            sortedBy="name"
            idAccessor="id"
            columns={agentColumns}
            cards={agentCards}
            data={data}
            fetching={agents.isFetching}
            loadingText="Loading agents…"
            noRecordsText="No agents on this page"
            pageSizes={[25, 50, 100]}
            onPageChange={agentList.setPage}
            onPageSizeChange={agentList.setPageSize}
          />
        )}
      </ListBody>

      <NewTerminalDialog opened={adding === 'terminal'} onClose={() => setAdding(null)} />
      <NewAgentDialog opened={adding === 'agent'} onClose={() => setAdding(null)} />
      <ReassignDialog terminal={reassigning} onClose={() => setReassigning(null)} />
      <ActiveDialog terminal={switching} onClose={() => setSwitching(null)} />
      <EditAgentDialog agent={editingAgent} onClose={() => setEditingAgent(null)} />
      <AgentActiveDialog agent={switchingAgent} onClose={() => setSwitchingAgent(null)} />
    </Stack>
  );
}
