import { Alert, Badge, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { MdaValues } from './mdaFormValues';

const STORED_NOTE = 'Stored encrypted. RevDesk never shows it again, to anyone.';

/**
 * Remita's API key is write-only (docs/architecture.md §10): a new MDA may be given one; an existing
 * MDA shows only whether it has one, and the key can be replaced or removed, never read.
 */
export function ApiKeyField(props: {
  form: UseFormReturnType<MdaValues>;
  hasKey: boolean;
  isNew: boolean;
}) {
  const { form, hasKey, isNew } = props;
  const action = form.getValues().apiKeyAction;
  const setAction = (next: MdaValues['apiKeyAction']) => {
    form.setFieldValue('apiKeyAction', next);
    form.setFieldValue('apiKey', '');
    form.clearFieldError('apiKey');
  };

  if (isNew) {
    return (
      <PasswordInput
        label="API key"
        description={`Optional now; it can be added later. ${STORED_NOTE}`}
        autoComplete="new-password"
        {...form.getInputProps('apiKey')}
      />
    );
  }

  return (
    <Stack gap="xs">
      <Group gap="sm">
        <Text size="sm" fw={500}>
          API key
        </Text>
        <Badge color={hasKey ? 'revenue.8' : 'gray.7'} variant="filled">
          {hasKey ? 'Set' : 'Not set'}
        </Badge>
      </Group>
      {action === 'keep' && (
        <Group gap="sm">
          <Button size="xs" variant="default" onClick={() => setAction('replace')}>
            {hasKey ? 'Replace key' : 'Add key'}
          </Button>
          {hasKey && (
            <Button size="xs" variant="subtle" color="red" onClick={() => setAction('remove')}>
              Remove key
            </Button>
          )}
        </Group>
      )}
      {action === 'replace' && (
        <Group gap="sm" align="flex-start">
          <PasswordInput
            label={hasKey ? 'New API key' : 'API key'}
            description={STORED_NOTE}
            autoComplete="new-password"
            withAsterisk
            data-autofocus
            style={{ flex: 1 }}
            {...form.getInputProps('apiKey')}
          />
          <Button size="xs" variant="subtle" mt={28} onClick={() => setAction('keep')}>
            {hasKey ? 'Keep the current key' : 'Cancel'}
          </Button>
        </Group>
      )}
      {action === 'remove' && (
        <Alert color="orange" variant="light" role="status">
          <Group justify="space-between" gap="sm">
            <Text size="sm">
              The key will be removed when you save. Remita checks for this MDA stop until a new key
              is added.
            </Text>
            <Button size="xs" variant="default" onClick={() => setAction('keep')}>
              Undo
            </Button>
          </Group>
        </Alert>
      )}
    </Stack>
  );
}
