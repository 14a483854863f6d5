import { Stack, Text, Title } from '@mantine/core';

/** The page's title and a line on what the form does, above either kind's form. */
export function FormPageHeading(props: { title: string; lead: string }) {
  return (
    <Stack gap={2}>
      <Title order={1} size="h2">
        {props.title}
      </Title>
      <Text size="sm" c="dimmed">
        {props.lead}
      </Text>
    </Stack>
  );
}
