import {
  ActionIcon,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type CorporateValues, emptyDirector } from '../formValues';

/** The schema's limit on directors (src/shared/taxpayers/input.ts). */
const MAX_DIRECTORS = 30;

/** The company's directors: a repeatable group of name, phone and (optional) BTIN. */
export function DirectorsFields({ form }: { form: UseFormReturnType<CorporateValues> }) {
  const { directors } = form.values;
  return (
    <Stack gap="sm">
      {directors.length === 0 && (
        <Text size="sm" c="dimmed">
          No directors recorded.
        </Text>
      )}
      {directors.map((director, index) => {
        const number = index + 1;
        return (
          <Paper key={director.key} withBorder radius="md" p="sm">
            <Group align="flex-start" wrap="nowrap" gap="sm">
              <SimpleGrid cols={{ base: 1, sm: 3 }} style={{ flex: 1 }}>
                <TextInput
                  label={`Director ${number}: name`}
                  required
                  maxLength={200}
                  {...form.getInputProps(`directors.${index}.name`)}
                />
                <TextInput
                  type="tel"
                  label={`Director ${number}: phone`}
                  {...form.getInputProps(`directors.${index}.phone`)}
                />
                <TextInput
                  label={`Director ${number}: BTIN`}
                  description="If they are a registered taxpayer"
                  inputMode="numeric"
                  maxLength={10}
                  {...form.getInputProps(`directors.${index}.btin`)}
                />
              </SimpleGrid>
              <ActionIcon
                variant="subtle"
                color="red.8"
                size="lg"
                mt={24}
                aria-label={`Remove director ${number}`}
                onClick={() => form.removeListItem('directors', index)}
              >
                <IconTrash size={18} aria-hidden="true" />
              </ActionIcon>
            </Group>
          </Paper>
        );
      })}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden="true" />}
          disabled={directors.length >= MAX_DIRECTORS}
          onClick={() => form.insertListItem('directors', emptyDirector())}
        >
          Add director
        </Button>
      </Group>
    </Stack>
  );
}
