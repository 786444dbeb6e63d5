import type { Erasure } from '@/lib/contracts/erasure';
import { formatCount, formatDateTime } from '@/lib/format';
import { TBody, THead, Table, Td, Th, Tr } from '@/components/list/table';
import { Button } from '@/components/ui/button';
import { Pill, type PillTone } from '@/components/ui/pill';
import { RetryAlert } from '@/components/ui/retry-alert';
import { RowsSkeleton } from '@/components/ui/skeleton';
import { useCurrentUser } from '@/hooks/use-current-user';
import { useErasureLog } from '../hooks/use-erasures';

export const ERASURE_LOG_EMPTY = 'No customer has been erased.';
export const erasureLogFailed = (m: string) => `Failed to load the erasure log: ${m}`;

const STATUS: Record<Erasure['status'], { label: string; tone: PillTone }> = {
  queued: { label: 'Queued', tone: 'warning' },
  done: { label: 'Done', tone: 'on' },
  failed: { label: 'Failed', tone: 'off' },
};

function Receipt({ receipt }: { receipt: Erasure['receipt'] }) {
  if (!receipt) return <>—</>;
  return (
    <>
      {formatCount(receipt.profiles)} profile{receipt.profiles === 1 ? '' : 's'},{' '}
      {formatCount(receipt.events)} events, {formatCount(receipt.tour_sessions)} tour sessions,{' '}
      {formatCount(receipt.link_clicks)} link clicks
      {receipt.webhook_messages
        ? `, ${formatCount(receipt.webhook_messages)} webhook messages`
        : ''}
    </>
  );
}

/**
 * Settings → Data → Erasure log (docs/data-rights.md, "From Settings → Data"): the product's
 * erasures, newest first, a page at a time; nobody is named but the user who asked.
 */
export function ErasureLog({ brandId }: { brandId: number }) {
  const log = useErasureLog(brandId);
  const me = useCurrentUser().data;
  const rows = (log.data?.pages ?? []).flatMap((p) => p.data);

  if (log.isPending)
    return (
      <RowsSkeleton
        label="Loading erasures"
        columns={['w-24', 'w-32', 'w-20', 'w-12', 'w-16', 'w-32', 'w-40']}
      />
    );
  if (rows.length === 0) {
    if (log.isError)
      return (
        <RetryAlert
          message={erasureLogFailed(log.error.message)}
          onRetry={() => void log.refetch()}
        />
      );
    return (
      <p className="rounded-lg border border-dashed border-slate-300 px-6 py-10 text-center text-sm text-slate-600">
        {ERASURE_LOG_EMPTY}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <Table caption="Erasure log">
        <THead>
          <Th>Requested by</Th>
          <Th>Requested at</Th>
          <Th>Mode</Th>
          <Th>Suppressed</Th>
          <Th>Status</Th>
          <Th>Completed at</Th>
          <Th>Removed</Th>
        </THead>
        <TBody>
          {rows.map((e) => (
            <Tr key={e.id}>
              <Td>{me && me.id === e.requested_by ? 'You' : e.requested_by}</Td>
              <Td className="whitespace-nowrap">{formatDateTime(e.requested_at)}</Td>
              <Td>{e.mode === 'delete' ? 'Delete everything' : 'Keep anonymous events'}</Td>
              <Td>{e.suppress ? 'Yes' : 'No'}</Td>
              <Td>
                <Pill tone={STATUS[e.status].tone}>{STATUS[e.status].label}</Pill>
              </Td>
              <Td className="whitespace-nowrap">
                {e.completed_at ? formatDateTime(e.completed_at) : '—'}
              </Td>
              <Td>
                <Receipt receipt={e.receipt} />
              </Td>
            </Tr>
          ))}
        </TBody>
      </Table>
      {log.isError ? (
        <RetryAlert
          message={erasureLogFailed(log.error.message)}
          onRetry={() => void log.refetch()}
        />
      ) : null}
      {log.hasNextPage ? (
        <div>
          <Button
            variant="secondary"
            size="sm"
            loading={log.isFetchingNextPage}
            onClick={() => void log.fetchNextPage()}
          >
            Load more
          </Button>
        </div>
      ) : null}
    </div>
  );
}
