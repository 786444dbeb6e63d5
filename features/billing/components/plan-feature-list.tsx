import type { HTMLAttributes } from 'react';
import { cn } from '@/components/ui/cn';
import { CheckIcon } from '@/components/ui/icons';
import type { Plan } from '@/lib/contracts/plans';
import { planFeatures } from '../lib/plan-display';

/**
 * A plan's feature list (docs/product/constants.md#plan-features-and-colours) with check marks: on
 * its card and in the Order summary.
 */
export function PlanFeatureList({
  plan,
  className,
  ...props
}: { plan: Plan } & HTMLAttributes<HTMLUListElement>) {
  return (
    <ul className={cn('space-y-2', className)} {...props}>
      {planFeatures(plan).map((feature) => (
        <li key={feature} className="flex items-start gap-2 text-sm text-slate-700">
          <CheckIcon className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600" />
          {feature}
        </li>
      ))}
    </ul>
  );
}
