import { Badge, Button, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatKoboAsNaira } from '../../../../shared/money';
import {
  INSTRUMENT_TYPE_LABELS,
  PARTY_ROLE_LABELS,
  STAMP_LAW_LABELS,
} from '../../../../shared/stampDuty/enums';
import { useLazyDialog } from '../../../lib/dialogs/useLazyDialog';
import { formatCalendarDate } from '../../../lib/format';
import { ListLoadError } from '../../../lib/lists/listPage';
import { TableSkeleton } from '../../../lib/pending/skeletons';
import { NoAccess } from '../../../lib/routing/NoAccess';
import { usePermission } from '../../../lib/routing/usePermission';
import { ruleCharge, ruleExemption } from '../format';
import { stampRulesQuery } from '../queries';
import { LateStampingSections } from './LateStampingSections';
import type { EditableRule } from './ruleForm';

// The dialog and the money and form packages it draws with load when it opens (docs/architecture.md
// §9 "Web").
const loadRuleEditDialog = () => import('./RuleEditDialog').then((module) => module.RuleEditDialog);

const toConfirm = (
  <Badge color="notice.9" variant="filled" ml={6}>
    to confirm
  </Badge>
);

const period = (from: string, to: string | null) =>
  `${formatCalendarDate(from)} – ${to ? formatCalendarDate(to) : 'now'}`;

/**
 * /birs/admin/stamp-duty-rules (RevDesk's own menu entry, ADMIN): the dated instrument-type
 * rules of both laws, the late-stamping penalty and the Monetary Policy Rate, values without a
 * public source marked "to confirm" (docs/tax-rules.md). A rule changes through
 * PUT /api/v1/stamp-duty/rules/{id}; the late-stamping tables take new dated rows (ADR 0033).
 */
export function StampRulesPage() {
  const canKeep = usePermission('stamp-duty:rules');
  if (!canKeep) return <NoAccess title="Stamp Duty Rules" />;
  return <Rules />;
}

function Rules() {
  useDocumentTitle('Stamp Duty Rules · RevDesk');
  const query = useQuery(stampRulesQuery());
  const [editing, setEditing] = useState<EditableRule | null>(null);
  const editDialog = useLazyDialog(loadRuleEditDialog, editing !== null);
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Stamp Duty Rules
      </Title>
      <Text size="sm" c="dimmed">
        The law applied is the one in force on an instrument's date of execution. An instrument
        keeps the rule it was assessed under: a change here applies to instruments assessed
        afterwards.
      </Text>
      {query.isError ? (
        <ListLoadError
          what="The rules"
          error={query.error}
          isRetrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      ) : !query.data ? (
        <TableSkeleton label="Loading the rules…" columns={6} withPage={false} />
      ) : (
        <>
          <Table.ScrollContainer minWidth={760}>
            <Table striped>
              <Table.Caption>Instrument types, both periods</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Instrument</Table.Th>
                  <Table.Th>Law and period</Table.Th>
                  <Table.Th>Duty</Table.Th>
                  <Table.Th>Exempt</Table.Th>
                  <Table.Th>Paid by</Table.Th>
                  <Table.Th>Source</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Change</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {query.data.items.map((rule) => (
                  <Table.Tr key={rule.id}>
                    <Table.Td>{INSTRUMENT_TYPE_LABELS[rule.instrumentType]}</Table.Td>
                    <Table.Td>
                      {STAMP_LAW_LABELS[rule.law]}
                      <Text size="xs" c="dimmed">
                        {period(rule.validFrom, rule.validTo)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {ruleCharge(rule)}
                      {rule.toConfirm && toConfirm}
                    </Table.Td>
                    <Table.Td>{ruleExemption(rule)}</Table.Td>
                    <Table.Td>{PARTY_ROLE_LABELS[rule.chargedPartyRole]}</Table.Td>
                    <Table.Td>
                      <Text size="xs">{rule.source}</Text>
                    </Table.Td>
                    <Table.Td>
                      {rule.id && (
                        <Button
                          variant="light"
                          size="compact-sm"
                          aria-label={`Change ${rule.name} (${STAMP_LAW_LABELS[rule.law]})`}
                          onClick={() => setEditing(rule)}
                        >
                          Change
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <LateStampingSections tables={query.data} />
          <Text size="xs" c="dimmed">
            Amounts: {formatKoboAsNaira(100_000)} is shown as naira and kobo; rates as a share of
            the consideration.
          </Text>
        </>
      )}
      {editDialog.Dialog && (
        <editDialog.Dialog
          rule={editDialog.opened ? editing : null}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
