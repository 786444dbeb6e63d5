import dynamic from 'next/dynamic';
import { ViewLoading } from '@/components/layout/spinner';

// Loaded on demand: forms and their validation stay out of the route's first load
// (docs/performance.md, "Route weight").
const ProfileDetailsView = dynamic(
  () =>
    import('@/features/customer-profiles/components/profile-details-view').then(
      (m) => m.ProfileDetailsView,
    ),
  {
    ssr: false,
    loading: () => <ViewLoading />,
  },
);

export default function ProfileDetailsPage() {
  return <ProfileDetailsView />;
}
