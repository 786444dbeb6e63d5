import { cn } from '@/components/ui/cn';
import { formatMoney } from '@/lib/billing';
import type { Plan } from '@/lib/contracts/plans';
import { monthlyPrice } from '../lib/plan-display';

/** "$149.00 /month", or "Contact sales" for a plan sold by the sales team. */
export function PlanPrice({
  plan,
  className,
}: {
  plan: Pick<Plan, 'plan_prices' | 'contact_sales'>;
  className?: string;
}) {
  const cents = monthlyPrice(plan);
  if (plan.contact_sales || cents === null)
    return <p className={cn('text-lg font-semibold text-slate-900', className)}>Contact sales</p>;
  return (
    <p className={cn('text-slate-900', className)}>
      <span className="text-lg font-semibold">{formatMoney(cents)}</span>
      <span className="text-sm text-slate-500"> /month</span>
    </p>
  );
}
