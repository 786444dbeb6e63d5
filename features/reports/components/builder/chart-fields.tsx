import { SelectField } from '@/components/ui/select-field';
import { REPORT_CHART_KINDS, type ReportChart } from '@/lib/contracts/reports';

const KIND_LABELS: Record<ReportChart['kind'], string> = {
  line: 'Line chart',
  bar: 'Bar chart',
  table: 'Table',
};

/** How a trend is drawn: line, bars (stacked or side by side) or a table. */
export function ChartFields(props: { value: ReportChart; onChange: (chart: ReportChart) => void }) {
  const { value, onChange } = props;
  return (
    <div className="flex items-end gap-4">
      <SelectField
        label="Show as"
        options={REPORT_CHART_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }))}
        value={value.kind}
        onChange={(e) => onChange({ ...value, kind: e.target.value as ReportChart['kind'] })}
        className="w-40"
      />
      {value.kind === 'bar' ? (
        <label className="mb-2 flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            checked={value.stacked}
            onChange={(e) => onChange({ ...value, stacked: e.target.checked })}
          />
          Stack the bars
        </label>
      ) : null}
    </div>
  );
}
