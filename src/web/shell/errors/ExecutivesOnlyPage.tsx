import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from '@tanstack/react-router';
import { PublicLayout } from '../PublicLayout';

/** A signed-in officer who is not an EXECUTIVE opened /governor (docs/architecture.md §10). */
export function ExecutivesOnlyPage() {
  useDocumentTitle('Executives only · RevDesk');
  return (
    <PublicLayout>
      <Paper withBorder shadow="sm" radius="lg" p="xl">
        <Stack gap="sm">
          <Title order={1} size="h2">
            This area is for executives
          </Title>
          <Text>
            The governor's area shows the executive dashboards and reports. Your officer type does
            not include it; your own work is in the main portal.
          </Text>
          <Button component={Link} to="/birs/dashboard" mt="sm" style={{ alignSelf: 'flex-start' }}>
            Back to Dashboard
          </Button>
        </Stack>
      </Paper>
    </PublicLayout>
  );
}
