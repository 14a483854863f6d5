import { Select, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { PosTerminalView } from '../../../../shared/pos/terminals';
import { AppModal } from '../../../lib/dialogs/AppModal';
import { activeMdasQuery } from '../../demandNotices/queries';
import { revenueHeadsQuery } from '../../payments/queries';
import { ActiveSwitchDialog, SaveForm, useSaved } from './dialogParts';
import {
  createPosTerminal,
  posAgentChoicesQuery,
  reassignPosTerminal,
  setPosTerminalActive,
} from './queries';

/** The MDA, its agent and its default revenue head: the place a terminal collects for. */
function PlaceFields(props: {
  mdaId: string | null;
  agentId: string | null;
  revenueHeadCode: string | null;
  onChange: (place: {
    mdaId: string | null;
    agentId: string | null;
    revenueHeadCode: string | null;
  }) => void;
}) {
  const mdas = useQuery(activeMdasQuery());
  const agents = useQuery(posAgentChoicesQuery());
  const heads = useQuery(revenueHeadsQuery(props.mdaId));
  const place = {
    mdaId: props.mdaId,
    agentId: props.agentId,
    revenueHeadCode: props.revenueHeadCode,
  };
  return (
    <>
      <Select
        label="MDA"
        required
        searchable
        data={(mdas.data ?? []).map((m) => ({ value: m.id, label: m.name }))}
        value={props.mdaId}
        onChange={(mdaId) => props.onChange({ mdaId, agentId: null, revenueHeadCode: null })}
      />
      <Select
        label="Agent"
        clearable
        searchable
        data={(agents.data ?? [])
          .filter((a) => a.mda.id === props.mdaId)
          .map((a) => ({ value: a.id, label: a.name }))}
        value={props.agentId}
        onChange={(agentId) => props.onChange({ ...place, agentId })}
      />
      <Select
        label="Default revenue head"
        clearable
        searchable
        data={(heads.data?.items ?? []).map((h) => ({
          value: h.code,
          label: `${h.code} — ${h.name}`,
        }))}
        value={props.revenueHeadCode}
        onChange={(revenueHeadCode) => props.onChange({ ...place, revenueHeadCode })}
      />
    </>
  );
}

export function NewTerminalDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [terminalId, setTerminalId] = useState('');
  const [serialNumber, setSerialNumber] = useState('');
  const [place, setPlace] = useState<{
    mdaId: string | null;
    agentId: string | null;
    revenueHeadCode: string | null;
  }>({
    mdaId: null,
    agentId: null,
    revenueHeadCode: null,
  });
  const saved = useSaved('Terminal registered', onClose);
  const save = useMutation({
    mutationFn: () =>
      createPosTerminal({
        terminalId,
        serialNumber,
        mdaId: place.mdaId ?? '',
        agentId: place.agentId,
        revenueHeadCode: place.revenueHeadCode,
      }),
    onSuccess: (t) => saved.onSuccess(`${t.terminalId} collects for ${t.mda.name}.`),
  });
  return (
    <AppModal
      opened={opened}
      onClose={onClose}
      title="Register a terminal"
      closeButtonProps={{ 'aria-label': 'Close the terminal form' }}
    >
      <SaveForm
        error={save.error}
        onSubmit={() => save.mutate()}
        onCancel={onClose}
        submitLabel="Register terminal"
        saving={save.isPending}
      >
        <TextInput
          label="Terminal id"
          required
          value={terminalId}
          onChange={(e) => setTerminalId(e.currentTarget.value)}
          data-autofocus
        />
        <TextInput
          label="Serial number"
          required
          value={serialNumber}
          onChange={(e) => setSerialNumber(e.currentTarget.value)}
        />
        <PlaceFields {...place} onChange={setPlace} />
      </SaveForm>
    </AppModal>
  );
}

export function ReassignDialog({
  terminal,
  onClose,
}: {
  terminal: PosTerminalView | null;
  onClose: () => void;
}) {
  return (
    <AppModal
      opened={terminal !== null}
      onClose={onClose}
      title={terminal ? `Reassign ${terminal.terminalId}` : 'Reassign'}
      closeButtonProps={{ 'aria-label': 'Close the reassignment form' }}
    >
      {terminal && <ReassignForm key={terminal.id} terminal={terminal} onClose={onClose} />}
    </AppModal>
  );
}

function ReassignForm({ terminal, onClose }: { terminal: PosTerminalView; onClose: () => void }) {
  const [place, setPlace] = useState<{
    mdaId: string | null;
    agentId: string | null;
    revenueHeadCode: string | null;
  }>({
    mdaId: terminal.mda.id,
    agentId: terminal.agent?.id ?? null,
    revenueHeadCode: terminal.revenueHeadCode,
  });
  const [reason, setReason] = useState('');
  const saved = useSaved('Terminal reassigned', onClose);
  const save = useMutation({
    mutationFn: () =>
      reassignPosTerminal(terminal.id, {
        mdaId: place.mdaId ?? '',
        agentId: place.agentId,
        revenueHeadCode: place.revenueHeadCode,
        reason,
      }),
    onSuccess: (t) =>
      saved.onSuccess(`${t.terminalId} now collects for ${t.agent?.name ?? t.mda.name}.`),
  });
  return (
    <SaveForm
      error={save.error}
      onSubmit={() => save.mutate()}
      onCancel={onClose}
      submitLabel="Reassign"
      saving={save.isPending}
    >
      <PlaceFields {...place} onChange={setPlace} />
      <Textarea
        label="Reason"
        required
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
      />
    </SaveForm>
  );
}

export function ActiveDialog({
  terminal,
  onClose,
}: {
  terminal: PosTerminalView | null;
  onClose: () => void;
}) {
  return (
    <ActiveSwitchDialog
      subject={terminal}
      onClose={onClose}
      nameOf={(t) => t.terminalId}
      closeLabel="Close without changing the terminal"
      warning="Its transactions will be held for review, not recorded as revenue."
      reasonRequired={() => true}
      savedTitle="Terminal changed"
      change={(t, reason) => setPosTerminalActive(t.id, { isActive: !t.isActive, reason })}
    />
  );
}
