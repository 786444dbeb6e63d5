import Link from 'next/link';
import { formatDateTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import type { FlowListItem } from '@/services/flows';

const TH = 'px-3 py-2 text-left text-xs font-medium uppercase tracking-wide text-slate-500';
const TD = 'px-3 py-2.5 text-sm text-slate-700';
const LINK = 'text-brand-700 hover:underline focus-visible:underline';

/** The product tours of a product, with their status and the actions on each. */
export function FlowsTable(props: {
  flows: FlowListItem[];
  onDuplicate: (flow: FlowListItem) => void;
  /** The tour being copied (its Duplicate button spins). */
  duplicatingId?: number | null;
  onDelete: (flow: FlowListItem) => void;
}) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200">
      <table className="min-w-full divide-y divide-slate-200">
        <caption className="sr-only">Product tours</caption>
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={TH}>
              Name
            </th>
            <th scope="col" className={TH}>
              Status
            </th>
            <th scope="col" className={`${TH} text-right`}>
              Steps
            </th>
            <th scope="col" className={TH}>
              Updated
            </th>
            <th scope="col" className={`${TH} text-right`}>
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">
          {props.flows.map((flow) => (
            <tr key={flow.id} className="hover:bg-slate-50">
              <th scope="row" className={`${TD} font-medium`}>
                <Link href={paths.flow(flow.id)} className={LINK}>
                  {flow.name}
                </Link>
              </th>
              <td className={TD}>
                <span
                  className={cn(
                    'rounded-full px-2 py-0.5 text-xs font-medium',
                    flow.status === 'published'
                      ? 'bg-emerald-50 text-emerald-700'
                      : 'bg-slate-100 text-slate-600',
                  )}
                >
                  {flow.status === 'published' ? 'Published' : 'Unpublished'}
                </span>
              </td>
              <td className={`${TD} text-right tabular-nums`}>{flow.step_count}</td>
              <td className={TD}>{formatDateTime(flow.updated_at)}</td>
              <td className={`${TD} text-right`}>
                <div className="flex items-center justify-end gap-2">
                  <Link
                    href={paths.flow(flow.id)}
                    className={LINK}
                    aria-label={`Edit ${flow.name}`}
                  >
                    Edit
                  </Link>
                  <Link
                    href={paths.flowReport(flow.id)}
                    className={LINK}
                    aria-label={`Report of ${flow.name}`}
                  >
                    Report
                  </Link>
                  <Button
                    variant="secondary"
                    size="sm"
                    loading={props.duplicatingId === flow.id}
                    onClick={() => props.onDuplicate(flow)}
                    aria-label={`Duplicate ${flow.name}`}
                  >
                    Duplicate
                  </Button>
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => props.onDelete(flow)}
                    aria-label={`Delete ${flow.name}`}
                  >
                    Delete
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
