import { cn } from '@/components/ui/cn';
import { focusRing } from '@/components/ui/button';
import { REPORT_TYPE_LABELS, type ReportType } from '../../lib/report-form';

const HELP: Record<ReportType, string> = {
  trend: 'How often something happens over time',
  funnel: 'Where customers drop between steps',
  retention: 'Whether customers come back',
};

/** The report's type as three radio cards. */
export function TypeChooser(props: { value: ReportType; onChange: (type: ReportType) => void }) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-medium text-slate-700">Report type</legend>
      <div className="grid gap-2 sm:grid-cols-3">
        {(Object.keys(REPORT_TYPE_LABELS) as ReportType[]).map((type) => (
          <label
            key={type}
            className={cn(
              'flex cursor-pointer flex-col rounded-lg border px-4 py-3 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500',
              props.value === type
                ? 'border-brand-600 bg-brand-50'
                : 'border-slate-200 hover:border-slate-300',
            )}
          >
            <input
              type="radio"
              name="report-type"
              value={type}
              checked={props.value === type}
              onChange={() => props.onChange(type)}
              className={cn('sr-only', focusRing)}
            />
            <span className="text-sm font-semibold text-slate-900">{REPORT_TYPE_LABELS[type]}</span>
            <span className="text-xs text-slate-600">{HELP[type]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
