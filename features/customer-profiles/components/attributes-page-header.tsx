import Link from 'next/link';
import type { ReactNode } from 'react';
import { paths } from '@/lib/paths';
import { PageHeader } from '@/components/list/page-header';

/** The list header of the attribute definition pages, with the way back to the customers. */
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
    <PageHeader
      id={id}
      title={title}
      actions={action}
      description={
        <>
          {description}{' '}
          <Link
            href={paths.customerProfiles()}
            className="font-medium text-brand-700 hover:underline"
          >
            Back to customer profiles
          </Link>
        </>
      }
    />
  );
}
