import type { ReactNode } from 'react';
import { DROPDOWN_MIN_WIDTH_PX } from '@/lib/constants';
import { Spinner } from '@/components/layout/spinner';
import { cn } from './cn';

/**
 * The texts of a list with nothing to offer (docs/product/messages.md#empty-lists): a search that
 * found nothing, and a list that has no options at all.
 */
export const EMPTY_LIST_TEXT = {
  'no-results': 'No results found.',
  'no-data': 'No data found',
} as const;

/** Why a list shows no option; null while it shows some (or is loading). */
export type EmptyListState = keyof typeof EMPTY_LIST_TEXT | null;

/** The floating panel under a dropdown's trigger (docs/product/screens.md#26-shared-widgets). */
export function DropdownPanel({
  children,
  className,
}: {
  children: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cn(
        'absolute left-0 top-full z-30 mt-1 w-full rounded-lg border border-slate-200 bg-white shadow-lg',
        className,
      )}
      style={{ minWidth: DROPDOWN_MIN_WIDTH_PX }}
    >
      {children}
    </div>
  );
}

/** Classes of one option: highlighted when active, bold when chosen, grey when disabled. */
export function optionClasses(state: { active: boolean; selected: boolean; disabled?: boolean }) {
  return cn(
    'flex cursor-pointer items-center justify-between gap-2 rounded-md px-2.5 py-2 text-sm text-slate-700',
    state.active && 'bg-slate-100',
    state.selected && 'font-medium text-slate-900',
    state.disabled && 'cursor-not-allowed text-slate-400',
  );
}

/** The spinner while options load, or the empty-list text; `as` matches the list's markup. */
export function ListStatus({
  loading = false,
  empty,
  as: Tag = 'li',
}: {
  loading?: boolean;
  empty: EmptyListState;
  as?: 'li' | 'div';
}) {
  if (loading) {
    return (
      <Tag role="presentation" className="flex justify-center py-2 text-brand-600">
        <Spinner size="sm" />
      </Tag>
    );
  }
  if (!empty) return null;
  return (
    <Tag role="presentation" className="px-2.5 py-2 text-sm text-slate-500">
      {EMPTY_LIST_TEXT[empty]}
    </Tag>
  );
}
