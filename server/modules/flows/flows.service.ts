import { numberedPage } from '../../lib/numbered-page';
import type { FlowBody, ListFlowsQuery } from '../../../lib/contracts/flows';
import { FLOW_TITLE_MAX, MAX_STEP_CONTENT } from '../../../lib/contracts/flows';
import { flowProblems } from '../../../lib/flows/checks';
import { MESSAGES } from '../../../lib/messages';
import { AppError, notFound } from '../../errors';
import { sanitizeStepHtml } from '../../lib/sanitize-html';
import type { BrandAccess } from '../brands/brand-access';
import type { FlowSessionsRepository } from './flow-sessions.repository';
import { toFlowDto, type FlowsRepository, type FlowValues } from './flows.repository';
import type { SavedFlow } from './runtime/published-flows';

/**
 * Sanitises user HTML and splits the body into the stored definition and layout. Cleaning may
 * lengthen content (links gain `rel`, characters are escaped), so its bound is checked again on
 * the cleaned text: a 400 before anything is written (docs/flows.md, "Limits").
 */
function toValues(body: FlowBody): FlowValues {
  const steps = body.steps.map((s) => ({ ...s, content: sanitizeStepHtml(s.content) }));
  const long = steps
    .map((s, i) => ({ i, length: s.content.length }))
    .filter((s) => s.length > MAX_STEP_CONTENT);
  if (long.length) {
    const details = long.map(({ i, length }) => ({
      path: `steps.${i}.content`,
      message: MESSAGES.flows.stepContentTooLongCleaned(i + 1, length, MAX_STEP_CONTENT),
    }));
    throw new AppError(400, 'step_content_too_long', details[0]!.message, details);
  }
  return {
    brandId: body.brand_id,
    name: body.name,
    published: body.publish,
    definition: {
      condition: body.condition,
      attribute_conditions: body.attribute_conditions,
      display_type: body.display_type,
      display_times: body.display_times ?? null,
      priority: body.priority,
      steps,
    },
    layout: body.layout,
  };
}

/**
 * Publishing validates the whole flow first (docs/product/validation.md#58-flow-checks); drafts
 * may be incomplete.
 */
function assertPublishable(values: FlowValues) {
  if (!values.published) return;
  const problems = flowProblems(values.definition);
  if (problems.length)
    throw new AppError(
      400,
      'flow_incomplete',
      problems[0] as string,
      problems.map((message) => ({ path: 'flow', message })),
    );
}

/** Product tours of the owner's brands; another account's flow answers 404. */
export function createFlowsService(deps: {
  flows: FlowsRepository;
  access: BrandAccess;
  /** Visitors' sessions: an unpublished tour's open sessions end at once. */
  sessions?: FlowSessionsRepository;
  /**
   * A product's published tours may have changed (the runtime's cache reads them again); `saved`
   * is the tour as just saved, its content cleaned here, which the cache keeps as it is.
   */
  onChanged?: (brandId: number, saved?: SavedFlow) => Promise<void>;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const { flows, access } = deps;
  const owned = async (ownerId: string, id: number) => {
    const row = await flows.find(ownerId, id);
    if (!row) throw notFound(MESSAGES.flows.notFound);
    return row;
  };
  return {
    async list(ownerId: string, q: ListFlowsQuery) {
      await access.owned(ownerId, q.brand_id);
      const page = numberedPage(q);
      const { rows, total } = await flows.list(q.brand_id, {
        search: q.search?.trim() || undefined,
        published: q.status === undefined ? undefined : q.status === 'published',
        sortBy: q.sort_by,
        order: q.sort_order,
        offset: page.offset,
        limit: page.limit,
      });
      return page.answer(
        rows.map((f) => ({
          id: f.id,
          brand_id: f.brandId,
          name: f.name,
          status: f.published ? ('published' as const) : ('unpublished' as const),
          step_count: f.definition.steps.length,
          updated_at: f.updatedAt.toISOString(),
        })),
        total,
      );
    },
    async get(ownerId: string, id: number) {
      return toFlowDto(await owned(ownerId, id));
    },
    async create(ownerId: string, body: FlowBody) {
      await access.owned(ownerId, body.brand_id);
      const values = toValues(body);
      assertPublishable(values);
      const row = await flows.insert({ ...values, publishedAt: values.published ? now() : null });
      if (row.published) await deps.onChanged?.(row.brandId, row);
      return toFlowDto(row);
    },
    /**
     * Saves a tour. Publishing stamps `published_at`; unpublishing clears it and ends every open
     * session of the tour at once. Saving a tour that stays published keeps its sessions: they
     * continue on the new version (docs/flows.md, "Runtime decision").
     */
    async update(ownerId: string, id: number, body: FlowBody) {
      const before = await owned(ownerId, id);
      await access.owned(ownerId, body.brand_id);
      const values = toValues(body);
      assertPublishable(values);
      const publishedAt = !values.published
        ? null
        : before.published && before.publishedAt
          ? before.publishedAt
          : now();
      const row = await flows.update(ownerId, id, { ...values, publishedAt });
      if (!row) throw notFound(MESSAGES.flows.notFound);
      if (before.published && !row.published) await deps.sessions?.endAllOf(id, 'unpublished');
      if (before.published || row.published) {
        const moved = row.brandId !== before.brandId;
        await deps.onChanged?.(before.brandId, moved ? undefined : row);
        if (moved) await deps.onChanged?.(row.brandId, row);
      }
      return toFlowDto(row);
    },
    async duplicate(ownerId: string, id: number) {
      const src = await owned(ownerId, id);
      const name = `Copy of ${src.name}`.slice(0, FLOW_TITLE_MAX);
      return toFlowDto(
        await flows.insert({
          brandId: src.brandId,
          name,
          published: false,
          publishedAt: null,
          definition: src.definition,
          layout: src.layout,
        }),
      );
    },
    async remove(ownerId: string, id: number) {
      const row = await owned(ownerId, id);
      await flows.remove(ownerId, id);
      if (row.published) await deps.onChanged?.(row.brandId);
      return { message: MESSAGES.flows.deletedAnswer };
    },
  };
}
export type FlowsService = ReturnType<typeof createFlowsService>;
