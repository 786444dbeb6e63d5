import { PaymentHistorySection } from '@/features/billing/components/payment-history-section';
import { PaymentMethodsSection } from '@/features/billing/components/payment-methods-section';
import { PlanUsageSection } from '@/features/billing/components/plan-usage-section';
import { ProfileSection } from '@/features/profile/components/profile-section';
import { ProfileView } from '@/features/profile/components/profile-view';

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
