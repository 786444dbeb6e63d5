import Link from 'next/link';
import { MESSAGES } from '@/lib/messages';
import { paths } from '@/lib/paths';
import { buttonClasses } from '@/components/ui/button';

/** A profile that does not exist or belongs to another account (the API answers 404). */
export function ProfileNotFound() {
  return (
    <div className="flex flex-col items-center px-6 py-14 text-center">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-600">404</p>
      <h2 className="mt-2 text-lg font-semibold text-slate-900">{MESSAGES.profiles.notFound}</h2>
      <Link href={paths.customerProfiles()} className={buttonClasses('secondary', 'md', 'mt-6')}>
        Back to customer profiles
      </Link>
    </div>
  );
}
