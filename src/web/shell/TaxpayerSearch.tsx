import { ActionIcon, Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconInfoCircle, IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import classes from './TopBar.module.css';

export const TAXPAYER_SEARCH_PLACEHOLDER = 'Search Taxpayer By BTIN/Email/Phone...';
const EMPTY_TERM_MESSAGE = 'Enter a BTIN, e-mail or phone number';

/**
 * The top bar's taxpayer search (SPEC.md §2). RevDesk refuses an empty term (DESIGN.md §10);
 * the look-up itself arrives with the taxpayer registry, and the dialog says so plainly.
 */
export function TaxpayerSearch() {
  const [term, setTerm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [searchedTerm, setSearchedTerm] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = term.trim();
    if (trimmed === '') {
      setError(EMPTY_TERM_MESSAGE);
      return;
    }
    setError(null);
    setSearchedTerm(trimmed);
  };

  const close = () => {
    setSearchedTerm(null);
    setTerm('');
  };

  return (
    <>
      <search className={classes.search}>
        <form noValidate onSubmit={onSubmit}>
          <Group gap={6} wrap="nowrap">
            <TextInput
              type="search"
              aria-label="Search taxpayer by BTIN, e-mail or phone"
              placeholder={TAXPAYER_SEARCH_PLACEHOLDER}
              value={term}
              onChange={(event) => {
                setTerm(event.currentTarget.value);
                if (error) setError(null);
              }}
              error={error}
              classNames={{ root: classes.searchInput, error: classes.searchError }}
            />
            <ActionIcon type="submit" size={36} aria-label="Search" variant="filled">
              <IconSearch size={18} aria-hidden="true" />
            </ActionIcon>
          </Group>
        </form>
      </search>
      <Modal
        opened={searchedTerm !== null}
        onClose={close}
        title="Tax Payer Information"
        size="lg"
        centered
        closeOnClickOutside={false}
        closeOnEscape={false}
        closeButtonProps={{ 'aria-label': 'Close Tax Payer Information' }}
      >
        <Stack gap="md">
          <Text>
            You searched for <strong>{searchedTerm}</strong>.
          </Text>
          <Alert
            role="note"
            color="notice"
            variant="light"
            icon={<IconInfoCircle size={18} />}
            title="Taxpayer search is not available yet"
          >
            Taxpayer search arrives with the taxpayer registry. It will show the taxpayer's BTIN,
            username, first name, last name and phone number.
          </Alert>
          <Group justify="flex-end">
            <Button onClick={close}>Close</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
