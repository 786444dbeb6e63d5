import { ProfileDetailsView } from '@/features/customer-profiles/components/profile-details-view';

export default function ProfileDetailsPage() {
  return <ProfileDetailsView />;
}
