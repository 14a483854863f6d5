import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type ErrorComponentProps, Link, useRouter } from '@tanstack/react-router';
import { Fragment, useContext } from 'react';
import { isApiError, NETWORK_FAILURE_MESSAGE } from '../../lib/api/api';
import { PublicLayout } from '../PublicLayout';
import { InsideShellContext } from '../shellLayout';

/**
 * A route that could not load (the server unreachable, a chunk missing after a deploy). It says
 * what went wrong and offers to try again, instead of a blank page.
 */
export function RouteErrorPage({ error }: ErrorComponentProps) {
  const router = useRouter();
  // A page of the officer shell fails inside the shell: its top bar and menu stay usable.
  const Frame = useContext(InsideShellContext) ? Fragment : PublicLayout;
  const message = isApiError(error)
    ? error.message
    : error instanceof TypeError
      ? NETWORK_FAILURE_MESSAGE
      : 'This page could not be shown. Try again; if it keeps failing, tell the RevDesk administrator.';
  return (
    <Frame>
      <Paper withBorder shadow="sm" radius="lg" p="xl">
        <Stack gap="md">
          <Title order={1} size="h2">
            Something went wrong
          </Title>
          <Alert color="red" variant="light" title="The page did not load">
            <Text size="sm">{message}</Text>
          </Alert>
          <Group>
            <Button onClick={() => router.invalidate()}>Try again</Button>
            <Button component={Link} to="/birs/dashboard" variant="default">
              Back to Dashboard
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Frame>
  );
}
