import { Alert, Button, Grid, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { FormEventHandler, ReactNode } from 'react';
import classes from './AssessmentFormFrame.module.css';

/**
 * The one shape of an assessment form, direct or presumptive: the kind's sections on the left,
 * the tax computed as the officer types on the right (below the form on a narrower screen, with
 * the running total fixed at the bottom), then the error summary and the same two buttons.
 * A draft is saved here and issued from its page (docs/product.md §2).
 */
export function AssessmentFormFrame(props: {
  /** The form's accessible name: "Direct assessment", "Presumptive assessment". */
  label: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The kind's sections (FormSection), the taxpayer and year first. */
  children: ReactNode;
  /** The computation card (SummaryPanel). */
  summary: ReactNode;
  /** The tax so far, formatted, or null while the form cannot compute it. */
  runningTax: string | null;
  formError: string | null;
  isSaving: boolean;
  /** Where Cancel goes: the draft's page, or the kind's list for a new one. */
  cancelTo: string;
}) {
  return (
    <form noValidate aria-label={props.label} onSubmit={props.onSubmit} className={classes.form}>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="lg">
            {props.children}
            {props.formError ? (
              <Alert color="red" variant="light" title="The draft was not saved" role="alert">
                {props.formError}
              </Alert>
            ) : null}
            <RunningTax value={props.runningTax} />
            <Group>
              <Button type="submit" loading={props.isSaving}>
                Save draft
              </Button>
              <Button variant="default" component={Link} to={props.cancelTo}>
                Cancel
              </Button>
            </Group>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          {/* Beside the form on a wide screen it stays in view; on a phone it follows the form. */}
          <div
            style={{
              position: 'sticky',
              top: 'calc(var(--app-shell-header-height, 0px) + var(--mantine-spacing-md))',
            }}
          >
            {props.summary}
          </div>
        </Grid.Col>
      </Grid>
    </form>
  );
}

/** Below lg the computation follows the form: the running total stays in sight. */
function RunningTax({ value }: { value: string | null }) {
  return (
    <Paper
      hiddenFrom="lg"
      withBorder
      radius="md"
      px="md"
      py="xs"
      shadow="sm"
      // Fixed, not sticky: the page's own wrappers clip overflow, which stops sticky.
      style={{
        position: 'fixed',
        insetInline: 'var(--mantine-spacing-xs)',
        bottom: 'var(--mantine-spacing-xs)',
        zIndex: 150,
      }}
    >
      <Group justify="space-between" wrap="nowrap">
        <Text fw={700} size="sm">
          Tax payable so far
        </Text>
        <Text fw={700} ff="monospace" data-testid="running-tax">
          {value ?? '—'}
        </Text>
      </Group>
    </Paper>
  );
}
