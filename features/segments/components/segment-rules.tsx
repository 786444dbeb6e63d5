import type { SegmentDefinition } from '@/lib/contracts/segments';
import { toDraft, isGroup } from '../lib/draft';
import { summarizeLeaf } from '../lib/summary';

/** The rules of a saved segment, read-only: one line per condition, groups indented. */
export function SegmentRules(props: {
  definition: SegmentDefinition;
  segmentName: (id: number) => string | undefined;
}) {
  const draft = toDraft(props.definition);
  const joiner = (op: string) => <span className="text-xs font-semibold text-brand-700">{op}</span>;
  return (
    <ol aria-label="Rules" className="flex flex-col gap-2 text-sm text-slate-800">
      {draft.items.map((item, i) => (
        <li key={item.key} className="flex flex-col gap-1">
          {i > 0 ? joiner(draft.operator) : null}
          {isGroup(item) ? (
            <ol className="flex flex-col gap-1 rounded-md border border-slate-200 bg-slate-50 p-2">
              {item.group.items.map((inner, j) => (
                <li key={inner.key} className="flex flex-col gap-1">
                  {j > 0 ? joiner(item.group.operator) : null}
                  <span>{summarizeLeaf(inner.condition, props.segmentName)}</span>
                </li>
              ))}
            </ol>
          ) : (
            <span className="rounded-md border border-slate-200 px-3 py-2">
              {summarizeLeaf(item.condition, props.segmentName)}
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}
