import { Alert, Code, Group, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { SystemInfo } from '../../../shared/auth';
import { api } from '../../lib/api/api';

/**
 * In demo mode the sign-in page lists the demo officers. The server never sends the password;
 * it is the documented default unless whoever started the server chose another.
 *
 * A plain request rather than the query cache: the sign-in page also runs on its own, without
 * the router or the query cache (signInEntry.tsx, docs/architecture.md §9 "Web").
 */
export function DemoSignInNote() {
  const [system, setSystem] = useState<SystemInfo | null>(null);
  useEffect(() => {
    let current = true;
    api.get<SystemInfo>('/api/v1/system').then(
      (info) => {
        if (current) setSystem(info);
      },
      // Only a hint: the form works without it.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  if (!system?.demoMode || system.demoUsernames.length === 0) return null;
  return (
    <Alert color="gray" variant="light" title="Demo data" role="note">
      <Text size="sm">Sign in as one of these demo officers:</Text>
      <Group gap={6} mt={6}>
        {system.demoUsernames.map((username) => (
          <Code key={username}>{username}</Code>
        ))}
      </Group>
      <Text size="sm" mt={6}>
        Password: <Code>revdesk-demo</Code> (unless <Code>DEMO_PASSWORD</Code> was set when the
        server started).
      </Text>
    </Alert>
  );
}
