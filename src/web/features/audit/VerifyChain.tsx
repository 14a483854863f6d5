import { Alert, Button, CloseButton, Code, Group, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconShieldCheck } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { auditKeys, verifyAuditChain } from './queries';

/** The button; its answer shows in VerifyChainResult, below the page's title. */
export function useVerifyChain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyAuditChain,
    // The verification records itself: the trail on screen is one row behind.
    onSettled: () => queryClient.invalidateQueries({ queryKey: auditKeys.all }),
  });
}

export function VerifyChainButton({ verify }: { verify: ReturnType<typeof useVerifyChain> }) {
  return (
    <Button
      variant="default"
      leftSection={<IconShieldCheck size={16} aria-hidden="true" />}
      loading={verify.isPending}
      onClick={() => verify.mutate()}
    >
      Verify chain
    </Button>
  );
}

/**
 * A verdict in the page's own colours. Not Mantine's Alert: its light green and red titles
 * fail contrast (axe, 3.4:1), and a darker shade turns its background dark as well. The
 * colour is in the border and the icon; the words stay dark enough to read.
 */
function Verdict(props: {
  tone: 'green' | 'red';
  role: 'status' | 'alert';
  icon: ReactNode;
  title: string;
  children: ReactNode;
  onDismiss?: () => void;
}) {
  return (
    <Paper
      role={props.role}
      p="md"
      radius="md"
      bg={`var(--mantine-color-${props.tone}-0)`}
      style={{ borderLeft: `4px solid var(--mantine-color-${props.tone}-8)` }}
    >
      <Group align="flex-start" wrap="nowrap" gap="sm">
        <Text c={`${props.tone}.9`} mt={2} aria-hidden="true">
          {props.icon}
        </Text>
        <Stack gap={4} style={{ flex: 1 }}>
          {/* green.9 on green.0 is 4.1:1, short of AA; red.9 on red.0 is 5.6:1. */}
          <Text fw={700} c={props.tone === 'red' ? 'red.9' : undefined}>
            {props.title}
          </Text>
          {props.children}
        </Stack>
        {props.onDismiss && <CloseButton aria-label="Dismiss" onClick={props.onDismiss} />}
      </Group>
    </Paper>
  );
}

/** Intact with the rows checked and the head to write down, or the first altered row in red. */
export function VerifyChainResult({ verify }: { verify: ReturnType<typeof useVerifyChain> }) {
  if (verify.isError) {
    return (
      <Alert color="red" variant="light" role="alert" title="The chain could not be verified">
        <Text size="sm">{verify.error.message}</Text>
      </Alert>
    );
  }
  const result = verify.data;
  if (!result) return null;
  if (result.intact) {
    return (
      <Verdict
        tone="green"
        role="status"
        icon={<IconShieldCheck size={20} />}
        title={`Chain intact: ${result.checked.toLocaleString('en-NG')} rows checked`}
        onDismiss={() => verify.reset()}
      >
        <Text size="sm">
          No audit row was altered or removed. The chain ends at this hash; keep a copy outside
          RevDesk to prove later that the whole chain was not rewritten since:
        </Text>
        <Code style={{ wordBreak: 'break-all' }}>{result.headHash ?? 'no rows yet'}</Code>
      </Verdict>
    );
  }
  return (
    <Verdict
      tone="red"
      role="alert"
      icon={<IconAlertTriangle size={20} />}
      title={
        result.firstBadId === undefined
          ? 'The audit chain is broken at its end'
          : `The audit chain is broken at audit row ${result.firstBadId}`
      }
    >
      <Text size="sm">
        {sentence(result.reason)} {result.checked.toLocaleString('en-NG')} rows were checked. Report
        this to the head of ICT and keep the database as it is: it is evidence.
      </Text>
    </Verdict>
  );
}

/** "its content … altered" → "Its content … altered." */
function sentence(reason: string | undefined): string {
  if (!reason) return '';
  return `${reason.charAt(0).toUpperCase()}${reason.slice(1)}.`;
}
