import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  PAYMENT_CHANNELS,
  PAYMENT_STATUSES,
  PAYMENT_TYPE_LABELS,
  PAYMENT_TYPES,
} from '../../../../shared/payments/enums';
import {
  countActiveFilters,
  FilterBar,
  FilterDateRange,
  FilterText,
} from '../../../lib/lists/filters';
import { mdaOptionsQuery } from '../../officers/queries';
import { selectOptions } from '../../taxpayers/format';
import { CHANNEL_LABELS, STATUS_LABELS } from '../format';
import { PaymentHistorySearch } from '../paymentSearch';

type FilterChange = Partial<
  Pick<PaymentHistorySearch, (typeof PaymentHistorySearch.filterKeys)[number]>
>;

type Props = {
  search: PaymentHistorySearch;
  onChange: (change: FilterChange) => void;
  onClear: () => void;
};

/** SPEC.md §3 "Payment history filters", plus channel and status. Every change goes to the URL. */
export function PaymentFilters({ search, onChange, onClear }: Props) {
  const mdas = useQuery(mdaOptionsQuery());
  const mdaOptions = (mdas.data ?? []).map((mda) => ({
    value: mda.code,
    label: `${mda.code} · ${mda.name}`,
  }));
  // A bookmarked MDA code the list does not hold stays selectable rather than vanishing.
  if (search.mdaCode && !mdaOptions.some((option) => option.value === search.mdaCode)) {
    mdaOptions.push({ value: search.mdaCode, label: search.mdaCode });
  }

  return (
    <FilterBar
      activeCount={countActiveFilters(search, PaymentHistorySearch.filterKeys)}
      onClear={onClear}
    >
      <FilterText
        label="Customer name"
        placeholder="Payer's name"
        value={search.customerName}
        onChange={(customerName) => onChange({ customerName })}
        width={200}
        isSearch
      />
      <FilterText
        label="Payment reference"
        placeholder="RRR, receipt or reference"
        value={search.paymentReference}
        onChange={(paymentReference) => onChange({ paymentReference })}
        width={200}
      />
      <FilterText
        label="BTIN"
        placeholder="10 digits"
        value={search.btin}
        onChange={(btin) => onChange({ btin })}
        width={130}
      />
      <FilterText
        label="Assessment ID"
        placeholder="Exact ID"
        value={search.assessmentId}
        onChange={(assessmentId) => onChange({ assessmentId })}
        width={150}
      />
      <FilterDateRange
        labels={['Start date', 'End date']}
        from={search.startDate}
        to={search.endDate}
        onChange={(range) => onChange({ startDate: range.from, endDate: range.to })}
        width={150}
      />
      <Select
        label="MDA"
        placeholder={mdas.isError ? 'MDAs could not be loaded' : 'Any MDA'}
        data={mdaOptions}
        value={search.mdaCode ?? null}
        onChange={(mdaCode) => onChange({ mdaCode: mdaCode ?? undefined })}
        searchable
        clearable
        nothingFoundMessage="No MDA of that name"
        w={240}
      />
      <Select
        label="Type"
        placeholder="Any type"
        data={selectOptions(PAYMENT_TYPES, PAYMENT_TYPE_LABELS)}
        value={search.type ?? null}
        onChange={(type) => onChange({ type: (type as PaymentHistorySearch['type']) ?? undefined })}
        clearable
        w={200}
      />
      <Select
        label="Channel"
        placeholder="Any channel"
        data={selectOptions(PAYMENT_CHANNELS, CHANNEL_LABELS)}
        value={search.channel ?? null}
        onChange={(channel) =>
          onChange({ channel: (channel as PaymentHistorySearch['channel']) ?? undefined })
        }
        clearable
        w={140}
      />
      <Select
        label="Status"
        placeholder="Any status"
        data={selectOptions(PAYMENT_STATUSES, STATUS_LABELS)}
        value={search.status ?? null}
        onChange={(status) =>
          onChange({ status: (status as PaymentHistorySearch['status']) ?? undefined })
        }
        clearable
        w={140}
      />
    </FilterBar>
  );
}
