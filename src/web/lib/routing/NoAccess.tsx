import { Alert, Button, Group, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconLock } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';

/** A page the officer's user type does not open (the server refuses its data too). */
export function NoAccess({ title }: { title: string }) {
  useDocumentTitle(`No access · RevDesk`);
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        You do not have access to this page
      </Title>
      <Alert color="red" variant="light" icon={<IconLock size={18} />} title={title} role="note">
        This page is not part of your menu. If your work needs it, ask a RevDesk administrator to
        change your officer type.
      </Alert>
      <Group>
        <Button component={Link} to="/birs/dashboard">
          Back to Dashboard
        </Button>
      </Group>
    </Stack>
  );
}
