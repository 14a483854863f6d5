import { Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { TccScreen } from '../../../../shared/tcc/lists';
import { ListHeader } from '../../../lib/lists/listPage';
import { NoAccess } from '../../../lib/routing/NoAccess';
import { usePermission } from '../../../lib/routing/usePermission';
import { useTccScreen } from '../common/useTccScreen';
import { TccListSection } from './TccListSection';

/** What each kind of list is for, under its title. */
const INTRO: Record<Exclude<TccScreen['view'], 'generate'>, string> = {
  'officer-pending':
    'Certificates still open: with an approver, awaiting their fee, or sent back to be amended.',
  all: 'Every certificate of this kind, whatever its status.',
  'stage-pending':
    'Certificates waiting for this stage’s decision. Open one to approve or reject it, or tick several and approve them together.',
  'stage-rejected':
    'Certificates this stage sent back to the generating officer, with the reason given.',
  completed: 'Certificates approved by the Chairman: ready to print, printed, or revoked.',
};

/** Every docs/product.md §2 TCC list: one screen of TCC_SCREENS, a view by kind and status. */
export function TccListPage() {
  const screen = useTccScreen();
  const canRead = usePermission('tcc:read');
  if (!canRead) return <NoAccess title={screen.title} />;
  return <TccList screen={screen} />;
}

function TccList({ screen }: { screen: TccScreen }) {
  useDocumentTitle(`${screen.title} · RevDesk`);
  return (
    <Stack gap="lg">
      <ListHeader
        title={screen.title}
        description={screen.view === 'generate' ? undefined : INTRO[screen.view]}
      />
      <TccListSection screen={screen} />
    </Stack>
  );
}
