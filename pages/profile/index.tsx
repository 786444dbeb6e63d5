import { ProfileView } from '@/features/profile/components/profile-view';

export default function ProfilePage() {
  return <ProfileView />;
}
