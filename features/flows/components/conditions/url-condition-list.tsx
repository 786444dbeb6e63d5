import { useId } from 'react';
import { Button, focusRing } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { CloseIcon, PlusIcon } from '@/components/ui/icons';
import { matchTypesForRow, type UrlMatchType, type UrlRow } from '../../lib/url-rows';

/** Props of one list of the URL dialog ("URLs matches" or "URLs excludes"). */
export interface UrlConditionListProps {
  title: string;
  rows: readonly UrlRow[];
  readOnly: boolean;
  canAdd: boolean;
  /** Marks empty URL fields once a save has been refused. */
  showEmpty: boolean;
  onAdd: () => void;
  onRemove: (id: string) => void;
  onChange: (id: string, patch: Partial<Omit<UrlRow, 'id'>>) => void;
}

const FIELD = cn(
  'h-9 rounded-md border bg-white px-2.5 text-sm text-slate-900 placeholder:text-slate-400 disabled:bg-slate-50 disabled:text-slate-500',
  focusRing,
  'focus-visible:ring-offset-0',
);

/** One list of URL rows: match type, URL and remove per row, and a "+ URL" button. */
export function UrlConditionList({
  title,
  rows,
  readOnly,
  canAdd,
  showEmpty,
  onAdd,
  onRemove,
  onChange,
}: UrlConditionListProps) {
  const headingId = useId();

  return (
    <section className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <h3 id={headingId} className="text-sm font-semibold text-slate-800">
          {title}
        </h3>
        {readOnly ? null : (
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Add URL to ${title}`}
            disabled={!canAdd}
            onClick={onAdd}
          >
            <PlusIcon className="h-4 w-4" />
            URL
          </Button>
        )}
      </div>
      {rows.length === 0 ? <p className="text-sm text-slate-500">No URLs in this list.</p> : null}
      <ul aria-labelledby={headingId} className="flex flex-col gap-2">
        {rows.map((row, i) => {
          const name = `URL ${i + 1} of ${title}`;
          const invalid = showEmpty && row.value.trim() === '';
          return (
            <li key={row.id} className="flex items-center gap-2">
              <select
                aria-label={`Match type of ${name}`}
                className={cn(FIELD, 'w-36 shrink-0 border-slate-300')}
                value={row.condition_type}
                disabled={readOnly}
                onChange={(e) =>
                  onChange(row.id, { condition_type: e.target.value as UrlMatchType })
                }
              >
                {matchTypesForRow(rows, row.id).map((t) => (
                  <option key={t} value={t}>
                    {t}
                  </option>
                ))}
              </select>
              <input
                aria-label={name}
                placeholder="Enter URL"
                maxLength={2048}
                className={cn(
                  FIELD,
                  'min-w-0 flex-1',
                  invalid ? 'border-red-500' : 'border-slate-300',
                )}
                aria-invalid={invalid || undefined}
                value={row.value}
                disabled={readOnly}
                onChange={(e) => onChange(row.id, { value: e.target.value })}
              />
              {readOnly ? null : (
                <button
                  type="button"
                  aria-label={`Remove ${name}`}
                  className={cn(
                    'rounded-md p-1.5 text-slate-400 hover:bg-slate-100 hover:text-slate-700',
                    focusRing,
                  )}
                  onClick={() => onRemove(row.id)}
                >
                  <CloseIcon className="h-4 w-4" />
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
