import type { ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { useCurrentUser } from '@/hooks/use-current-user';
import { ChangePasswordForm } from './change-password-form';
import { ProfileForm } from './profile-form';
import { ProfileSection } from './profile-section';
import { SessionsSection } from './sessions-section';

/**
 * /profile: personal details and password; `children` are further sections the page composes in
 * (billing lives in another feature, so the page passes it here).
 */
export function ProfileView({ children }: { children?: ReactNode }) {
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
        description="Use 8 to 64 characters with mixed case, a number and a symbol."
      >
        <ChangePasswordForm />
      </ProfileSection>
      <ProfileSection
        id="profile-sessions"
        title="Sessions"
        description="Browsers and devices signed in to your account."
      >
        <SessionsSection />
      </ProfileSection>
      {children}
    </div>
  );
}
