import { Alert, Button, Group, Image, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import type { LetterheadView } from '../../../shared/letterhead';
import { CREST_MAX_BYTES } from '../../../shared/letterheadLimits';
import { apiRequest, validationIssues } from '../../lib/api/api';
import { ImageFrame, ImageUploadCard } from '../../lib/forms/ImageUploadCard';
import { ProfilePending } from '../../lib/pending/pendingShapes';
import { crestUrl, letterheadKeys, letterheadQuery } from './queries';

/** What the server takes (src/server/modules/letterhead/service.ts), checked here first. */
const CREST_TYPES = ['image/png', 'image/jpeg'];

function crestProblem(file: File): string | null {
  if (!CREST_TYPES.includes(file.type)) return 'Choose a PNG or JPEG image.';
  if (file.size > CREST_MAX_BYTES) {
    return 'The image is larger than 500 KB. Crop it to the crest, or save it smaller.';
  }
  return null;
}

/** The server's reason for refusing a file, in its words. */
function messageOf(error: Error): string {
  return validationIssues(error)[0]?.message ?? error.message;
}

function Section(props: { id: string; title: string; hint: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={props.id}>
      <Title order={2} size="h4" id={props.id} mb="xs">
        {props.title}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {props.hint}
      </Text>
      {props.children}
    </Paper>
  );
}

function Crest({ letterhead }: { letterhead: LetterheadView }) {
  const queryClient = useQueryClient();
  const saved = (view: LetterheadView) => queryClient.setQueryData(letterheadKeys.letterhead, view);
  return (
    <ImageUploadCard<LetterheadView>
      align="flex-start"
      preview={
        <ImageFrame minWidth={160}>
          {letterhead.hasCrest && letterhead.crestVersion ? (
            <Image
              src={crestUrl(letterhead.crestVersion)}
              alt="The crest as printed on documents"
              h={96}
              w="auto"
              fit="contain"
            />
          ) : (
            <Text size="sm" c="dimmed">
              No crest uploaded: documents print the service name only.
            </Text>
          )}
        </ImageFrame>
      }
      accept={CREST_TYPES}
      problemOf={crestProblem}
      describeError={messageOf}
      upload={{
        url: '/api/v1/letterhead/crest',
        field: 'crest',
        onSaved: saved,
        notice: {
          title: 'Crest saved',
          message: 'Documents printed from now on carry this crest.',
        },
      }}
      remove={{
        url: '/api/v1/letterhead/crest',
        label: 'Remove crest',
        isShown: letterhead.hasCrest,
        onRemoved: saved,
        notice: { title: 'Crest removed', message: 'Documents now print the service name only.' },
      }}
      notSavedTitle="Crest not saved"
      uploadLabel={letterhead.hasCrest ? 'Replace crest' : 'Upload crest'}
      hint="PNG or JPEG, up to 500 KB: the crest on a white or transparent ground, cropped close."
    />
  );
}

function ServiceName({ letterhead }: { letterhead: LetterheadView }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(letterhead.serviceName);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (serviceName: string) =>
      apiRequest<LetterheadView>('/api/v1/letterhead', { method: 'PUT', body: { serviceName } }),
    onSuccess: (view) => {
      queryClient.setQueryData(letterheadKeys.letterhead, view);
      setName(view.serviceName);
      notifications.show({
        color: 'green',
        title: 'Name saved',
        message: 'Documents printed from now on carry this name.',
      });
    },
    onError: (error) => setProblem(messageOf(error)),
  });
  const trimmed = name.trim();
  return (
    <form
      noValidate
      aria-label="Service name"
      onSubmit={(event) => {
        event.preventDefault();
        setProblem(null);
        save.mutate(trimmed);
      }}
    >
      <Stack gap="sm" maw={560}>
        <TextInput
          label="Service name"
          required
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={problem}
        />
        <Group>
          <Button
            type="submit"
            loading={save.isPending}
            disabled={trimmed === letterhead.serviceName || trimmed.length === 0}
          >
            Save name
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /birs/admin/letterhead: the crest and name at the head of every printed document. ADMIN. */
export function LetterheadPage() {
  useDocumentTitle('Document Letterhead · RevDesk');
  const letterhead = useQuery(letterheadQuery());
  return (
    <Stack gap="xl">
      <Title order={1} size="h2">
        Document Letterhead
      </Title>
      {letterhead.isPending ? (
        <ProfilePending withTitle={false} />
      ) : letterhead.isError ? (
        <Alert color="red" variant="light" role="alert" title="The letterhead could not be loaded">
          {letterhead.error.message}
        </Alert>
      ) : (
        <>
          <Section
            id="letterhead-crest"
            title="Crest"
            hint="Printed at the head of every notice of assessment, Tax Clearance Certificate, e-receipt and decision letter, beside the service name."
          >
            <Crest letterhead={letterhead.data} />
          </Section>
          <Section
            id="letterhead-name"
            title="Service name"
            hint="The name printed under the crest, and in the documents' sentences (the objection notice, the signature lines)."
          >
            <ServiceName key={letterhead.data.serviceName} letterhead={letterhead.data} />
          </Section>
        </>
      )}
    </Stack>
  );
}
