import Link from 'next/link';
import type { CustomerProfile } from '@/lib/contracts/customer-profiles';
import { formatDate, formatDateTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import { focusRing } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { displayValue } from '../lib/display-value';
import type { SortOrder } from './profiles-toolbar';

export interface ProfilesTableProps {
  profiles: readonly CustomerProfile[];
  sortOrder: SortOrder;
}

const th = 'px-3 py-2.5 text-left text-xs font-semibold uppercase tracking-wide text-slate-500';
const td = 'px-3 py-2.5 text-sm text-slate-700';

function SeenCell({ value }: { value: string }) {
  return (
    <td className={cn(td, 'whitespace-nowrap')}>
      <time dateTime={value} title={formatDateTime(value)}>
        {formatDate(value)}
      </time>
    </td>
  );
}

/** The customers of the current product; the customer id opens the profile. */
export function ProfilesTable({ profiles, sortOrder }: ProfilesTableProps) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200">
      <table className="min-w-full divide-y divide-slate-200">
        <caption className="sr-only">Customers</caption>
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={th}>
              Customer ID
            </th>
            <th scope="col" className={th}>
              Name
            </th>
            <th scope="col" className={th}>
              E-mail
            </th>
            <th scope="col" className={th}>
              Country
            </th>
            <th
              scope="col"
              className={th}
              aria-sort={sortOrder === 'asc' ? 'ascending' : 'descending'}
            >
              Last seen
            </th>
            <th scope="col" className={th}>
              First seen
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">
          {profiles.map((p) => (
            <tr key={p.id} className="hover:bg-slate-50">
              <th scope="row" className={cn(td, 'text-left font-medium')}>
                <Link
                  href={paths.customerProfile(p.id)}
                  className={cn('rounded text-brand-700 hover:underline', focusRing)}
                >
                  {p.customer_key}
                </Link>
              </th>
              <td className={td}>{displayValue(p.name)}</td>
              <td className={td}>{displayValue(p.email)}</td>
              <td className={td}>{displayValue(p.data_attributes.country)}</td>
              <SeenCell value={p.last_seen} />
              <SeenCell value={p.first_seen} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
