import { cn } from '@/components/ui/cn';
import { compactControl } from '@/components/ui/select-field';

export type SortOrder = 'desc' | 'asc';

export interface ProfilesToolbarProps {
  search: string;
  onSearchChange: (search: string) => void;
  sortOrder: SortOrder;
  onSortOrderChange: (order: SortOrder) => void;
}

/** Search box (customer id, e-mail or name) and the last-seen sort order. */
export function ProfilesToolbar({
  search,
  onSearchChange,
  sortOrder,
  onSortOrderChange,
}: ProfilesToolbarProps) {
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="flex min-w-[16rem] flex-1 flex-col gap-1.5">
        <label htmlFor="profile-search" className="text-sm font-medium text-slate-700">
          Search customers
        </label>
        <input
          id="profile-search"
          type="search"
          placeholder="Customer ID, e-mail or name"
          maxLength={255}
          value={search}
          onChange={(e) => onSearchChange(e.target.value)}
          className={cn(compactControl, 'h-10 w-full px-3')}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="profile-sort" className="text-sm font-medium text-slate-700">
          Sort by last seen
        </label>
        <select
          id="profile-sort"
          value={sortOrder}
          onChange={(e) => onSortOrderChange(e.target.value === 'asc' ? 'asc' : 'desc')}
          className={cn(compactControl, 'h-10')}
        >
          <option value="desc">Newest first</option>
          <option value="asc">Oldest first</option>
        </select>
      </div>
    </div>
  );
}
