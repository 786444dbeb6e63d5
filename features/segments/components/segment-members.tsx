import type { CustomerProfile } from '@/lib/contracts/customer-profiles';
import { formatDateTime } from '@/lib/format';
import { PagedList } from '@/components/list/paged-list';
import { ProfileLink } from '@/components/list/profile-link';
import { RowHeader, TBody, THead, Table, Td, Th, Tr } from '@/components/list/table';
import { useSegmentMembers } from '../hooks/use-segment-members';
import { MESSAGES } from '@/lib/messages';

const text = (v: string | null) => (v && v.trim() ? v : '—');

/** The members of a segment, a page at a time; each opens its customer profile. */
export function SegmentMembers({ segmentId }: { segmentId: number }) {
  const members = useSegmentMembers(segmentId);
  return (
    <PagedList
      query={members}
      loading={{ label: 'Loading members', columns: ['w-32', 'w-32', 'w-40', 'w-32'] }}
      failed={MESSAGES.segments.failedToGetMembers}
      noun="members"
      empty={{ text: MESSAGES.segments.noMembers }}
    >
      {(rows: CustomerProfile[]) => (
        <Table caption="Members">
          <THead>
            <Th>Customer ID</Th>
            <Th>Name</Th>
            <Th>E-mail</Th>
            <Th>Last seen</Th>
          </THead>
          <TBody>
            {rows.map((p) => (
              <Tr key={p.id}>
                <RowHeader>
                  <ProfileLink profile={p} />
                </RowHeader>
                <Td>{text(p.name)}</Td>
                <Td>{text(p.email)}</Td>
                <Td className="whitespace-nowrap">{formatDateTime(p.last_seen)}</Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      )}
    </PagedList>
  );
}
