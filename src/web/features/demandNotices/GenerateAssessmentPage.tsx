import '../../styles/forms.css';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { addDays, todayInLagos } from '../../../shared/dates';
import { MAX_DEMAND_NOTICE_LINES } from '../../../shared/demandNoticeEnums';
import type { DemandNoticeCreated } from '../../../shared/demandNotices';
import { formatKoboAsNaira, koboToNaira } from '../../../shared/money';
import { formatRrr } from '../../../shared/payments/rrrText';
import { DateField } from '../../lib/dates/DateField';
import { showServerErrors } from '../../lib/failures/formErrors';
import { deferredChecks } from '../../lib/forms/deferredChecks';
import { NairaInput } from '../../lib/money/NairaInput';
import { NoAccess } from '../../lib/routing/NoAccess';
import { usePermission } from '../../lib/routing/usePermission';
import { useShellBase } from '../../shell/shellPaths';
import { revenueHeadsQuery } from '../payments/queries';
import { RRR_PENDING_TEXT } from './format';
import { emptyLine, fieldOf, kobo, toInput, type Values } from './noticeInput';
import {
  activeMdasQuery,
  demandNoticeKeys,
  demandNoticePdfUrl,
  issueDemandNotice,
} from './queries';

const TITLE = 'Generate Assessment';

/**
 * The form's checks, the API's schema with zod, are fetched at the officer's first key or pointer
 * press in the form, not with the page (docs/architecture.md §9 "Web").
 */
const checks = deferredChecks(() => import('./noticeChecks'));

/**
 * /birs/mda/generate-assessment (docs/product.md §2, OFFICER_MDA): a demand notice of one of the
 * officer's MDAs — a payer by BTIN, or a name and phone (matched or registered by the server),
 * lines on the MDA's revenue heads with their default amounts filled in, a due date. Issued,
 * it shows the RRR to give the payer and the notice to print.
 */
export function GenerateAssessmentPage() {
  const canIssue = usePermission('demand-notice:issue');
  useDocumentTitle(`${TITLE} · RevDesk`);
  const [issued, setIssued] = useState<DemandNoticeCreated | null>(null);
  if (!canIssue) return <NoAccess title={TITLE} />;
  return (
    <Stack gap="lg" maw={880}>
      <div>
        <Title order={1} size="h2">
          {TITLE}
        </Title>
        <Text c="dimmed" size="sm">
          A demand notice from your MDA: one RRR for its total, paid at any bank or online.
        </Text>
      </div>
      {issued ? (
        <IssuedNotice notice={issued} onAnother={() => setIssued(null)} />
      ) : (
        <NoticeForm onIssued={setIssued} />
      )}
    </Stack>
  );
}

function IssuedNotice({
  notice,
  onAnother,
}: {
  notice: DemandNoticeCreated;
  onAnother: () => void;
}) {
  const base = useShellBase();
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="md">
        <Text>
          Demand notice <strong>{notice.number}</strong> was issued for{' '}
          {formatKoboAsNaira(notice.totalKobo)}.
        </Text>
        {notice.bill.rrr ? (
          <Stack gap={4} align="center" role="group" aria-label="The notice's RRR">
            <Text size="sm" c="dimmed">
              RRR
            </Text>
            <Title order={2} size="h1" ff="monospace" data-testid="notice-rrr">
              {formatRrr(notice.bill.rrr)}
            </Title>
          </Stack>
        ) : (
          <Alert color="notice" variant="light" role="status" title={RRR_PENDING_TEXT}>
            The notice is recorded, but Remita's answer did not arrive. RevDesk asks Remita for its
            RRR again by the bill's order id: open the notice in a few minutes to read it. Do not
            issue it again.
          </Alert>
        )}
        <Group>
          <Button component="a" href={demandNoticePdfUrl(notice.id)} download>
            Download the notice (PDF)
          </Button>
          <Anchor component={Link} to={`${base}/mda/demand-notices/${notice.id}`}>
            Open the notice
          </Anchor>
          <Button variant="default" onClick={onAnother}>
            Issue another
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function NoticeForm({ onIssued }: { onIssued: (notice: DemandNoticeCreated) => void }) {
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const today = todayInLagos();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      mdaId: null,
      payerBy: 'btin',
      btin: '',
      name: '',
      phone: '',
      lines: [emptyLine()],
      dueOn: addDays(today, 30),
    },
    validate: checks.validate<Values>((module, values) => module.checkNotice(values)),
  });
  const mdas = useQuery(activeMdasQuery());
  const ownMdas = (mdas.data ?? []).filter((mda) => mda.isActive);
  const onlyMda = ownMdas.length === 1 ? (ownMdas[0]?.id ?? null) : null;
  // An officer of one MDA (the usual case) has it chosen for them.
  useEffect(() => {
    if (onlyMda && form.values.mdaId === null) form.setFieldValue('mdaId', onlyMda);
  }, [onlyMda, form.values.mdaId, form.setFieldValue]);
  const mdaId = form.values.mdaId;
  const heads = useQuery(revenueHeadsQuery(mdaId)).data?.items ?? [];
  const totalKobo = form.values.lines.reduce(
    (sum, line) => sum + (line.quantity === '' ? 0 : Number(line.quantity)) * kobo(line.unitAmount),
    0,
  );

  const issue = useMutation({
    // The values passed the schema's checks on submit (or, when the checks could not be fetched,
    // the server's own): toInput trims as the schema does, so the body is what it would parse to.
    mutationFn: (values: Values) => issueDemandNotice(toInput(values)),
    onSuccess: (notice) => {
      void queryClient.invalidateQueries({ queryKey: demandNoticeKeys.all });
      onIssued(notice);
    },
    onError: (error) =>
      setFormError(showServerErrors(form, error, { fieldOf, whenAllOnFields: null })),
  });

  return (
    <form
      noValidate
      aria-label="Demand notice"
      {...checks.prefetchProps}
      onSubmit={form.onSubmit((values) => {
        setFormError(null);
        issue.mutate(values);
      })}
    >
      <Stack gap="md">
        <Select
          label="MDA"
          placeholder={mdas.isError ? 'MDAs could not be loaded' : 'Choose your MDA'}
          data={ownMdas.map((mda) => ({ value: mda.id, label: `${mda.code} · ${mda.name}` }))}
          withAsterisk
          searchable
          {...form.getInputProps('mdaId')}
          value={mdaId}
          onChange={(next) => {
            form.setFieldValue('mdaId', next);
            form.setFieldValue('lines', [emptyLine()]);
          }}
        />
        <Stack gap={6}>
          <Text size="sm" fw={500} id="payer-by">
            Payer
          </Text>
          <SegmentedControl
            aria-labelledby="payer-by"
            data={[
              { value: 'btin', label: 'By BTIN' },
              { value: 'name', label: 'By name and phone' },
            ]}
            {...form.getInputProps('payerBy')}
          />
          {form.values.payerBy === 'btin' ? (
            <TextInput
              label="BTIN"
              description="The payer's 10-digit BTIN"
              inputMode="numeric"
              withAsterisk
              {...form.getInputProps('btin')}
            />
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="Payer's name"
                description="First and last name; registered if new"
                withAsterisk
                {...form.getInputProps('name')}
              />
              <TextInput
                label="Phone"
                placeholder="0803 123 4567"
                inputMode="tel"
                withAsterisk
                {...form.getInputProps('phone')}
              />
            </SimpleGrid>
          )}
        </Stack>

        <Title order={2} size="h4">
          Lines
        </Title>
        {form.values.lines.map((line, index) => (
          <Paper
            key={line.key}
            withBorder
            p="sm"
            radius="md"
            aria-label={`Line ${index + 1}`}
            component="fieldset"
          >
            <Stack gap="xs">
              <Group justify="space-between">
                <Text size="sm" fw={600} component="legend">
                  Line {index + 1}
                </Text>
                {form.values.lines.length > 1 && (
                  <ActionIcon
                    variant="subtle"
                    color="red.8"
                    aria-label={`Remove line ${index + 1}`}
                    onClick={() => form.removeListItem('lines', index)}
                  >
                    <IconTrash size={16} aria-hidden="true" />
                  </ActionIcon>
                )}
              </Group>
              <Select
                label="Revenue head"
                placeholder={mdaId ? 'Choose the revenue head' : 'Choose the MDA first'}
                data={heads.map((head) => ({
                  value: head.code,
                  label: `${head.code} · ${head.name}`,
                }))}
                disabled={!mdaId}
                withAsterisk
                searchable
                {...form.getInputProps(`lines.${index}.revenueHeadCode`)}
                value={line.revenueHeadCode || null}
                onChange={(code) => {
                  const head = heads.find((h) => h.code === code);
                  form.setFieldValue(`lines.${index}.revenueHeadCode`, code ?? '');
                  // The head's default amount fills the unit amount in; the officer may change it.
                  if (head?.defaultAmountKobo != null) {
                    form.setFieldValue(
                      `lines.${index}.unitAmount`,
                      koboToNaira(head.defaultAmountKobo),
                    );
                  }
                  if (head && line.description === '') {
                    form.setFieldValue(`lines.${index}.description`, head.name);
                  }
                }}
              />
              <TextInput
                label="Description"
                withAsterisk
                maxLength={200}
                {...form.getInputProps(`lines.${index}.description`)}
              />
              <SimpleGrid cols={{ base: 1, xs: 3 }}>
                <NumberInput
                  label="Quantity"
                  min={1}
                  allowDecimal={false}
                  withAsterisk
                  {...form.getInputProps(`lines.${index}.quantity`)}
                />
                <NairaInput
                  label="Unit amount (₦)"
                  withAsterisk
                  {...form.getInputProps(`lines.${index}.unitAmount`)}
                />
                <TextInput
                  label="Amount"
                  readOnly
                  variant="filled"
                  value={formatKoboAsNaira(
                    (line.quantity === '' ? 0 : Number(line.quantity)) * kobo(line.unitAmount),
                  )}
                />
              </SimpleGrid>
            </Stack>
          </Paper>
        ))}
        {typeof form.errors.lines === 'string' && (
          <Text c="red.8" size="sm" role="alert">
            {form.errors.lines}
          </Text>
        )}
        <Group justify="space-between">
          <Button
            variant="default"
            leftSection={<IconPlus size={16} aria-hidden="true" />}
            disabled={form.values.lines.length >= MAX_DEMAND_NOTICE_LINES}
            onClick={() => form.insertListItem('lines', emptyLine())}
          >
            Add a line
          </Button>
          <Text fw={700} data-testid="notice-total">
            Total: {formatKoboAsNaira(totalKobo)}
          </Text>
        </Group>
        <DateField
          label="Due date"
          required
          minDate={today}
          w={{ base: '100%', xs: 220 }}
          {...form.getInputProps('dueOn')}
        />
        {formError && (
          <Alert color="red" variant="light" role="alert" title="The notice was not issued">
            {formError}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={issue.isPending}>
            Issue notice
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
