import dynamic from 'next/dynamic';
import { PaymentHistorySection } from '@/features/billing/components/payment-history-section';
import { PlanUsageSection } from '@/features/billing/components/plan-usage-section';
import { ProfileSection } from '@/features/profile/components/profile-section';
import { ViewLoading } from '@/components/layout/spinner';

// Loaded on demand: the forms, the card form and their validation stay out of the route's first
// load (docs/performance.md, "Route weight").
const ProfileView = dynamic(
  () => import('@/features/profile/components/profile-view').then((m) => m.ProfileView),
  { ssr: false, loading: () => <ViewLoading /> },
);
const PaymentMethodsSection = dynamic(
  () =>
    import('@/features/billing/components/payment-methods-section').then(
      (m) => m.PaymentMethodsSection,
    ),
  { ssr: false, loading: () => <ViewLoading /> },
);

export default function ProfilePage() {
  return (
    <ProfileView>
      <ProfileSection
        id="profile-plan"
        title="Plan and usage"
        description="Your subscription, its limits and this month's monthly active users."
      >
        <PlanUsageSection />
      </ProfileSection>
      <ProfileSection
        id="profile-payment-methods"
        title="Payment methods"
        description="Cards saved for your subscription."
      >
        <PaymentMethodsSection />
      </ProfileSection>
      <ProfileSection
        id="profile-payment-history"
        title="Payment history"
        description="Paid invoices, newest first."
      >
        <PaymentHistorySection />
      </ProfileSection>
    </ProfileView>
  );
}
