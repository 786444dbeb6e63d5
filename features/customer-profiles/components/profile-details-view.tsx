import { useRouter } from 'next/router';
import { idParam } from '@/lib/contracts/common';
import { isApiError } from '@/api/http';
import { useProfile } from '../hooks/use-profile';
import { AnonymousIdsCard } from './anonymous-ids-card';
import { DataAttributesCard } from './data-attributes-card';
import { EraseCustomerButton } from './erase-customer-dialog';
import { EventTimeline } from './event-timeline';
import { MetadataCard } from './metadata-card';
import { ProfileHeader } from './profile-header';
import { ProfileNotFound } from './profile-not-found';
import { ProfilesSkeleton } from './profiles-skeleton';
import { RetryAlert } from '@/components/ui/retry-alert';

/** /customer-profiles/[id] (Profile Details). */
export function ProfileDetailsView() {
  const router = useRouter();
  const parsed = idParam.safeParse({ id: router.query.id });
  const id = parsed.success ? parsed.data.id : null;
  const profile = useProfile(id);

  if (!router.isReady) return <ProfilesSkeleton label="Loading profile" />;
  if (id === null || (isApiError(profile.error) && profile.error.status === 404))
    return <ProfileNotFound />;
  if (profile.isPending) return <ProfilesSkeleton label="Loading profile" />;
  if (profile.isError) {
    return <RetryAlert message={profile.error.message} onRetry={() => void profile.refetch()} />;
  }

  const data = profile.data;
  return (
    <div className="flex flex-col gap-4">
      <ProfileHeader profile={data} />
      <div className="flex justify-end">
        <EraseCustomerButton id={data.id} who={data.name || data.email || data.customer_key} />
      </div>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <DataAttributesCard profile={data} />
        <div className="flex flex-col gap-4">
          <MetadataCard profile={data} />
          <AnonymousIdsCard ids={data.anonymous_ids} />
        </div>
      </div>
      <EventTimeline profileId={data.id} />
    </div>
  );
}
