import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { USER_TYPE_LABELS } from '../../../shared/userTypes';
import { meQuery } from '../../lib/queries';
import { ChangePasswordForm } from './ChangePasswordForm';

function Detail({ label, value }: { label: string; value: string }) {
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

/** /birs/admin/profile and /birs/taxpayer/profile: the officer's own account. */
export function ProfilePage() {
  useDocumentTitle('My Profile · RevDesk');
  const { data: me } = useQuery(meQuery());
  if (!me) return null;
  const { user } = me;

  return (
    <Stack gap="xl">
      <Title order={1} size="h2">
        My Profile
      </Title>
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="profile-details">
        <Title order={2} size="h4" id="profile-details" mb="md">
          Your details
        </Title>
        <SimpleGrid component="dl" cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" m={0}>
          <Detail label="Name" value={`${user.firstName} ${user.surname}`} />
          <Detail label="Officer type" value={USER_TYPE_LABELS[user.userType]} />
          <Detail label="Officer ID" value={user.officerId} />
          <Detail label="Username" value={user.username} />
          <Detail label="E-mail" value={user.email} />
          <Detail label="Phone" value={user.phoneNumber} />
        </SimpleGrid>
      </Paper>
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="change-password">
        <Title order={2} size="h4" id="change-password" mb="xs">
          Change password
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          Your other sessions are signed out when you change it; this one stays.
        </Text>
        <ChangePasswordForm username={user.username} />
      </Paper>
    </Stack>
  );
}
