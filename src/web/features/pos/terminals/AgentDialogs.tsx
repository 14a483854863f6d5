import { Select, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { PosAgentView } from '../../../../shared/pos/terminals';
import { AppModal } from '../../../lib/dialogs/AppModal';
import { activeMdasQuery } from '../../demandNotices/queries';
import { ActiveSwitchDialog, SaveForm, useSaved } from './dialogParts';
import { createPosAgent, updatePosAgent } from './queries';

/**
 * The agent dialogs: registering an agent (with or without their POS officer account),
 * editing one, and (de)activating one — the server refuses to deactivate an agent with active
 * terminals, naming them (docs/pos.md "Agents and terminals").
 */

type AgentFieldValues = { name: string; phone: string; mdaId: string | null; lga: string };

/** An agent's own fields, the same when registering and editing one. */
function AgentFields(props: {
  values: AgentFieldValues;
  set: (change: Partial<AgentFieldValues>) => void;
  mdas: readonly { id: string; name: string }[];
  mdaDescription?: string | undefined;
}) {
  const { values, set } = props;
  return (
    <>
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
        description={props.mdaDescription}
        data={props.mdas.map((m) => ({ value: m.id, label: m.name }))}
        value={values.mdaId}
        onChange={(mdaId) => set({ mdaId })}
      />
      <TextInput
        label="LGA"
        value={values.lga}
        onChange={(e) => set({ lga: e.currentTarget.value })}
      />
    </>
  );
}

export function NewAgentDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const mdas = useQuery(activeMdasQuery());
  const [values, setValues] = useState({
    name: '',
    phone: '',
    mdaId: null as string | null,
    lga: '',
    username: '',
    email: '',
    temporaryPassword: '',
  });
  const set = (change: Partial<typeof values>) => setValues((v) => ({ ...v, ...change }));
  const saved = useSaved('Agent registered', onClose);
  const save = useMutation({
    mutationFn: () =>
      createPosAgent({
        name: values.name,
        phone: values.phone,
        mdaId: values.mdaId ?? '',
        ...(values.lga ? { lga: values.lga } : {}),
        ...(values.username
          ? {
              officer: {
                username: values.username,
                email: values.email,
                temporaryPassword: values.temporaryPassword,
              },
            }
          : {}),
      }),
    onSuccess: (a) =>
      saved.onSuccess(`${a.name}${a.officer ? ` signs in as ${a.officer.username}` : ''}.`),
  });
  return (
    <AppModal
      opened={opened}
      onClose={onClose}
      title="Register an agent"
      closeButtonProps={{ 'aria-label': 'Close the agent form' }}
    >
      <SaveForm
        error={save.error}
        onSubmit={() => save.mutate()}
        onCancel={onClose}
        submitLabel="Register agent"
        saving={save.isPending}
      >
        <AgentFields values={values} set={set} mdas={mdas.data ?? []} />
        <TextInput
          label="Username for signing in"
          description="Leave empty to register the agent without an account"
          value={values.username}
          onChange={(e) => set({ username: e.currentTarget.value })}
        />
        {values.username && (
          <>
            <TextInput
              label="E-mail"
              required
              value={values.email}
              onChange={(e) => set({ email: e.currentTarget.value })}
            />
            <TextInput
              label="Temporary password"
              required
              description="The agent replaces it at first sign-in"
              value={values.temporaryPassword}
              onChange={(e) => set({ temporaryPassword: e.currentTarget.value })}
            />
          </>
        )}
      </SaveForm>
    </AppModal>
  );
}

/**
 * Editing an agent (PATCH /pos/agents/{id}; docs/pos.md "Agents and terminals"), with the same
 * fields as registering one.
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
    <SaveForm
      error={save.error}
      onSubmit={() => save.mutate()}
      onCancel={onClose}
      submitLabel="Save agent"
      saving={save.isPending}
    >
      <AgentFields
        values={values}
        set={set}
        mdas={mdas.data ?? []}
        mdaDescription={
          agent.terminalCount > 0
            ? 'Reassign the agent’s terminals before moving the agent to another MDA'
            : undefined
        }
      />
    </SaveForm>
  );
}

export function AgentActiveDialog({
  agent,
  onClose,
}: {
  agent: PosAgentView | null;
  onClose: () => void;
}) {
  return (
    <ActiveSwitchDialog
      subject={agent}
      onClose={onClose}
      nameOf={(a) => a.name}
      closeLabel="Close without changing the agent"
      warning="Only the agent is deactivated: their terminals and sign-in account stay as they are. An agent with active terminals cannot be deactivated."
      reasonRequired={(a) => a?.isActive ?? false}
      savedTitle="Agent changed"
      change={(a, reason) =>
        updatePosAgent(
          a.id,
          a.isActive
            ? { isActive: false, reason }
            : { isActive: true, ...(reason ? { reason } : {}) },
        )
      }
      resetOnClose
    />
  );
}
