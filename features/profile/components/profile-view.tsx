import { Skeleton } from '@/components/ui/skeleton';
import { useCurrentUser } from '@/hooks/use-current-user';
import { ChangePasswordForm } from './change-password-form';
import { PlanSummary } from './plan-summary';
import { ProfileForm } from './profile-form';
import { ProfileSection } from './profile-section';

/** /profile: personal details, password and plan. */
export function ProfileView() {
  const { data: user } = useCurrentUser();
  return (
    <div>
      <ProfileSection
        id="profile-details"
        title="Personal details"
        description="Your name and picture appear in the header."
      >
        {user ? (
          <ProfileForm key={user.id} user={user} />
        ) : (
          <Skeleton className="h-40 w-full max-w-md" />
        )}
      </ProfileSection>
      <ProfileSection
        id="profile-password"
        title="Password"
        description="Use 8 to 10 characters with mixed case, a number and a symbol."
      >
        <ChangePasswordForm />
      </ProfileSection>
      <ProfileSection
        id="profile-plan"
        title="Plan"
        description="Your subscription and its limits."
      >
        <PlanSummary />
      </ProfileSection>
    </div>
  );
}
