import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import {
  SORT_OPTIONS,
  STATUS_OPTIONS,
  sortValue,
  withSort,
  withStatus,
  type FlowListView,
} from './list-query';

/** The /flows list's search, status filter and order, in one row above the table. */
export function FlowsFilters(props: {
  search: string;
  onSearchChange: (search: string) => void;
  view: FlowListView;
  onViewChange: (view: FlowListView) => void;
}) {
  const { view, onViewChange } = props;
  return (
    <div className="mb-4 flex flex-wrap items-end gap-3">
      <TextField
        label="Search product tours"
        type="search"
        placeholder="Name"
        value={props.search}
        onChange={(e) => props.onSearchChange(e.target.value)}
        className="w-full max-w-sm"
      />
      <SelectField
        label="Status"
        options={STATUS_OPTIONS}
        value={view.status ?? 'all'}
        onChange={(e) => onViewChange(withStatus(view, e.target.value))}
        className="w-40"
      />
      <SelectField
        label="Sort by"
        options={SORT_OPTIONS}
        value={sortValue(view)}
        onChange={(e) => onViewChange(withSort(view, e.target.value))}
        className="w-60"
      />
    </div>
  );
}
