import { segmentBody, type SegmentDefinitionInput } from '@/lib/contracts/segments';
import { MESSAGES } from '@/lib/messages';
import { segmentProblemList, type SegmentProblem } from '@/lib/segments/problems';

/**
 * Every problem the builder shows, with the server's paths and words: the name's, the
 * definition's (lib/segments/problems.ts), and an "in segment" row with no segment chosen.
 */
export function builderProblems(
  name: string,
  definition: SegmentDefinitionInput,
): SegmentProblem[] {
  const out: SegmentProblem[] = [];
  const named = segmentBody.shape.name.safeParse(name);
  if (!named.success) out.push({ path: 'name', message: named.error.issues[0]?.message ?? '' });
  const unchosen: SegmentProblem[] = [];
  definition.conditions.forEach((c, i) => {
    const at = `definition.conditions.${i}`;
    if (c.type === 'segment' && !(c.segment_id > 0))
      unchosen.push({ path: `${at}.segment_id`, message: MESSAGES.segments.segmentRequired });
    if (c.type === 'group')
      c.conditions.forEach((inner, j) => {
        if (inner.type === 'segment' && !(inner.segment_id > 0))
          unchosen.push({
            path: `${at}.conditions.${j}.segment_id`,
            message: MESSAGES.segments.segmentRequired,
          });
      });
  });
  return [...out, ...segmentProblemList(definition), ...unchosen];
}

/** The problem a 400 answer names: `{details: [{path, message}]}` or `{path, message}`. */
export function answerProblem(data: unknown, message: string): SegmentProblem | null {
  if (!data || typeof data !== 'object') return null;
  const d = data as { path?: unknown; details?: unknown };
  if (Array.isArray(d.details) && d.details[0] && typeof d.details[0].path === 'string')
    return { path: d.details[0].path, message: String(d.details[0].message ?? message) };
  if (typeof d.path === 'string') return { path: d.path, message };
  return null;
}
