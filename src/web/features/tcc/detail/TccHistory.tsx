// The history's timeline: Mantine's styles are split by area (src/web/styles), this page alone draws one.
import '@mantine/core/styles/Timeline.layer.css';
import { Paper, Stack, Text, Timeline, Title } from '@mantine/core';
import type { TccView } from '../../../../shared/tcc/views';
import { formatLagosDateTime } from '../../../lib/format';
import { historyCommentLabel, historyText } from '../common/tccText';

/** Everything that happened to the certificate, oldest first: who, what, when, and why. */
export function TccHistory({ view }: { view: TccView }) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          History
        </Title>
        {view.history.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing recorded yet.
          </Text>
        ) : (
          <Timeline bulletSize={14} lineWidth={2} active={view.history.length - 1}>
            {view.history.map((entry) => (
              <Timeline.Item key={entry.id} title={historyText(entry)}>
                <Text size="sm" c="dimmed">
                  {formatLagosDateTime(entry.at)}
                  {entry.actor ? ` · ${entry.actor.name}` : ''}
                </Text>
                {entry.comment && (
                  <Text size="sm" mt={4}>
                    <Text span fw={600}>
                      {historyCommentLabel(entry.action)}:
                    </Text>{' '}
                    {entry.comment}
                  </Text>
                )}
              </Timeline.Item>
            ))}
          </Timeline>
        )}
      </Stack>
    </Paper>
  );
}
