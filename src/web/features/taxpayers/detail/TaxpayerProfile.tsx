import { Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { LABELS, type TaxpayerView } from '../../../../shared/taxpayers';
import { formatCalendarDate, formatLagosDateTime } from '../../../lib/format';
import { PhoneLink } from '../../../lib/lists/PhoneLink';
import classes from './TaxpayerProfile.module.css';

type Row = [label: string, value: ReactNode];

const label = <K extends keyof typeof LABELS>(group: K, value: string | null) =>
  value === null ? null : ((LABELS[group] as Record<string, string>)[value] ?? value);

/** The taxpayer's record in sections: who, how to reach them, where, their work or company. */
export function TaxpayerProfile({ view }: { view: TaxpayerView }) {
  const isIndividual = view.kind === 'individual';
  const location = [view.townName, view.lgaName, view.stateName].filter(Boolean).join(', ');
  const recorded: Row[] = [
    ['Source', LABELS.source[view.source]],
    ['Registered', `${formatLagosDateTime(view.createdAt)}${by(view.createdByUsername)}`],
    ['Last changed', `${formatLagosDateTime(view.updatedAt)}${by(view.updatedByUsername)}`],
  ];

  return (
    <Stack gap="md">
      {isIndividual ? (
        <Section
          title="Identity"
          rows={[
            ['Title', view.title],
            ['First name', view.firstName],
            ['Middle name', view.middleName],
            ['Last name', view.lastName],
            ['Gender', label('gender', view.gender)],
            ['Date of birth', view.dateOfBirth && formatCalendarDate(view.dateOfBirth)],
            ['Marital status', label('maritalStatus', view.maritalStatus)],
            ['NIN', view.nin],
            ['BVN', view.bvn],
            ['JTB TIN', view.jtbTin],
          ]}
        />
      ) : (
        <Section
          title="Company"
          rows={[
            ['Registered name', view.registeredName],
            ['CAC number', view.cacNumber],
            [
              'Date of incorporation',
              view.incorporationDate && formatCalendarDate(view.incorporationDate),
            ],
            ['Business type', view.businessType],
            ['Sector', view.sector],
            ['Employees', view.employeeCount?.toLocaleString('en-NG')],
            ['JTB TIN', view.jtbTin],
          ]}
        />
      )}
      <Section
        title="Contact and address"
        rows={[
          ['Phone number', view.phone && <PhoneLink phone={view.phone} />],
          ['E-mail', view.email],
          ...(isIndividual ? ([['Username', view.username]] as Row[]) : []),
          ['Address', view.address],
          ['Town, LGA, state', location],
        ]}
      />
      {isIndividual ? (
        <Section
          title="Work"
          rows={[
            ['Employment status', label('employmentStatus', view.employmentStatus)],
            ['Employer', view.employerName],
            ['Source of income', view.sourceOfIncome],
            ['Occupation', view.occupationName],
            ['Profession', view.professionName],
          ]}
        />
      ) : (
        <Directors view={view} />
      )}
      <Section title="Record" rows={recorded} />
    </Stack>
  );
}

const by = (username: string | null) => (username ? ` by ${username}` : '');

function Section({ title, rows }: { title: string; rows: Row[] }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      <SimpleGrid
        component="dl"
        cols={{ base: 1, sm: 2, lg: 3 }}
        spacing="sm"
        className={classes.list}
      >
        {rows.map(([name, value]) => (
          <div key={name}>
            <Text component="dt" size="sm" c="dimmed">
              {name}
            </Text>
            <Text component="dd" className={classes.value}>
              {value === null || value === undefined || value === '' ? '—' : value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Paper>
  );
}

function Directors({ view }: { view: TaxpayerView }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Directors">
      <Title order={2} size="h4" mb="sm">
        Directors
      </Title>
      {view.directors.length === 0 ? (
        <Text c="dimmed">No directors recorded.</Text>
      ) : (
        <Table.ScrollContainer minWidth={400}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Phone number</Table.Th>
                <Table.Th>BTIN</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {view.directors.map((director, index) => (
                // Directors have no id of their own; their order is what the record keeps.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <Table.Tr key={index}>
                  <Table.Td>{director.name}</Table.Td>
                  <Table.Td>{director.phone ? <PhoneLink phone={director.phone} /> : '—'}</Table.Td>
                  <Table.Td>{director.btin ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
