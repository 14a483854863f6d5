import { Alert, Button, Group, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { PosAgentView } from '../../../../shared/pos/terminals';
import { AppModal } from '../../../lib/AppModal';
import { activeMdasQuery } from '../../demandNotices/queries';
import { updatePosAgent } from './queries';
import { ErrorLine, useSaved } from './TerminalDialogs';

/**
 * Editing an agent and (de)activating them (PATCH /pos/agents/{id}; docs/pos.md "Agents and
 * terminals"). The server refuses to deactivate an agent with active terminals, naming them.
 */
export function EditAgentDialog({
  agent,
  onClose,
}: {
  agent: PosAgentView | null;
  onClose: () => void;
}) {
  return (
    <AppModal
      opened={agent !== null}
      onClose={onClose}
      title={agent ? `Edit ${agent.name}` : 'Edit the agent'}
      closeButtonProps={{ 'aria-label': 'Close without changing the agent' }}
    >
      {agent && <EditAgentForm key={agent.id} agent={agent} onClose={onClose} />}
    </AppModal>
  );
}

function EditAgentForm({ agent, onClose }: { agent: PosAgentView; onClose: () => void }) {
  const mdas = useQuery(activeMdasQuery());
  const [values, setValues] = useState({
    name: agent.name,
    phone: agent.phone,
    mdaId: agent.mda.id as string | null,
    lga: agent.lga ?? '',
  });
  const set = (change: Partial<typeof values>) => setValues((v) => ({ ...v, ...change }));
  const saved = useSaved('Agent changed', onClose);
  const save = useMutation({
    mutationFn: () =>
      updatePosAgent(agent.id, {
        name: values.name,
        phone: values.phone,
        mdaId: values.mdaId ?? '',
        lga: values.lga.trim() || null,
      }),
    onSuccess: (a) => saved.onSuccess(`${a.name} is saved.`),
  });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      <Stack>
        <ErrorLine error={save.error} />
        <TextInput
          label="Name"
          required
          value={values.name}
          onChange={(e) => set({ name: e.currentTarget.value })}
          data-autofocus
        />
        <TextInput
          label="Phone"
          required
          value={values.phone}
          onChange={(e) => set({ phone: e.currentTarget.value })}
        />
        <Select
          label="MDA"
          required
          searchable
          description={
            agent.terminalCount > 0
              ? 'Reassign the agent’s terminals before moving the agent to another MDA'
              : undefined
          }
          data={(mdas.data ?? []).map((m) => ({ value: m.id, label: m.name }))}
          value={values.mdaId}
          onChange={(mdaId) => set({ mdaId })}
        />
        <TextInput
          label="LGA"
          value={values.lga}
          onChange={(e) => set({ lga: e.currentTarget.value })}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save agent
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function AgentActiveDialog({
  agent,
  onClose,
}: {
  agent: PosAgentView | null;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const saved = useSaved('Agent changed', () => {
    setReason('');
    onClose();
  });
  const save = useMutation({
    mutationFn: (a: PosAgentView) =>
      updatePosAgent(
        a.id,
        a.isActive
          ? { isActive: false, reason }
          : { isActive: true, ...(reason ? { reason } : {}) },
      ),
    onSuccess: (a) => saved.onSuccess(`${a.name} is ${a.isActive ? 'active' : 'deactivated'}.`),
  });
  const verb = agent?.isActive ? 'Deactivate' : 'Activate';
  return (
    <AppModal
      opened={agent !== null}
      onClose={() => {
        save.reset();
        onClose();
      }}
      title={agent ? `${verb} ${agent.name}` : verb}
      closeButtonProps={{ 'aria-label': 'Close without changing the agent' }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (agent) save.mutate(agent);
        }}
      >
        <Stack>
          <ErrorLine error={save.error} />
          {agent?.isActive && (
            <Alert color="yellow">
              Only the agent is deactivated: their terminals and sign-in account stay as they are.
              An agent with active terminals cannot be deactivated.
            </Alert>
          )}
          <Textarea
            label="Reason"
            required={agent?.isActive ?? false}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button
              type="submit"
              color={agent?.isActive ? 'red' : undefined}
              loading={save.isPending}
            >
              {verb}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
