import '../../styles/dashboard.css';
import { Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { MenuItem } from '../../../shared/menu/types';
import { USER_TYPE_LABELS } from '../../../shared/userTypeEnums';
import { meQuery } from '../../lib/api/queries';
import { toShellPath, useShellBase } from '../../shell/shellPaths';
import { MenuIconGlyph } from '../../shell/sidebar/menuIcons';
import { PAGE_CATALOG } from '../pages/catalog';
import classes from './DashboardPage.module.css';
import { timeOfDayGreeting } from './greeting';
import { WorkQueueSection } from './WorkQueueSection';

/** How many of the officer's menu pages the dashboard offers as their main tasks. */
const MAIN_TASK_COUNT = 6;

type Task = { link: string; label: string; icon: string | undefined };

/** The visible pages of a menu in order, each with the icon of its top-level entry. */
function tasksOf(items: readonly MenuItem[], inheritedIcon?: string): Task[] {
  return items
    .filter((item) => item.status !== false)
    .flatMap((item) => {
      const icon = item.icon ?? inheritedIcon;
      const own = item.link ? [{ link: item.link, label: item.label, icon }] : [];
      return [...own, ...tasksOf(item.subItems ?? [], icon)];
    });
}

/** /birs/dashboard: the officer's landing page. */
export function DashboardPage() {
  useDocumentTitle('Dashboard · RevDesk');
  const base = useShellBase();
  const { data: me } = useQuery(meQuery());
  if (!me) return null;

  const { user } = me;
  const tasks = tasksOf(me.menu)
    .filter((task) => task.link !== '/birs/dashboard')
    .slice(0, MAIN_TASK_COUNT);

  return (
    <Stack gap="xl">
      <div>
        <Title order={1} size="h2">
          {timeOfDayGreeting(new Date())}, {user.firstName}
        </Title>
        <Text c="dimmed" mt={4}>
          Signed in as {USER_TYPE_LABELS[user.userType]} · Officer ID {user.officerId}
        </Text>
      </div>

      <WorkQueueSection />

      <section aria-labelledby="main-tasks-heading">
        <Title order={2} size="h4" id="main-tasks-heading" mb="md">
          Your main tasks
        </Title>
        {tasks.length === 0 ? (
          <Text>Your menu has no pages yet. Ask a RevDesk administrator about your access.</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {tasks.map((task) => {
              const info = PAGE_CATALOG[task.link];
              return (
                <Paper
                  key={task.link}
                  component={Link}
                  to={toShellPath(base, task.link)}
                  withBorder
                  radius="md"
                  p="lg"
                  className={classes.task}
                >
                  <Group justify="space-between" align="flex-start" wrap="nowrap">
                    <ThemeIcon variant="light" size="lg" radius="md" aria-hidden="true">
                      <MenuIconGlyph name={task.icon} size={20} />
                    </ThemeIcon>
                    <IconArrowRight size={18} aria-hidden="true" className={classes.arrow} />
                  </Group>
                  <Text component="h3" fw={650} mt="sm">
                    {info?.title ?? task.label}
                  </Text>
                  {info && (
                    <Text size="sm" c="dimmed" mt={4} lineClamp={3}>
                      {info.description}
                    </Text>
                  )}
                </Paper>
              );
            })}
          </SimpleGrid>
        )}
      </section>
    </Stack>
  );
}
