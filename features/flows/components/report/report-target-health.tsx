import { RowHeader, Table, TBody, Td, Th, THead, Tr } from '@/components/list/table';
import type { TargetHealth } from '@/lib/contracts/target-health';
import { TARGET_HEALTH_MIN_VIEWS } from '@/lib/contracts/target-health-constants';
import { formatCount, formatDateTime } from '@/lib/format';
import { notify } from '@/components/ui/toast';
import { usePauseWhenBroken } from '../../hooks/use-pause-when-broken';
import { TargetHealthBadge } from '../list/target-health-badge';

/**
 * Target health of the tour over the last 24 hours (docs/flows.md, "Target health"): each step
 * that points at an element, with its selector, the page it was picked on, its views, how many
 * sessions did not find it and when it was last found; a step with fewer views than the rule
 * needs says so. Nothing for a tour without such steps.
 */
export function ReportTargetHealth({
  health,
  flowId,
}: {
  health: TargetHealth | undefined;
  /** With it, the "Pause automatically when broken" option is shown and saved. */
  flowId?: number | null;
}) {
  if (!health || health.steps.length === 0) return null;
  return (
    <section aria-labelledby="flow-report-health" className="mb-6">
      <div className="flex items-center gap-2">
        <h3 id="flow-report-health" className="text-sm font-medium text-slate-900">
          Target health
        </h3>
        <TargetHealthBadge status={health.status} />
      </div>
      <p className="mb-3 mt-1 text-xs text-slate-500">
        Last 24 hours: sessions whose target element was not on the page, out of the step&apos;s
        views. Broken from 25 %, degraded from 5 %, once a step has {TARGET_HEALTH_MIN_VIEWS} views.
      </p>
      <Table caption="Target health">
        <THead>
          <Th>Selector</Th>
          <Th>Pages</Th>
          <Th align="right">Views</Th>
          <Th align="right">Not found</Th>
          <Th>Last found</Th>
          <Th>Health</Th>
        </THead>
        <TBody>
          {health.steps.map((s) => (
            <Tr key={s.step_id}>
              <RowHeader>
                <code className="break-all text-xs">{s.selector}</code>
              </RowHeader>
              <Td>{s.pages.length ? s.pages.join(', ') : 'Any page'}</Td>
              <Td align="right">{formatCount(s.views)}</Td>
              <Td align="right">{formatCount(s.missing)}</Td>
              <Td>{s.last_found_at ? formatDateTime(s.last_found_at) : 'Never'}</Td>
              <Td>
                <TargetHealthBadge status={s.status} />
                {s.insufficient_data ? (
                  <span className="ml-2 text-xs text-slate-500">Too few views to judge</span>
                ) : null}
              </Td>
            </Tr>
          ))}
        </TBody>
      </Table>
      {flowId ? <PauseWhenBroken flowId={flowId} value={health.pause_when_broken} /> : null}
    </section>
  );
}

/** The tour's option: unpublish it when its target health turns broken (saved on change). */
function PauseWhenBroken({ flowId, value }: { flowId: number; value: boolean }) {
  const save = usePauseWhenBroken(flowId);
  const checked = save.isPending ? save.variables : (save.data?.pause_when_broken ?? value);
  return (
    <label className="mt-3 flex items-start gap-2 text-sm text-slate-700">
      <input
        type="checkbox"
        className="mt-0.5"
        checked={checked}
        disabled={save.isPending}
        onChange={(e) =>
          save.mutate(e.target.checked, {
            onError: (error) => notify.error(error.message),
          })
        }
      />
      <span>
        <span className="font-medium text-slate-900">Pause automatically when broken.</span> The
        tour is unpublished as soon as it turns broken; you get the e-mail either way.
      </span>
    </label>
  );
}
