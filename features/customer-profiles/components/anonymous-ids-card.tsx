import { NOT_AVAILABLE } from '@/lib/format';
import { DetailCard } from './detail-card';

/** The anonymous ids this customer was tracked under before identify(). */
export function AnonymousIdsCard({ ids }: { ids: readonly string[] }) {
  return (
    <DetailCard title="Anonymous IDs">
      {ids.length === 0 ? (
        <p className="text-sm text-slate-400">{NOT_AVAILABLE}</p>
      ) : (
        <ul aria-label="Anonymous IDs" className="flex flex-wrap gap-1.5">
          {ids.map((id) => (
            <li
              key={id}
              className="rounded bg-slate-100 px-2 py-0.5 font-mono text-xs text-slate-700"
            >
              {id}
            </li>
          ))}
        </ul>
      )}
    </DetailCard>
  );
}
