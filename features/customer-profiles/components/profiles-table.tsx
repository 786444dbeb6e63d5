import type { CustomerProfile } from '@/lib/contracts/customer-profiles';
import { formatDate, formatDateTime } from '@/lib/format';
import { ProfileLink } from '@/components/list/profile-link';
import { RowHeader, TBody, THead, Table, Td, Th, Tr } from '@/components/list/table';
import { displayValue } from '../lib/display-value';
import type { SortOrder } from './profiles-toolbar';

export interface ProfilesTableProps {
  profiles: readonly CustomerProfile[];
  sortOrder: SortOrder;
}

function SeenCell({ value }: { value: string }) {
  return (
    <Td className="whitespace-nowrap">
      <time dateTime={value} title={formatDateTime(value)}>
        {formatDate(value)}
      </time>
    </Td>
  );
}

/** The customers of the current product; the customer id opens the profile. */
export function ProfilesTable({ profiles, sortOrder }: ProfilesTableProps) {
  return (
    <Table caption="Customers">
      <THead>
        <Th>Customer ID</Th>
        <Th>Name</Th>
        <Th>E-mail</Th>
        <Th>Country</Th>
        <Th aria-sort={sortOrder === 'asc' ? 'ascending' : 'descending'}>Last seen</Th>
        <Th>First seen</Th>
      </THead>
      <TBody>
        {profiles.map((p) => (
          <Tr key={p.id}>
            <RowHeader>
              <ProfileLink profile={p} />
            </RowHeader>
            <Td>{displayValue(p.name)}</Td>
            <Td>{displayValue(p.email)}</Td>
            <Td>{displayValue(p.data_attributes.country)}</Td>
            <SeenCell value={p.last_seen} />
            <SeenCell value={p.first_seen} />
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
