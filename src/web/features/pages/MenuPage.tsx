import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconClockHour4 } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Navigate } from '@tanstack/react-router';
import { meQuery } from '../../lib/api/queries';
import { NoAccess } from '../../lib/routing/NoAccess';
import { useShellBase } from '../../shell/shellPaths';
import { PAGE_CATALOG } from './catalog';
import { classifyShellPath } from './pageAccess';

/** Every menu link (docs/product.md §2 "Routes per role") until its part of RevDesk is built. */
export function MenuPage({ path }: { path: string }) {
  const base = useShellBase();
  const { data: me } = useQuery(meQuery());
  const page = classifyShellPath(base, path, me?.menu ?? []);

  if (page.kind === 'unknown') return <Navigate to="/error" replace />;
  const info = PAGE_CATALOG[page.link];
  const title = info?.title ?? page.item.label;
  if (page.kind === 'no-access') return <NoAccess title={title} />;
  return <ComingSoon title={title} description={info?.description} />;
}

function ComingSoon({ title, description }: { title: string; description: string | undefined }) {
  useDocumentTitle(`${title} · RevDesk`);
  return (
    <Stack gap="lg">
      <Group gap="sm" align="center">
        <Title order={1} size="h2">
          {title}
        </Title>
        <Badge
          size="lg"
          color="notice.8"
          variant="filled"
          leftSection={<IconClockHour4 size={14} />}
        >
          Coming Soon
        </Badge>
      </Group>
      <Paper withBorder radius="md" p="lg">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Coming Soon
          </Title>
          {description && <Text>{description}</Text>}
          <Text c="dimmed" size="sm">
            This page is not available yet. It arrives with its part of RevDesk; nothing on it works
            until then.
          </Text>
        </Stack>
      </Paper>
    </Stack>
  );
}
