import { ProfilesView } from '@/features/customer-profiles/components/profiles-view';

export default function CustomerProfilesPage() {
  return <ProfilesView />;
}
