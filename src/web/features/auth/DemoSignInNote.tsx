import { Alert, Code, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { systemQuery } from '../../lib/queries';

/**
 * In demo mode the sign-in page lists the demo officers. The server never sends the password;
 * it is the documented default unless whoever started the server chose another.
 */
export function DemoSignInNote() {
  const { data: system } = useQuery(systemQuery());
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
