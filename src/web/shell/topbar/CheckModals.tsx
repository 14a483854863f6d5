import type { ComponentType } from 'react';
import { BatchCheckDialog } from '../../features/rrr-checks/BatchCheckDialog';
import { EvasCheckDialog } from '../../features/rrr-checks/EvasCheckDialog';
import { RrrCheckDialog } from '../../features/rrr-checks/RrrCheckDialog';
import { AppModal } from '../../lib/dialogs/AppModal';

export type CheckKind = 'rrr' | 'rrr-batch' | 'evas';

type CheckDialog = {
  title: string;
  /** docs/product.md §9: lg for the checks, md for the upload. */
  size: 'lg' | 'md';
  Body: ComponentType<{ onClose: () => void }>;
};

/** docs/product.md §2 "RRR check modals". */
const CHECK_DIALOGS: Record<CheckKind, CheckDialog> = {
  rrr: { title: 'Check RRR', size: 'lg', Body: RrrCheckDialog },
  'rrr-batch': { title: 'Check RRR (Multiple)', size: 'md', Body: BatchCheckDialog },
  evas: { title: 'Auto Reg/EVAS Check Status', size: 'lg', Body: EvasCheckDialog },
};

/**
 * One static dialog at a time: no closing by backdrop click or Escape (docs/product.md §2). Close
 * dismisses it, and the body unmounts with it, so the next opening starts from an empty form.
 * AppModal moves focus to the body's first field, keeps the sidebar inert behind the dialog
 * and gives focus back to the sidebar entry that opened it.
 */
export function CheckModals({ open, onClose }: { open: CheckKind | null; onClose: () => void }) {
  return (
    <>
      {(Object.keys(CHECK_DIALOGS) as CheckKind[]).map((kind) => {
        const { title, size, Body } = CHECK_DIALOGS[kind];
        return (
          <AppModal
            key={kind}
            opened={open === kind}
            onClose={onClose}
            title={title}
            size={size}
            centered
            isStatic
            closeButtonProps={{ 'aria-label': `Close ${title}` }}
          >
            <Body onClose={onClose} />
          </AppModal>
        );
      })}
    </>
  );
}
