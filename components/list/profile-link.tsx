import Link from 'next/link';
import type { CustomerProfile } from '@/lib/contracts/customer-profiles';
import { paths } from '@/lib/paths';
import { focusRing } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';

/** A customer's ID in a table row (customers, a segment's members): it opens their profile. */
export function ProfileLink({
  profile,
}: {
  profile: Pick<CustomerProfile, 'id' | 'customer_key'>;
}) {
  return (
    <Link
      href={paths.customerProfile(profile.id)}
      className={cn('rounded text-brand-700 hover:underline', focusRing)}
    >
      {profile.customer_key}
    </Link>
  );
}
