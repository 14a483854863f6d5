import '../../../styles/forms.css';
import {
  Alert,
  Button,
  Card,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { todayInLagos } from '../../../../shared/dates';
import { formatKoboAsNaira, nairaToKobo } from '../../../../shared/money';
import {
  INSTRUMENT_TYPE_LABELS,
  INSTRUMENT_TYPES,
  type InstrumentType,
  PARTY_ROLE_LABELS,
  PARTY_ROLES,
  type PartyRole,
} from '../../../../shared/stampDuty/enums';
import type { StampInstrumentDetail } from '../../../../shared/stampDuty/schemas';
import { api, validationIssues } from '../../../lib/api/api';
import { DateField } from '../../../lib/dates/DateField';
import { selectOptions } from '../../../lib/format';
import { TaxpayerPicker } from '../../../lib/forms/TaxpayerPicker';
import { NairaInput } from '../../../lib/money/NairaInput';
import { NoAccess } from '../../../lib/routing/NoAccess';
import { usePermission } from '../../../lib/routing/usePermission';
import { useShellBase } from '../../../shell/shellPaths';
import { ruleCharge } from '../format';
import { stampComputeQuery, stampKeys } from '../queries';

type PartyDraft = {
  /** A stable React key: rows are removed from the middle. */
  key: number;
  role: PartyRole;
  mode: 'taxpayer' | 'person';
  btin: string;
  name: string;
  phone: string;
};

/** The roles an instrument type usually has, the charged one among them (docs/tax-rules.md). */
const USUAL_ROLES: Record<InstrumentType, [PartyRole, PartyRole]> = {
  conveyance: ['transferor', 'transferee'],
  lease: ['lessor', 'lessee'],
  mortgage: ['mortgagor', 'mortgagee'],
  insurance_policy: ['insurer', 'insured'],
  agreement: ['party', 'party'],
  agreement_under_hand: ['party', 'party'],
  guarantee: ['guarantor', 'party'],
  receipt: ['party', 'party'],
};

let partyKeys = 0;
const party = (role: PartyRole): PartyDraft => ({
  key: ++partyKeys,
  role,
  mode: 'taxpayer',
  btin: '',
  name: '',
  phone: '',
});

/** /birs/stamp-duty/new: an instrument with its parties, its duty previewed as it is typed. */
export function NewInstrumentPage() {
  const canWrite = usePermission('stamp-duty:write');
  if (!canWrite) return <NoAccess title="New stamp duty instrument" />;
  return <NewInstrumentForm />;
}

function NewInstrumentForm() {
  useDocumentTitle('New stamp duty instrument · RevDesk');
  const base = useShellBase();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [instrumentType, setType] = useState<InstrumentType>('lease');
  const [executedOn, setExecutedOn] = useState<string | null>(todayInLagos());
  const [consideration, setConsideration] = useState<number | string>('');
  const [termYears, setTermYears] = useState<number | string>('');
  const [description, setDescription] = useState('');
  const [parties, setParties] = useState<PartyDraft[]>(USUAL_ROLES.lease.map(party));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const considerationKobo = typeof consideration === 'number' ? nairaToKobo(consideration) : null;
  const previewInput = {
    instrumentType,
    considerationKobo: considerationKobo ?? 0,
    ...(instrumentType === 'lease' && typeof termYears === 'number' ? { termYears } : {}),
    ...(executedOn ? { executedOn } : {}),
  };
  const [debounced] = useDebouncedValue(previewInput, 300);
  const canPreview =
    considerationKobo !== null &&
    (debounced.instrumentType !== 'lease' || 'termYears' in debounced);
  const preview = useQuery({ ...stampComputeQuery(debounced), enabled: canPreview });

  const save = useMutation({
    mutationFn: () =>
      api.post<StampInstrumentDetail>('/api/v1/stamp-duty/instruments', {
        instrumentType,
        executedOn: executedOn ?? '',
        considerationKobo: considerationKobo ?? -1,
        ...(instrumentType === 'lease' && typeof termYears === 'number' ? { termYears } : {}),
        description,
        parties: parties.map((p) =>
          p.mode === 'taxpayer'
            ? { role: p.role, btin: p.btin }
            : { role: p.role, name: p.name, phone: p.phone },
        ),
      }),
    onSuccess: async (created) => {
      await queryClient.invalidateQueries({ queryKey: stampKeys.all });
      await navigate({ to: `${base}/stamp-duty/instrument/${created.id}` });
    },
    onError: (error) => {
      setErrors(Object.fromEntries(validationIssues(error).map((i) => [i.path, i.message])));
    },
  });

  const setParty = (index: number, change: Partial<PartyDraft>) =>
    setParties((all) => all.map((p, i) => (i === index ? { ...p, ...change } : p)));
  const partyError = (index: number) =>
    errors[`parties.${index}.btin`] ??
    errors[`parties.${index}`] ??
    errors[`parties.${index}.phone`];
  const formError =
    save.error && Object.keys(errors).length === 0 ? save.error.message : (errors.parties ?? null);

  return (
    <Stack gap="lg" maw={760}>
      <Title order={1} size="h2">
        New stamp duty instrument
      </Title>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setErrors({});
          save.mutate();
        }}
      >
        <Stack gap="md">
          <Select
            label="Instrument type"
            data={selectOptions(INSTRUMENT_TYPES, INSTRUMENT_TYPE_LABELS)}
            value={instrumentType}
            onChange={(value) => {
              if (!value) return;
              const type = value as InstrumentType;
              setType(type);
              setParties(USUAL_ROLES[type].map(party));
            }}
            allowDeselect={false}
            error={errors.instrumentType}
            required
          />
          <Group grow align="flex-start" wrap="wrap">
            <DateField
              label="Date of execution"
              value={executedOn}
              onChange={setExecutedOn}
              maxDate={todayInLagos()}
              error={errors.executedOn}
              required
            />
            <NairaInput
              label={instrumentType === 'lease' ? 'Total rent over the term' : 'Consideration'}
              value={consideration}
              onChange={setConsideration}
              error={errors.considerationKobo}
              required
            />
            {instrumentType === 'lease' && (
              <NumberInput
                label="Term (years)"
                value={termYears}
                onChange={setTermYears}
                min={1}
                max={999}
                allowDecimal={false}
                error={errors.termYears}
                required
              />
            )}
          </Group>
          <Textarea
            label="Description"
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
            error={errors.description}
            autosize
            minRows={2}
            required
          />

          <Card withBorder aria-live="polite">
            {!canPreview ? (
              <Text size="sm" c="dimmed">
                Enter the consideration{instrumentType === 'lease' ? ' and the term' : ''} to see
                the duty.
              </Text>
            ) : preview.isError ? (
              <Text size="sm" c="red.9">
                {preview.error.message}
              </Text>
            ) : preview.data ? (
              <Stack gap={4}>
                <Text fw={700}>
                  Duty: {formatKoboAsNaira(preview.data.dutyKobo)}
                  {preview.data.penaltyKobo > 0 &&
                    ` + late penalty ${formatKoboAsNaira(preview.data.penaltyKobo)}`}
                </Text>
                <Text size="sm">
                  {preview.data.lawName}: {ruleCharge(preview.data.rule)}
                  {preview.data.rule.toConfirm && ' (to confirm)'}. Charged to the{' '}
                  {PARTY_ROLE_LABELS[preview.data.chargedPartyRole].toLowerCase()}.
                </Text>
                {preview.data.exemption && <Text size="sm">{preview.data.exemption}.</Text>}
              </Stack>
            ) : (
              <Text size="sm" c="dimmed">
                Computing the duty…
              </Text>
            )}
          </Card>

          <Title order={2} size="h4">
            Parties
          </Title>
          {parties.map((p, index) => (
            <Card withBorder key={p.key} component="fieldset" aria-label={`Party ${index + 1}`}>
              <Stack gap="xs">
                <Group align="flex-end" wrap="wrap">
                  <Select
                    label={`Party ${index + 1} role`}
                    data={selectOptions(PARTY_ROLES, PARTY_ROLE_LABELS)}
                    value={p.role}
                    onChange={(role) => role && setParty(index, { role: role as PartyRole })}
                    allowDeselect={false}
                    w={170}
                  />
                  <SegmentedControl
                    aria-label={`Party ${index + 1} is`}
                    data={[
                      { value: 'taxpayer', label: 'Registered taxpayer' },
                      { value: 'person', label: 'Named person' },
                    ]}
                    value={p.mode}
                    onChange={(mode) => setParty(index, { mode: mode as PartyDraft['mode'] })}
                  />
                  {parties.length > 2 && (
                    <Button
                      variant="subtle"
                      color="red.9"
                      onClick={() => setParties((all) => all.filter((_, i) => i !== index))}
                      leftSection={<IconTrash size={16} aria-hidden="true" />}
                    >
                      Remove
                    </Button>
                  )}
                </Group>
                {p.mode === 'taxpayer' ? (
                  <TaxpayerPicker
                    label={`Party ${index + 1} taxpayer`}
                    value={p.btin}
                    onChange={(btin) => setParty(index, { btin })}
                    error={partyError(index)}
                  />
                ) : (
                  <Group grow wrap="wrap">
                    <TextInput
                      label={`Party ${index + 1} name`}
                      value={p.name}
                      onChange={(event) => setParty(index, { name: event.currentTarget.value })}
                      error={partyError(index)}
                    />
                    <TextInput
                      label={`Party ${index + 1} phone`}
                      placeholder="0803 123 4567"
                      inputMode="tel"
                      value={p.phone}
                      onChange={(event) => setParty(index, { phone: event.currentTarget.value })}
                    />
                  </Group>
                )}
              </Stack>
            </Card>
          ))}
          <Group>
            <Button
              variant="default"
              onClick={() => setParties((all) => [...all, party('party')])}
              leftSection={<IconPlus size={16} aria-hidden="true" />}
            >
              Add a party
            </Button>
          </Group>
          {formError && (
            <Alert color="red" title="The instrument was not saved">
              {formError}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={save.isPending}>
              Assess instrument
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
