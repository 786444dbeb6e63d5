import { ListSearch } from '@/components/list/list-search';
import { SelectField } from '@/components/ui/select-field';
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
    <ListSearch
      label="Search product tours"
      placeholder="Name"
      value={props.search}
      onChange={props.onSearchChange}
    >
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
    </ListSearch>
  );
}
