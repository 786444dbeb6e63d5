import { useState } from 'react';
import { MAX_RETENTION_MONTHS, type Retention } from '@/lib/contracts/retention';
import { formatDate } from '@/lib/format';
import { MESSAGES } from '@/lib/messages';
import { Button } from '@/components/ui/button';
import { RetryAlert } from '@/components/ui/retry-alert';
import { SelectField } from '@/components/ui/select-field';
import { Skeleton } from '@/components/ui/skeleton';
import { notify } from '@/components/ui/toast';
import { useRetention, useUpdateRetention } from '../hooks/use-retention';

/** The months offered; a plan's bound cuts the list, a saved value not in it is added. */
const STEPS = [1, 3, 6, 12, 18, 24, 36, 48, 60, 84, MAX_RETENTION_MONTHS];
/** The select's value for "the plan's maximum" (saved as null). */
const PLAN_MAX = 'plan';

const months = (n: number) => `${n} ${n === 1 ? 'month' : 'months'}`;

function optionsFor(r: Retention) {
  const max = r.plan_max_months ?? MAX_RETENTION_MONTHS;
  const values = new Set(STEPS.filter((n) => n <= max));
  if (r.plan_max_months !== null) values.add(r.plan_max_months);
  if (r.retention_months !== null) values.add(r.retention_months);
  return [
    {
      value: PLAN_MAX,
      label: `Plan maximum (${r.plan_max_months === null ? 'every event' : months(r.plan_max_months)})`,
    },
    ...[...values]
      .sort((a, b) => a - b)
      .map((n) => ({
        value: String(n),
        label: n > max ? `${months(n)} (above the plan: ${months(max)} apply)` : months(n),
      })),
  ];
}

/** What applies now, in words. */
function stateOf(r: Retention): string {
  if (r.effective_months === null || r.cutoff === null) return 'Every event is kept.';
  return `Events are kept for ${months(r.effective_months)}: those before ${formatDate(r.cutoff)} are hidden from every report and deleted at the nightly purge.`;
}

function RetentionFields({ brandId, saved }: { brandId: number; saved: Retention }) {
  const [value, setValue] = useState(
    saved.retention_months === null ? PLAN_MAX : String(saved.retention_months),
  );
  const update = useUpdateRetention(brandId, {
    onSuccess: () => notify.success(MESSAGES.retention.saved),
  });
  return (
    <form
      aria-label="Retention"
      className="flex max-w-2xl flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        update.mutate({ retention_months: value === PLAN_MAX ? null : Number(value) });
      }}
    >
      <SelectField
        label="Retention"
        className="max-w-xs"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        options={optionsFor(saved)}
        error={update.error?.message}
      />
      <p className="text-sm text-slate-700" data-testid="retention-state">
        {stateOf(saved)}
      </p>
      <p className="text-sm text-slate-600">
        Retention is not a deletion request: to forget one customer, use Erase customer on their
        profile. Shortening it hides older events at once and deletes them at the nightly purge.
      </p>
      <div>
        <Button type="submit" loading={update.isPending}>
          Save retention
        </Button>
      </div>
    </form>
  );
}

/** Settings → Data → Retention (docs/retention.md): months of events kept, within the plan. */
export function RetentionForm({ brandId }: { brandId: number }) {
  const retention = useRetention(brandId);
  if (retention.isPending) return <Skeleton className="h-40 w-full max-w-xl" />;
  if (retention.isError)
    return (
      <RetryAlert
        message={MESSAGES.retention.failedToLoad(retention.error.message)}
        onRetry={() => void retention.refetch()}
      />
    );
  return <RetentionFields key={brandId} brandId={brandId} saved={retention.data} />;
}
