import { RowHeader, Table, TBody, Td, Th, THead, Tr } from '@/components/list/table';
import type { StepType } from '@/lib/contracts/flows';
import type { FlowReport } from '@/lib/contracts/flow-runtime';
import { formatCount, formatShare } from '@/lib/format';
import { STEP_TYPE_LABELS } from '../../lib/step-labels';

type Steps = FlowReport['steps'];

const typeLabel = (type: string) => STEP_TYPE_LABELS[type as StepType] ?? type;

/**
 * The step funnel: every step in order with its views and unique viewers (a bar against the
 * busiest step) and the share of the previous step's unique viewers it lost (the first step:
 * of the tour's unique viewers).
 */
export function ReportFunnel({ steps }: { steps: Steps }) {
  const ordered = [...steps].sort((a, b) => a.index - b.index);
  const most = Math.max(1, ...ordered.map((s) => s.views));
  return (
    <section aria-labelledby="flow-report-funnel" className="mt-8">
      <h3 id="flow-report-funnel" className="text-sm font-medium text-slate-900">
        Step funnel
      </h3>
      <p className="mb-3 mt-1 text-xs text-slate-500">
        Drop-off is the share of the previous step&apos;s unique viewers who did not see this step
        (for the first step: of the tour&apos;s unique viewers).
      </p>
      {ordered.length === 0 ? (
        <p className="text-sm text-slate-600">This tour has no steps.</p>
      ) : (
        <Table caption="Step funnel">
          <THead>
            <Th>Step</Th>
            <Th>Type</Th>
            <Th className="w-1/3">Views</Th>
            <Th align="right">Unique viewers</Th>
            <Th align="right">Drop-off</Th>
          </THead>
          <TBody>
            {ordered.map((step, i) => (
              <Tr key={step.step_id}>
                <RowHeader>Step {i + 1}</RowHeader>
                <Td>{typeLabel(step.type)}</Td>
                <Td>
                  <div className="flex items-center gap-2">
                    <div className="h-2 flex-1 rounded-full bg-slate-100" aria-hidden="true">
                      <div
                        data-testid="funnel-bar"
                        className="h-2 rounded-full bg-brand-500"
                        style={{ width: `${(step.views / most) * 100}%` }}
                      />
                    </div>
                    <span className="w-12 text-right tabular-nums">{formatCount(step.views)}</span>
                  </div>
                </Td>
                <Td align="right">{formatCount(step.unique_viewers)}</Td>
                <Td align="right">{formatShare(step.drop_off)}</Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      )}
    </section>
  );
}
