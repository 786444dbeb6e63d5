import Link from 'next/link';
import type { ReactNode } from 'react';
import { paths } from '@/lib/paths';

/** Title, explanation and the page's main action of the attribute definition pages. */
export function AttributesPageHeader({
  id,
  title,
  description,
  action,
}: {
  id: string;
  title: string;
  description: string;
  action?: ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
      <div>
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <p className="mt-1 max-w-2xl text-sm text-slate-600">
          {description}{' '}
          <Link
            href={paths.customerProfiles()}
            className="font-medium text-brand-700 hover:underline"
          >
            Back to customer profiles
          </Link>
        </p>
      </div>
      {action}
    </div>
  );
}
