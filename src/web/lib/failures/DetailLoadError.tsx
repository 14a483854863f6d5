import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { isApiError } from '../api/api';

/** The server found no such record: 404, or 422 for an address that is not an id at all. */
export function isMissingRecord(error: Error): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 422);
}

type Props = {
  /** The page's heading while its record is not there: "Assessment", "BTIN 1234567890". */
  heading: string;
  /** What did not load, as the alert names it: "The assessment". */
  what: string;
  error: Error;
  onRetry: () => void;
  isRetrying?: boolean;
  /**
   * What to say when there is no such record (isMissingRecord), and where to go instead of
   * trying again; without it every failure offers "Try again".
   */
  missing?: { title: string; text: string; linkTo: string; linkLabel: string };
};

/**
 * A detail page (a certificate, an assessment, a taxpayer) whose record did not load: the
 * page keeps its heading, the alert says what failed with the server's own words, and offers
 * "Try again" — or, for a record that does not exist, says so and leads back to a list.
 */
export function DetailLoadError({ heading, what, error, onRetry, isRetrying, missing }: Props) {
  const missingText = missing && isMissingRecord(error) ? missing : null;
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {missingText ? missingText.title : heading}
      </Title>
      <Alert
        color={missingText ? 'gray' : 'red'}
        variant="light"
        role="alert"
        title={missingText ? missingText.title : `${what} could not be loaded`}
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{missingText ? missingText.text : error.message}</Text>
          {missingText ? (
            <Button size="xs" component={Link} to={missingText.linkTo}>
              {missingText.linkLabel}
            </Button>
          ) : (
            <Button size="xs" loading={isRetrying} onClick={onRetry}>
              Try again
            </Button>
          )}
        </Stack>
      </Alert>
    </Stack>
  );
}
