import { Alert, Badge, Button, Group, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useState } from 'react';
import type { OfficerDetail } from '../../../../shared/officers';
import { USER_TYPE_LABELS } from '../../../../shared/userTypeEnums';
import { meQuery } from '../../../lib/api/queries';
import { AppDrawer } from '../../../lib/dialogs/AppModal';
import { ConfirmDialog } from '../../../lib/dialogs/ConfirmDialog';
import { formatLagosDate, formatLagosDateTime } from '../../../lib/format';
import { PhoneLink } from '../../../lib/lists/PhoneLink';
import { Spinner } from '../../../lib/pending/Spinner';
import { STATE_COLORS, stateOf } from '../format';
import { mdaOptionsQuery, officerQuery } from '../queries';
import { EditOfficerForm, MdaPrivilegesForm, ResetPasswordForm } from './OfficerForms';
import { useOfficerChange } from './useOfficerChange';

/** One officer over the list: their record, and what an administrator may change. */
export function OfficerDrawer(props: {
  officerId: string | undefined;
  canWrite: boolean;
  onClose: () => void;
}) {
  const officer = useQuery({ ...officerQuery(props.officerId ?? ''), enabled: !!props.officerId });
  const title = officer.data ? `${officer.data.firstName} ${officer.data.surname}` : 'Officer';
  return (
    <AppDrawer
      opened={!!props.officerId}
      onClose={props.onClose}
      position="right"
      size="xl"
      title={title}
      closeButtonProps={{ 'aria-label': `Close ${title}` }}
    >
      {officer.isPending ? (
        <Group justify="center" p="xl">
          <Spinner label="Loading the officer" />
        </Group>
      ) : officer.isError ? (
        <Alert color="red" variant="light" role="alert" title="The officer could not be loaded">
          {officer.error.message}
        </Alert>
      ) : (
        <OfficerPanel officer={officer.data} canWrite={props.canWrite} />
      )}
    </AppDrawer>
  );
}

function Detail({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fw={500} style={{ overflowWrap: 'anywhere' }}>
        {value || '—'}
      </Text>
    </div>
  );
}

function OfficerPanel({ officer, canWrite }: { officer: OfficerDetail; canWrite: boolean }) {
  const mdas = useQuery(mdaOptionsQuery());
  const mdaName = (id: string) => mdas.data?.find((mda) => mda.id === id)?.name ?? 'Unknown MDA';
  const state = stateOf(officer);
  return (
    <Stack gap="lg">
      <Group gap="xs">
        <Badge color={STATE_COLORS[state]} variant="filled">
          {state}
        </Badge>
        {officer.mustChangePassword && (
          <Badge color="blue.9" variant="filled">
            Temporary password
          </Badge>
        )}
      </Group>
      <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" m={0}>
        <Detail label="Officer ID" value={officer.officerId} />
        <Detail label="User type" value={USER_TYPE_LABELS[officer.userType]} />
        <Detail label="Username" value={officer.username} />
        <Detail label="E-mail" value={officer.email} />
        <Detail
          label="Phone"
          value={officer.phoneNumber && <PhoneLink phone={officer.phoneNumber} />}
        />
        <Detail label="Joined" value={formatLagosDate(officer.createdAt)} />
        <Detail
          label="MDA privileges"
          value={officer.mdaPrivileges.map(mdaName).join(', ') || 'None'}
        />
        {officer.signInThrottledUntil && (
          <Detail
            label="Sign-in throttled until"
            value={formatLagosDateTime(officer.signInThrottledUntil)}
          />
        )}
      </SimpleGrid>
      {canWrite && <StateActions officer={officer} />}
      {canWrite && (
        <Tabs defaultValue="edit" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="edit">Edit details</Tabs.Tab>
            <Tabs.Tab value="mdas">MDA privileges</Tabs.Tab>
            <Tabs.Tab value="password">Reset password</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="edit" pt="md">
            <EditOfficerForm key={officer.userType} officer={officer} />
          </Tabs.Panel>
          <Tabs.Panel value="mdas" pt="md">
            <MdaPrivilegesForm officer={officer} />
          </Tabs.Panel>
          <Tabs.Panel value="password" pt="md">
            <ResetPasswordForm officer={officer} />
          </Tabs.Panel>
        </Tabs>
      )}
    </Stack>
  );
}

type StateAction = 'unlock' | 'deactivate' | 'reactivate';

const ACTIONS: Record<
  StateAction,
  { label: string; isDangerous?: true; done: string; message: (o: OfficerDetail) => string }
> = {
  unlock: {
    label: 'Clear sign-in throttle',
    done: 'Sign-in throttle cleared',
    message: (o) =>
      `The failed sign-ins counted against ${o.firstName} ${o.surname} are forgotten, from every address: their next attempt is checked at once.`,
  },
  deactivate: {
    label: 'Deactivate',
    isDangerous: true,
    done: 'Account deactivated',
    message: (o) =>
      `${o.firstName} ${o.surname} is signed out everywhere at once and cannot sign in until the account is reactivated.`,
  },
  reactivate: {
    label: 'Reactivate',
    done: 'Account reactivated',
    message: (o) => `${o.firstName} ${o.surname} can sign in again with their password.`,
  },
};

/** Clear a sign-in throttle, deactivate, reactivate: each asks first, and says plainly when a guard rail refuses it. */
function StateActions({ officer }: { officer: OfficerDetail }) {
  const { data: me } = useQuery(meQuery());
  const [isAsking, setIsAsking] = useState(false);
  // Kept after the dialog closes, so its title stays while it fades out.
  const [chosen, setChosen] = useState<StateAction>('unlock');
  const action = ACTIONS[chosen];
  const change = useOfficerChange<undefined>(
    officer.id,
    { method: 'POST', path: `/${chosen}` },
    { title: action.done, message: action.message },
    { onSuccess: () => setIsAsking(false) },
  );
  const isSelf = me?.user.id === officer.id;
  const available: StateAction[] = [
    ...(officer.isSignInThrottled ? (['unlock'] as const) : []),
    ...(officer.isActive ? (isSelf ? [] : (['deactivate'] as const)) : (['reactivate'] as const)),
  ];
  if (available.length === 0) return null;
  return (
    <Group gap="sm">
      {available.map((name) => (
        <Button
          key={name}
          variant="light"
          color={ACTIONS[name].isDangerous ? 'red' : undefined}
          onClick={() => {
            change.reset();
            setChosen(name);
            setIsAsking(true);
          }}
        >
          {ACTIONS[name].label}
        </Button>
      ))}
      <ConfirmDialog
        opened={isAsking}
        title={`${action.label} ${officer.firstName} ${officer.surname}?`}
        message={action.message(officer)}
        confirmLabel={action.label}
        // red.9: white text on it is 5.5:1 (red.6 is 3.6:1).
        color={action.isDangerous ? 'red.9' : undefined}
        isPending={change.isPending}
        error={change.error}
        onConfirm={() => change.mutate(undefined)}
        onClose={() => setIsAsking(false)}
      />
    </Group>
  );
}
