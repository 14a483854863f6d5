import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { USER_TYPE_LABELS } from '../../../shared/userTypeEnums';
import { formatPhone } from '../../lib/format';
import { ProfilePending } from '../../lib/pending/pendingShapes';
import { usePermission } from '../../lib/routing/usePermission';
import { ChairmanSignature } from './ChairmanSignature';
import { ChangePasswordForm } from './ChangePasswordForm';
import { ContactForm } from './ContactForm';
import { ProfilePhoto } from './ProfilePhoto';
import { profileQuery } from './queries';
import { SessionsList } from './SessionsList';

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

function Section(props: { id: string; title: string; hint?: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={props.id}>
      <Title order={2} size="h4" id={props.id} mb={props.hint ? 'xs' : 'md'}>
        {props.title}
      </Title>
      {props.hint && (
        <Text size="sm" c="dimmed" mb="md">
          {props.hint}
        </Text>
      )}
      {props.children}
    </Paper>
  );
}

/** /birs/admin/profile and /birs/taxpayer/profile: the officer's own account. */
export function ProfilePage() {
  useDocumentTitle('My Profile · RevDesk');
  const profile = useQuery(profileQuery());
  const signsCertificates = usePermission('tcc:approve:chairman');

  return (
    <Stack gap="xl">
      <Title order={1} size="h2">
        My Profile
      </Title>
      {profile.isPending ? (
        <ProfilePending withTitle={false} />
      ) : profile.isError ? (
        <Alert color="red" variant="light" role="alert" title="Your profile could not be loaded">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{profile.error.message}</Text>
            <Button size="xs" onClick={() => void profile.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : (
        <>
          <Section id="profile-details" title="Your details">
            <Group align="flex-start" gap="xl" wrap="wrap">
              <ProfilePhoto profile={profile.data} />
              <SimpleGrid
                component="dl"
                cols={{ base: 1, sm: 2, lg: 3 }}
                spacing="lg"
                m={0}
                style={{ flex: 1, minWidth: 260 }}
              >
                <Detail label="Name" value={`${profile.data.firstName} ${profile.data.surname}`} />
                <Detail label="Officer type" value={USER_TYPE_LABELS[profile.data.userType]} />
                <Detail label="Officer ID" value={profile.data.officerId} />
                <Detail label="Username" value={profile.data.username} />
                <Detail label="E-mail" value={profile.data.email} />
                <Detail label="Phone" value={formatPhone(profile.data.phoneNumber)} />
              </SimpleGrid>
            </Group>
          </Section>
          <Section
            id="contact-details"
            title="Contact details"
            hint="Your name and officer type are changed by an administrator."
          >
            <ContactForm
              key={`${profile.data.email}|${profile.data.phoneNumber}`}
              profile={profile.data}
            />
          </Section>
          {signsCertificates && (
            <Section
              id="certificate-signature"
              title="Signature on certificates"
              hint="Printed above your name on the tax clearance certificates you approve."
            >
              <ChairmanSignature />
            </Section>
          )}
          <Section
            id="change-password"
            title="Change password"
            hint="Your other sessions are signed out when you change it; this one stays."
          >
            <ChangePasswordForm username={profile.data.username} />
          </Section>
          <Section
            id="your-sessions"
            title="Where you are signed in"
            hint="Sessions end after 30 minutes without use, and 12 hours after signing in."
          >
            <SessionsList />
          </Section>
        </>
      )}
    </Stack>
  );
}
