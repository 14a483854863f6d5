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
  FilterLookup,
  FilterSelect,
  FilterText,
} from '../../../lib/lists/filters';
import { mdaOptionsQuery } from '../../officers/queries';
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

/** docs/product.md §3 "Payment history filters", plus channel and status. Every change goes to the URL. */
export function PaymentFilters({ search, onChange, onClear }: Props) {
  const mdas = useQuery(mdaOptionsQuery());
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
      <FilterLookup
        label="MDA"
        placeholder="Any MDA"
        plural="MDAs"
        noun="MDA"
        options={{
          isError: mdas.isError,
          data: mdas.data?.map((mda) => ({ value: mda.code, label: `${mda.code} · ${mda.name}` })),
        }}
        value={search.mdaCode}
        onChange={(mdaCode) => onChange({ mdaCode })}
        width={240}
        keepsUnlisted
      />
      <FilterSelect
        label="Type"
        placeholder="Any type"
        values={PAYMENT_TYPES}
        labels={PAYMENT_TYPE_LABELS}
        value={search.type}
        onChange={(type) => onChange({ type })}
        width={200}
      />
      <FilterSelect
        label="Channel"
        placeholder="Any channel"
        values={PAYMENT_CHANNELS}
        labels={CHANNEL_LABELS}
        value={search.channel}
        onChange={(channel) => onChange({ channel })}
        width={140}
      />
      <FilterSelect
        label="Status"
        placeholder="Any status"
        values={PAYMENT_STATUSES}
        labels={STATUS_LABELS}
        value={search.status}
        onChange={(status) => onChange({ status })}
        width={140}
      />
    </FilterBar>
  );
}
