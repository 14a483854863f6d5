import {
  Alert,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import {
  TCC_EXEMPTION_REASON_LABELS,
  TCC_EXEMPTION_REASONS,
  TCC_PURPOSE_LABELS,
  TCC_PURPOSES,
  type TccKind,
} from '../../../../shared/tcc/enums';
import type { TccPreview, TccView } from '../../../../shared/tcc/views';
import { useShellBase } from '../../../shell/shellPaths';
import { mdaOptionsQuery } from '../../officers/queries';
import { EnteredYears } from './EnteredYears';
import { HolderCard } from './HolderCard';
import { LedgerYears } from './LedgerYears';
import { entersYears, readsLedger, type TccFormValues } from './tccForm';

const PURPOSE_CHOICES = TCC_PURPOSES.map((value) => ({ value, label: TCC_PURPOSE_LABELS[value] }));
const REASON_CHOICES = TCC_EXEMPTION_REASONS.map((value) => ({
  value,
  label: TCC_EXEMPTION_REASON_LABELS[value],
}));

/**
 * Step 2 of the form (TccForm.tsx), drawn once the preview has read the taxpayer: the holder
 * card, the certificate's content for the kind, the years, the amendment note. It loads when the
 * officer starts on step 1, not with the page (docs/architecture.md §9 "Web"): the years' money
 * and date inputs and their packages are no part of the page's first load.
 */
export function TccDetails(props: {
  form: UseFormReturnType<TccFormValues>;
  kind: TccKind;
  preview: TccPreview;
  amending: TccView | undefined;
  /**
   * The employer's BTIN box (PAYE), drawn by TccForm as its taxpayer's BTIN box is: the code of
   * that box then stays in the page's own chunk, not in a chunk of the assessments' shared parts.
   */
  employerField: ReactNode;
}) {
  const { form, kind, preview, amending } = props;
  return (
    <>
      <HolderCard preview={preview} amendingId={amending?.id} />
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Text fw={600}>2. The certificate</Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label="Purpose"
              description="What the taxpayer needs the certificate for"
              placeholder="Choose the purpose"
              data={PURPOSE_CHOICES}
              // Every purpose in view: a dropdown that scrolls cannot be scrolled by keyboard.
              maxDropdownHeight={360}
              withAsterisk
              allowDeselect={false}
              {...form.getInputProps('purpose')}
            />
            {form.values.purpose === 'other' && (
              <TextInput
                label="What for"
                description="The purpose, in words"
                withAsterisk
                maxLength={200}
                {...form.getInputProps('purposeDetail')}
              />
            )}
            <TextInput
              label="Source of income"
              description="e.g. salary, trading, rent"
              withAsterisk
              maxLength={200}
              {...form.getInputProps('sourceOfIncome')}
            />
          </SimpleGrid>
          {kind === 'exemption' && <ExemptionFields form={form} />}
          {kind === 'paye' &&
            (amending ? (
              <TextInput
                label="Employer"
                value={`${amending.employer?.name ?? ''} (${amending.employer?.btin ?? ''})`}
                readOnly
              />
            ) : (
              props.employerField
            ))}
          {kind === 'mda-employee' && <MdaFields form={form} amending={amending} />}
          <Textarea
            label="Comment"
            description="Printed on the certificate when given"
            autosize
            minRows={2}
            maxLength={1000}
            {...form.getInputProps('comment')}
          />
        </Stack>
      </Paper>
      {readsLedger(kind) && <LedgerYears years={preview.years} form={form} />}
      {entersYears(kind) && <EnteredYears form={form} />}
      {amending && (
        <Textarea
          label="What you changed"
          description="Kept in the certificate’s history for the approvers: at least 5 characters"
          withAsterisk
          autosize
          minRows={2}
          maxLength={1000}
          {...form.getInputProps('note')}
        />
      )}
    </>
  );
}

function ExemptionFields({ form }: { form: UseFormReturnType<TccFormValues> }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <Select
        label="Why not liable"
        placeholder="Choose the reason"
        data={REASON_CHOICES}
        withAsterisk
        allowDeselect={false}
        {...form.getInputProps('exemptionReason')}
      />
      <Textarea
        label="Evidence seen"
        description="What you saw: a student ID, a pension letter… at least 10 characters"
        withAsterisk
        autosize
        minRows={2}
        maxLength={2000}
        {...form.getInputProps('evidenceNote')}
      />
    </SimpleGrid>
  );
}

function MdaFields(props: {
  form: UseFormReturnType<TccFormValues>;
  amending: TccView | undefined;
}) {
  const { form, amending } = props;
  const mdas = useQuery(mdaOptionsQuery());
  const choices = (mdas.data ?? [])
    .filter((mda) => mda.isActive || mda.id === form.values.mdaId)
    .map((mda) => ({ value: mda.id, label: `${mda.code} · ${mda.name}` }));
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      {amending ? (
        <TextInput label="MDA" value={amending.mda?.name ?? ''} readOnly />
      ) : (
        <Select
          label="MDA"
          description="The ministry, department or agency that employs the person"
          placeholder={mdas.isError ? 'MDAs could not be loaded' : 'Choose the MDA'}
          data={choices}
          searchable
          withAsterisk
          nothingFoundMessage="No MDA of that name"
          {...form.getInputProps('mdaId')}
        />
      )}
      {amending ? (
        <TextInput label="Staff number" value={amending.staffNumber ?? '—'} readOnly />
      ) : (
        <TextInput
          label="Staff number"
          description="On the payroll, when known"
          maxLength={40}
          {...form.getInputProps('staffNumber')}
        />
      )}
    </SimpleGrid>
  );
}

/** The certificate a DUPLICATE_CERTIFICATE refusal names (its `details`). */
export type HeldCertificate = {
  id: string;
  number: string;
  expiresOn: string | null;
  message: string;
};

/**
 * The approved, unexpired certificate the taxpayer holds for the purpose, and the officer's
 * written reason for a second (docs/architecture.md §5, duplicates). Shown only once step 2 is
 * there (the preview named it, or the server did on submitting), so it loads with step 2.
 */
export function SecondCertificate(props: {
  held: HeldCertificate;
  amending: boolean;
  reason: string;
  reasonError: string | null;
  onReason: (reason: string) => void;
  /** Only when the server named it: the officer may go back to the form. */
  onNotNow: (() => void) | undefined;
  sending: boolean;
  onSend: () => void;
}) {
  const { held } = props;
  const base = useShellBase();
  return (
    <Alert
      color="notice"
      variant="light"
      role="alert"
      title="The taxpayer already holds a certificate for this purpose"
      data-testid="tcc-duplicate-refusal"
    >
      <Stack gap="sm">
        <Text size="sm">{held.message}</Text>
        <Text size="sm">
          <Link to={`${base}/taxs/tcc/${held.id}`}>Open certificate {held.number}</Link>
        </Text>
        <Textarea
          label="Why a second certificate is needed"
          description="Every approver sees this at the top of the new certificate"
          withAsterisk
          autosize
          minRows={2}
          maxLength={1000}
          value={props.reason}
          error={props.reasonError}
          onChange={(event) => props.onReason(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          {props.onNotNow && (
            <Button variant="default" onClick={props.onNotNow}>
              Not now
            </Button>
          )}
          <Button loading={props.sending} onClick={props.onSend}>
            {props.amending ? 'Send back with this reason' : 'Generate a second certificate'}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
