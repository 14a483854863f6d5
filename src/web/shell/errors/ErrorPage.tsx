import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from '@tanstack/react-router';
import { PublicLayout } from '../PublicLayout';

type ErrorText = { code?: string; title: string; subtitle?: string; text: string };

// docs/product.md §2: these texts are the old portal's, typos included ("wan", "agin").
const NOT_FOUND: ErrorText = {
  code: '404',
  title: 'Page Not Found',
  text: "Oopps!! The page you were looking for doesn't exist.",
};
const SERVER_ERROR: ErrorText = {
  code: '500',
  title: 'Internal server error',
  text: 'Oopps!! There wan an error. Please try agin later.',
};
const OTHER_ERROR: ErrorText = {
  title: 'Ooops..',
  subtitle: 'Something went wrong',
  text: "Looks like something went wrong. We're working on it",
};

function errorText(type: string | undefined): ErrorText {
  if (type === undefined || type === '404') return NOT_FOUND;
  if (type === '500') return SERVER_ERROR;
  return OTHER_ERROR;
}

/** `/error` and `/error/{type}` (docs/product.md §2). */
export function ErrorPage({ type }: { type?: string | undefined }) {
  const { code, title, subtitle, text } = errorText(type);
  useDocumentTitle(`${title} · RevDesk`);
  return (
    <PublicLayout>
      <Paper withBorder shadow="sm" radius="lg" p="xl">
        <Stack align="center" ta="center" gap="sm">
          {code && (
            <Text fz={56} fw={800} c="revenue.8" lh={1} aria-hidden="true">
              {code}
            </Text>
          )}
          <Title order={1} size="h2">
            {title}
          </Title>
          {subtitle && (
            <Title order={2} size="h4" fw={600}>
              {subtitle}
            </Title>
          )}
          <Text c="dimmed">{text}</Text>
          <Button component={Link} to="/birs/dashboard" mt="md">
            Back to Dashboard
          </Button>
        </Stack>
      </Paper>
    </PublicLayout>
  );
}
