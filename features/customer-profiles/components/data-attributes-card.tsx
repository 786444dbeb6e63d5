import type { CustomerProfile } from '@/lib/contracts/customer-profiles';
import { useDataAttributes } from '../hooks/use-data-attributes';
import { dataAttributeRows } from '../lib/profile-attributes';
import { AttributeList } from './attribute-list';
import { DetailCard } from './detail-card';

/** System values, the brand's custom data attributes, then any other trait; N/A when missing. */
export function DataAttributesCard({ profile }: { profile: CustomerProfile }) {
  const definitions = useDataAttributes(profile.brand_id);
  return (
    <DetailCard title="Data attributes">
      <AttributeList label="Data attributes" rows={dataAttributeRows(profile, definitions.data)} />
    </DetailCard>
  );
}
