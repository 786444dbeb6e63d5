import { PlansView } from '@/features/billing/components/plans-view';

/** /profile/plans: plan cards and the Order summary (shell without white background). */
export default function PlansPage() {
  return <PlansView />;
}
