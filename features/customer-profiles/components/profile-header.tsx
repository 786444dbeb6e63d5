import type { CustomerProfile } from '@/lib/contracts/customer-profiles';
import { formatDateTime } from '@/lib/format';
import { displayValue } from '../lib/display-value';

/** Who the customer is and when they were first and last seen. */
export function ProfileHeader({ profile }: { profile: CustomerProfile }) {
  const title = profile.name || profile.email || profile.customer_key;
  return (
    <header className="flex flex-wrap items-start justify-between gap-4 rounded-lg border border-slate-200 p-4">
      <div className="min-w-0">
        <h2 className="truncate text-lg font-semibold text-slate-900">{title}</h2>
        <p className="mt-0.5 text-sm text-slate-600">{displayValue(profile.email)}</p>
        <p className="mt-1 text-xs text-slate-500">
          Customer ID <span className="font-mono text-slate-700">{profile.customer_key}</span>
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm">
        <dt className="text-slate-500">First seen</dt>
        <dd className="text-slate-800">
          <time dateTime={profile.first_seen}>{formatDateTime(profile.first_seen)}</time>
        </dd>
        <dt className="text-slate-500">Last seen</dt>
        <dd className="text-slate-800">
          <time dateTime={profile.last_seen}>{formatDateTime(profile.last_seen)}</time>
        </dd>
      </dl>
    </header>
  );
}
