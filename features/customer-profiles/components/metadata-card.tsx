import Link from 'next/link';
import { useState } from 'react';
import type { CustomerProfile } from '@/lib/contracts/customer-profiles';
import { paths } from '@/lib/paths';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { PencilIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { useMetadataAttributes } from '../hooks/use-metadata-attributes';
import { metadataRows } from '../lib/profile-attributes';
import { AttributeList } from './attribute-list';
import { DetailCard } from './detail-card';
import { MetadataForm } from './metadata-form';

/** The brand's metadata attributes with this customer's values, editable inline. */
export function MetadataCard({ profile }: { profile: CustomerProfile }) {
  const attributes = useMetadataAttributes(profile.brand_id);
  const [editing, setEditing] = useState(false);
  const list = attributes.data ?? [];

  const action =
    !editing && list.length > 0 ? (
      <Button variant="ghost" size="sm" aria-label="Edit metadata" onClick={() => setEditing(true)}>
        <PencilIcon className="h-4 w-4" />
        Edit
      </Button>
    ) : null;

  return (
    <DetailCard title="Metadata" actions={action}>
      {attributes.isPending ? (
        <div role="status" aria-label="Loading metadata">
          <Skeleton className="h-10 w-full" />
        </div>
      ) : null}
      {attributes.isError ? <FormAlert>{attributes.error.message}</FormAlert> : null}
      {attributes.isSuccess && list.length === 0 ? (
        <p className="text-sm text-slate-500">
          No metadata attributes defined yet.{' '}
          <Link href={paths.metadata()} className="font-medium text-brand-700 hover:underline">
            Define metadata attributes
          </Link>
        </p>
      ) : null}
      {list.length > 0 && editing ? (
        <MetadataForm profile={profile} attributes={list} onDone={() => setEditing(false)} />
      ) : null}
      {list.length > 0 && !editing ? (
        <AttributeList label="Metadata" rows={metadataRows(profile, list)} />
      ) : null}
    </DetailCard>
  );
}
