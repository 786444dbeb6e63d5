import Link from 'next/link';
import { useRouter } from 'next/router';
import { useMemo, useState } from 'react';
import type { Segment } from '@/lib/contracts/segments';
import { paths } from '@/lib/paths';
import { pagedRows } from '@/components/list/paged-list';
import { Button, buttonClasses } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { TextField } from '@/components/ui/text-field';
import { notify } from '@/components/ui/toast';
import { useSaveSegment } from '../hooks/use-save-segment';
import { useSegments } from '../hooks/use-segments';
import { MESSAGES } from '@/lib/messages';
import { emptyDraft, fromDraft, toDraft, type SegmentDraft } from '../lib/draft';
import { answerProblem, builderProblems } from '../lib/problems';
import { LiveCount } from './live-count';
import { SegmentConditions } from './segment-conditions';
import { SegmentLimits } from './segment-limits';

/**
 * The segment builder of /segments/add and /segments/edit/{id} (docs/segments.md, "Screens"):
 * the name, the rules and the live count. Problems show at their field once Save was pressed, in
 * the server's words, and clear as the rules change.
 */
export function SegmentBuilder({ brandId, segment }: { brandId: number; segment?: Segment }) {
  const router = useRouter();
  const [name, setName] = useState(segment?.name ?? '');
  const [draft, setDraft] = useState<SegmentDraft>(() =>
    segment ? toDraft(segment.definition) : emptyDraft(),
  );
  const [tried, setTried] = useState(false);
  const [answered, setAnswered] = useState<{ path: string; message: string } | null>(null);
  const definition = useMemo(() => fromDraft(draft), [draft]);
  const problems = useMemo(() => builderProblems(name, definition), [name, definition]);
  const countable = problems.every((p) => p.path === 'name') ? definition : null;
  const shown = tried ? problems : [];
  const all = answered ? [answered, ...shown] : shown;

  const list = useSegments(brandId, '');
  const segments = pagedRows(list)
    .rows.filter((s) => s.id !== segment?.id)
    .map((s) => ({ id: s.id, name: s.name }));

  const save = useSaveSegment({
    onSuccess: (saved) => {
      // A definition published tours read: who joins and leaves their audience.
      const change = saved.membership_change;
      notify.success(
        change
          ? MESSAGES.segments.savedAudience(
              saved.name,
              change.gained,
              change.lost,
              change.tours.map((t) => t.name),
            )
          : MESSAGES.segments.saved(saved.name),
      );
      void router.push(paths.segment(saved.id));
    },
    onError: (err) => {
      const problem =
        err.status === 400 || err.status === 409 ? answerProblem(err.data, err.message) : null;
      // At its field when the builder has one (the name, a condition); otherwise a toast.
      if (problem && (problem.path === 'name' || problem.path.startsWith('definition.')))
        setAnswered(problem);
      else notify.error(MESSAGES.segments.failedToSave(err.message));
    },
  });
  const submit = () => {
    setTried(true);
    setAnswered(null);
    if (problems.length > 0) return;
    save.mutate({
      id: segment?.id ?? null,
      body: { brand_id: brandId, name: name.trim(), definition },
    });
  };
  const change = (next: SegmentDraft) => {
    setDraft(next);
    setAnswered(null);
  };
  const nameError = all.find((p) => p.path === 'name')?.message;
  const topError = all.find((p) => p.path === 'definition.conditions')?.message;

  return (
    <form
      noValidate
      aria-label={segment ? 'Edit segment' : 'New segment'}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_18rem]"
    >
      <div className="flex min-w-0 flex-col gap-5 rounded-lg border border-slate-200 bg-white p-5">
        <TextField
          label="Name"
          value={name}
          error={nameError}
          onChange={(e) => {
            setName(e.target.value);
            setAnswered(null);
          }}
          className="max-w-md"
        />
        <SegmentConditions
          brandId={brandId}
          draft={draft}
          onChange={change}
          segments={segments}
          problems={all}
        />
        <FieldError message={topError} />
      </div>
      <aside className="flex min-w-0 flex-col gap-3">
        <LiveCount brandId={brandId} definition={countable} />
        <div className="flex gap-2">
          <Button type="submit" loading={save.isPending} disabled={save.isPending}>
            Save segment
          </Button>
          <Link
            href={segment ? paths.segment(segment.id) : paths.segments()}
            className={buttonClasses('secondary')}
          >
            Cancel
          </Link>
        </div>
        <SegmentLimits />
      </aside>
    </form>
  );
}
