import { Alert, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { describeFailure } from './failure';

/**
 * A failed call: the server's reason and what to do next. In lib, not in the RRR checks where it
 * began, because uploads, budgets, SSC and POS pages say their failures with it too, and one
 * feature must not import another's parts.
 */
export function CheckFailureAlert({ title, error }: { title: string; error: unknown }) {
  const failure = describeFailure(title, error);
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      title={failure.title}
      icon={<IconAlertTriangle size={18} aria-hidden="true" />}
    >
      <Stack gap={4}>
        <Text size="sm">{failure.message}</Text>
        {failure.whatToDo && <Text size="sm">{failure.whatToDo}</Text>}
      </Stack>
    </Alert>
  );
}
