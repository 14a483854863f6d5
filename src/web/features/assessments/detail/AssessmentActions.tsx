import { Button, Group } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBan,
  IconDownload,
  IconEdit,
  IconReceipt,
  IconSend,
  IconShieldCheck,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { AssessmentDetail, AssessmentView } from '../../../../shared/assessments/views';
import { useShellBase } from '../../../shell/shellPaths';
import { noticePdfUrl } from '../common/queries';
import { useMayWorkOnKind } from '../list/access';
import { KIND_LIST } from '../list/kinds';
import {
  BillModal,
  IssueModal,
  ObjectionModal,
  type PendingBill,
  ReasonModal,
} from './ActionModals';

type Open = 'issue' | 'cancel' | 'bill' | 'waive' | 'objection' | null;

/** The assessment's own bill waiting for its money, when the page holds its payments. */
function pendingBillOf(view: AssessmentView): PendingBill | null {
  const lines = 'payments' in view ? (view as AssessmentDetail).payments : [];
  const line = lines.findLast((p) => p.status === 'pending' && p.assessmentId === view.id);
  return line ? { paymentId: line.id, rrr: line.rrr, amountKobo: line.amountKobo } : null;
}

/** What may be done to an assessment in its status, by whom (permissions.ts, ASSESSMENT_KINDS_OF). */
export function availableActions(
  view: Pick<
    AssessmentView,
    'status' | 'kind' | 'source' | 'paidKobo' | 'isPenaltyWaived' | 'issuedAt' | 'amountDueKobo'
  >,
  may: { create: boolean; issue: boolean; waive: boolean; object: boolean },
) {
  const owing = ['issued', 'part_paid', 'objected'].includes(view.status);
  return {
    // Either kind's draft is edited in its form (form/EditableDraft.tsx); a backlog entry is never a draft.
    edit: may.create && view.status === 'draft' && view.source === 'assessed',
    issue: may.issue && view.status === 'draft',
    cancel: may.issue && ['draft', 'issued'].includes(view.status) && view.paidKobo === 0,
    bill: may.issue && ['issued', 'part_paid'].includes(view.status) && view.amountDueKobo > 0,
    waive: may.waive && owing && !view.isPenaltyWaived,
    objection:
      may.object &&
      view.issuedAt !== null &&
      view.source === 'assessed' &&
      ['issued', 'part_paid', 'paid'].includes(view.status),
    notice: view.issuedAt !== null && view.source === 'assessed',
  };
}

/** The buttons of one assessment's page; each opens its dialog (ADR 0012). */
export function AssessmentActions({ view }: { view: AssessmentView }) {
  const base = useShellBase();
  const [open, setOpen] = useState<Open>(null);
  const may = {
    create: useMayWorkOnKind('assessment:create', view.kind),
    issue: useMayWorkOnKind('assessment:issue', view.kind),
    waive: useMayWorkOnKind('penalty:waive', view.kind),
    object: useMayWorkOnKind('objection:record', view.kind),
  };
  const can = availableActions(view, may);
  const close = () => setOpen(null);
  return (
    <>
      <Group gap="sm" wrap="wrap">
        {can.edit && (
          <Button
            component={Link}
            to={`${base}/${KIND_LIST[view.kind].path}/${view.id}/edit`}
            variant="default"
            leftSection={<IconEdit size={16} aria-hidden="true" />}
          >
            Edit draft
          </Button>
        )}
        {can.issue && (
          <Button
            leftSection={<IconSend size={16} aria-hidden="true" />}
            onClick={() => setOpen('issue')}
          >
            Issue notice
          </Button>
        )}
        {can.bill && (
          <Button
            leftSection={<IconReceipt size={16} aria-hidden="true" />}
            onClick={() => setOpen('bill')}
          >
            Raise bill
          </Button>
        )}
        {can.notice && (
          <Button
            component="a"
            href={noticePdfUrl(view.id)}
            download
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden="true" />}
          >
            Download notice (PDF)
          </Button>
        )}
        {can.objection && (
          <Button
            variant="default"
            leftSection={<IconAlertTriangle size={16} aria-hidden="true" />}
            onClick={() => setOpen('objection')}
          >
            Record objection
          </Button>
        )}
        {can.waive && (
          <Button
            variant="default"
            leftSection={<IconShieldCheck size={16} aria-hidden="true" />}
            onClick={() => setOpen('waive')}
          >
            Waive penalty
          </Button>
        )}
        {can.cancel && (
          <Button
            variant="outline"
            color="red.9"
            leftSection={<IconBan size={16} aria-hidden="true" />}
            onClick={() => setOpen('cancel')}
          >
            Cancel
          </Button>
        )}
      </Group>
      {open === 'issue' && <IssueModal view={view} onClose={close} />}
      {open === 'bill' && <BillModal view={view} pending={pendingBillOf(view)} onClose={close} />}
      {open === 'cancel' && <ReasonModal view={view} action="cancel" onClose={close} />}
      {open === 'waive' && <ReasonModal view={view} action="waive-penalty" onClose={close} />}
      {open === 'objection' && <ObjectionModal view={view} onClose={close} />}
    </>
  );
}
