import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { usePropertyGroups } from '../../hooks/use-property-groups';
import { filterTypeOf } from '../../lib/property-options';
import { PropertyPicker } from './property-picker';
import {
  PROPERTY_OPERATORS,
  PROPERTY_TYPES,
  REPORT_LIMITS,
  type PropertyFilter,
  type PropertyType,
} from '@/lib/contracts/reports';
import { errorAt } from '../../lib/error-at';

type Filter = Omit<PropertyFilter, 'value'> & { value?: PropertyFilter['value'] };

const OPERATOR_LABELS: Record<string, string> = {
  exact: 'is',
  not_exact: 'is not',
  contain: 'contains',
  not_contain: 'does not contain',
  starts_with: 'starts with',
  ends_with: 'ends with',
  empty: 'is empty',
  not_empty: 'is not empty',
  '=': '=',
  '!=': '≠',
  '>': '>',
  '>=': '≥',
  '<': '<',
  '<=': '≤',
  between: 'between',
  is_empty: 'is empty',
  equals: 'equals',
};

const TYPE_OPTIONS = PROPERTY_TYPES.map((t) => ({ value: t, label: t === 'string' ? 'text' : t }));
const VALUELESS = new Set(['empty', 'not_empty', 'is_empty']);

/** A new filter on a property of `type`: its first operator, no value. */
const blank = (type: PropertyType = 'string'): Filter => ({
  property: '',
  type,
  operator: PROPERTY_OPERATORS[type][0],
  value: '',
});

/**
 * The property filters of a series or a funnel step, all of which must hold: a property name, its
 * type, an operator of that type (the profile filter's, docs/reports.md) and a value fitting the
 * operator. Choosing another type or operator empties the value.
 */
export function PropertyFilterList(props: {
  brandId: number;
  /** The events filtered: their properties seen are offered. */
  events: readonly string[];
  filters: readonly Filter[];
  onChange: (filters: Filter[]) => void;
  /** The errors of this list (`…filters`). */
  errors: unknown;
  /** Names the list's controls ("Series 1"). */
  label: string;
}) {
  const { filters, onChange, errors, label } = props;
  const { groups, loading } = usePropertyGroups(props.brandId, props.events);
  const set = (i: number, next: Filter) => onChange(filters.map((f, j) => (j === i ? next : f)));
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="sr-only">{label} filters</legend>
      {filters.map((f, i) => (
        <div key={i} className="flex flex-wrap items-start gap-2 rounded-md bg-slate-50 p-2">
          <PropertyPicker
            label="Property"
            value={f.property}
            source={f.source}
            groups={groups}
            loading={loading}
            placeholder="e.g. plan"
            error={errorAt(errors, `${i}.property`)}
            onChange={(property, option) => {
              if (!option) return set(i, { ...f, property });
              const type = filterTypeOf(option.dataType);
              // Another type starts the filter over: its operators differ.
              const base = type === f.type ? f : blank(type);
              set(i, { ...base, property, source: option.source });
            }}
            className="w-56"
          />
          <SelectField
            label="Type"
            options={TYPE_OPTIONS}
            value={f.type}
            onChange={(e) =>
              set(i, { ...blank(e.target.value as PropertyType), property: f.property })
            }
            className="w-24"
          />
          <SelectField
            label="Operator"
            options={PROPERTY_OPERATORS[f.type].map((o) => ({
              value: o,
              label: OPERATOR_LABELS[o] ?? o,
            }))}
            value={f.operator}
            error={errorAt(errors, `${i}.operator`)}
            onChange={(e) =>
              set(i, {
                ...f,
                operator: e.target.value,
                value: e.target.value === 'between' ? { from: 0, to: 0 } : '',
              })
            }
            className="w-36"
          />
          <FilterValue
            filter={f}
            onChange={(value) => set(i, { ...f, value })}
            error={errorAt(errors, `${i}.value`)}
          />
          <Button
            variant="ghost"
            size="sm"
            className="mt-6"
            aria-label={`Remove filter ${i + 1} of ${label}`}
            onClick={() => onChange(filters.filter((_, j) => j !== i))}
          >
            Remove
          </Button>
        </div>
      ))}
      {filters.length < REPORT_LIMITS.filtersPerSeries ? (
        <Button
          variant="ghost"
          size="sm"
          className="self-start"
          onClick={() => onChange([...filters, blank()])}
          aria-label={`Add a filter to ${label}`}
        >
          + Filter
        </Button>
      ) : null}
    </fieldset>
  );
}

function FilterValue(props: {
  filter: Filter;
  onChange: (v: Filter['value']) => void;
  error?: string;
}) {
  const { filter, onChange, error } = props;
  if (VALUELESS.has(filter.operator)) return null;
  if (filter.operator === 'between') {
    const range =
      typeof filter.value === 'object' && filter.value !== null ? filter.value : { from: 0, to: 0 };
    const num = (s: string) => (s === '' ? Number.NaN : Number(s));
    return (
      <>
        <TextField
          label="From"
          type="number"
          value={Number.isFinite(range.from) ? String(range.from) : ''}
          onChange={(e) => onChange({ ...range, from: num(e.target.value) })}
          className="w-24"
        />
        <TextField
          label="To"
          type="number"
          value={Number.isFinite(range.to) ? String(range.to) : ''}
          error={error}
          onChange={(e) => onChange({ ...range, to: num(e.target.value) })}
          className="w-24"
        />
      </>
    );
  }
  if (filter.type === 'boolean')
    return (
      <SelectField
        label="Value"
        placeholder="Choose"
        options={[
          { value: 'true', label: 'true' },
          { value: 'false', label: 'false' },
        ]}
        value={filter.value === undefined || filter.value === '' ? '' : String(filter.value)}
        error={error}
        onChange={(e) => onChange(e.target.value === '' ? '' : e.target.value === 'true')}
        className="w-28"
      />
    );
  return (
    <TextField
      label="Value"
      type={filter.type === 'number' ? 'number' : 'text'}
      value={
        filter.value === undefined || typeof filter.value === 'object' ? '' : String(filter.value)
      }
      error={error}
      onChange={(e) =>
        onChange(
          filter.type === 'number' && e.target.value !== ''
            ? Number(e.target.value)
            : e.target.value,
        )
      }
      className="w-36"
    />
  );
}
