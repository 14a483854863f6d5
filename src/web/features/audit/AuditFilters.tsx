import { Button, Group, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type AuditTrailSearch, hasAuditFilters } from './auditSearch';
import { auditActionsQuery } from './queries';

/** Long enough to let a word be typed, short enough to feel immediate. */
const TYPING_DEBOUNCE_MS = 300;

type TextKey = 'actor' | 'entityType' | 'entityId';
type FilterChange = Partial<Pick<AuditTrailSearch, TextKey | 'action' | 'from' | 'to'>>;

type Props = {
  search: AuditTrailSearch;
  onChange: (change: FilterChange) => void;
  onClear: () => void;
};

/** Each action, and above them "every action of" each entity (`officer.` matches officer.*). */
function actionOptions(actions: readonly string[]) {
  const prefixes = [...new Set(actions.map((action) => action.split('.')[0]))].sort();
  return [
    {
      group: 'Every action of',
      items: prefixes.map((prefix) => ({ value: `${prefix}.`, label: `${prefix}.*` })),
    },
    { group: 'One action', items: actions.map((action) => ({ value: action, label: action })) },
  ];
}

/** A text filter that waits for the typing to stop, and follows the URL when it changes. */
function DebouncedText(props: {
  label: string;
  placeholder: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  width: number;
}) {
  const [text, setText] = useState(props.value ?? '');
  const apply = useDebouncedCallback((value: string) => {
    props.onChange(value.trim() === '' ? undefined : value.trim());
  }, TYPING_DEBOUNCE_MS);
  // "Clear filters", the back button or a link changed the URL: the box follows it.
  useEffect(() => {
    setText((current) => (current.trim() === (props.value ?? '') ? current : (props.value ?? '')));
  }, [props.value]);
  return (
    <TextInput
      label={props.label}
      placeholder={props.placeholder}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        apply(event.currentTarget.value);
      }}
      w={props.width}
    />
  );
}

/** The trail's filters: actor, action, entity, days. Every change goes to the URL (STYLE.md §8). */
export function AuditFilters({ search, onChange, onClear }: Props) {
  const actions = useQuery(auditActionsQuery());
  const options = actionOptions(actions.data ?? []);
  // A bookmarked action the trail does not hold (yet) stays selectable rather than vanishing.
  if (search.action && !options.some((g) => g.items.some((i) => i.value === search.action))) {
    options[1]?.items.push({ value: search.action, label: search.action });
  }

  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <DebouncedText
        label="Actor"
        placeholder="Username or Officer ID"
        value={search.actor}
        onChange={(actor) => onChange({ actor })}
        width={200}
      />
      <Select
        label="Action"
        placeholder={actions.isError ? 'Actions could not be loaded' : 'Any action'}
        data={options}
        value={search.action ?? null}
        onChange={(action) => onChange({ action: action ?? undefined })}
        searchable
        clearable
        nothingFoundMessage="No action of that name"
        w={220}
      />
      <DebouncedText
        label="Entity type"
        placeholder="e.g. officer, taxpayer"
        value={search.entityType}
        onChange={(entityType) => onChange({ entityType })}
        width={140}
      />
      <DebouncedText
        label="Entity ID"
        placeholder="Exact id"
        value={search.entityId}
        onChange={(entityId) => onChange({ entityId })}
        width={170}
      />
      <TextInput
        type="date"
        label="From"
        value={search.from ?? ''}
        max={search.to}
        onChange={(event) => onChange({ from: event.currentTarget.value || undefined })}
        w={150}
      />
      <TextInput
        type="date"
        label="To"
        value={search.to ?? ''}
        min={search.from}
        onChange={(event) => onChange({ to: event.currentTarget.value || undefined })}
        w={150}
      />
      {hasAuditFilters(search) && (
        <Button
          variant="subtle"
          leftSection={<IconX size={16} aria-hidden="true" />}
          onClick={onClear}
        >
          Clear filters
        </Button>
      )}
    </Group>
  );
}
