import { numberedPage } from '../../lib/numbered-page';
import type { FlowBody, ListFlowsQuery } from '../../../lib/contracts/flows';
import { FLOW_TITLE_MAX, MAX_STEP_CONTENT } from '../../../lib/contracts/flows';
import { hasCustomStyling } from '../../../lib/contracts/theme';
import { flowProblems } from '../../../lib/flows/checks';
import { MESSAGES } from '../../../lib/messages';
import { PLAN_CODES, type PlanCode } from '../../../lib/constants';
import { formatBytes, TOUR_LIMITS } from '../../../lib/plans';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { sanitizeStepsInSlices } from '../../lib/sanitize-html';
import type { BrandAccess } from '../brands/brand-access';
import type { PlansRepository } from '../plans/plans.repository';
import type { FlowSessionsRepository } from './flow-sessions.repository';
import { toFlowDto, type FlowsRepository, type FlowValues } from './flows.repository';
import type { SavedFlow } from './runtime/published-flows';
import type { TargetHealthService } from './target-health.service';

/**
 * Sanitises user HTML and splits the body into the stored definition and layout. Cleaning may
 * lengthen content (links gain `rel`, characters are escaped), so its bound is checked again on
 * the cleaned text: a 400 before anything is written (docs/flows.md, "Limits").
 */
async function toValues(body: FlowBody): Promise<FlowValues> {
  const steps = await sanitizeStepsInSlices(body.steps);
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
  const definition = {
    condition: body.condition,
    attribute_conditions: body.attribute_conditions,
    display_type: body.display_type,
    display_times: body.display_times ?? null,
    priority: body.priority,
    steps,
    // Only an override that sets something is kept: a tour without one stores as before.
    ...(body.theme_override && Object.keys(body.theme_override).length
      ? { theme_override: body.theme_override }
      : {}),
  };
  return {
    brandId: body.brand_id,
    name: body.name,
    published: body.publish,
    definition,
    layout: body.layout,
    definitionBytes: sizeOf(definition, body.layout),
  };
}

/** Where each segment trigger's segment id sits in a definition, and the id. */
export function segmentTriggerPaths(definition: Pick<FlowValues['definition'], 'condition'>) {
  const out: { path: string; segmentId: number }[] = [];
  definition.condition.trigger_conditions.forEach((t, i) => {
    if (t.trigger_type !== 'segment') return;
    t.conditions.forEach((c, j) =>
      out.push({
        path: `condition.trigger_conditions.${i}.conditions.${j}.segment_id`,
        segmentId: c.segment_id,
      }),
    );
  });
  return out;
}

/** A tour's stored size: UTF-8 bytes of its definition and layout as JSON. */
export const sizeOf = (definition: unknown, layout: unknown) =>
  Buffer.byteLength(JSON.stringify(definition)) + Buffer.byteLength(JSON.stringify(layout));

/** The plan's limits of tours per product (lib/plans.ts); an unknown plan counts as Free. */
export function tourLimit(planCode: string | undefined) {
  const plan = (PLAN_CODES as readonly string[]).includes(planCode ?? '')
    ? (planCode as PlanCode)
    : 'free';
  return { plan, ...TOUR_LIMITS[plan] };
}

/** What a write does to its product's usage (docs/flows.md, "Limits"). */
export interface Growth {
  brandId: number;
  /** A tour joins the product (create, duplicate, moved from another product). */
  adds: boolean;
  /** The tour's size after the write, and before it when it stays in the product. */
  bytes: number;
  before?: { id: number; bytes: number };
  /** The tour overrides the product theme: a paid plan's feature (docs/theme.md). */
  themed?: boolean;
}

/**
 * Refuses a published tour with problems of docs/product/validation.md#58-flow-checks
 * (`flow_incomplete`, every problem in the details). The builder's pick uses it too, with the
 * problems of the one step it changes (builder-target.ts).
 */
export function assertComplete(problems: readonly string[]) {
  if (problems.length)
    throw new AppError(
      400,
      'flow_incomplete',
      problems[0] as string,
      problems.map((message) => ({ path: 'flow', message })),
    );
}

/**
 * Publishing validates the whole flow first (docs/product/validation.md#58-flow-checks); drafts
 * may be incomplete.
 */
function assertPublishable(values: FlowValues) {
  if (values.published) assertComplete(flowProblems(values.definition));
}

/**
 * Refuses a write that takes the product past the plan's limits (docs/flows.md, "Limits"): a
 * theme override on a plan without custom styling, one tour too many, or bytes over the limit
 * when the tour grows (a write that does not grow a tour is always allowed, so a product over its
 * limits can still be edited down). Runs in `tx`, after the caller locked the subscription row.
 */
export async function checkPlanLimits(
  deps: {
    flows: Pick<FlowsRepository, 'usageOfBrand'>;
    plans: Pick<PlansRepository, 'subscriptionOf'>;
  },
  ownerId: string,
  g: Growth,
  tx: Db,
) {
  const sub = await deps.plans.subscriptionOf(ownerId, tx);
  const limit = tourLimit(sub?.plan.code);
  const planName = sub?.plan.name ?? 'Free';
  if (g.themed && !hasCustomStyling(sub?.plan.code))
    throw new AppError(403, 'plan_feature_unavailable', MESSAGES.theme.paidOnly(planName), [
      { path: 'plan', message: limit.plan },
    ]);
  const used = await deps.flows.usageOfBrand(g.brandId, tx, g.before?.id);
  const refuse = (message: string) =>
    new AppError(403, 'plan_limit_reached', message, [{ path: 'plan', message: limit.plan }]);
  if (g.adds && used.tours >= limit.tours)
    throw refuse(MESSAGES.flows.tourLimitReached(limit.tours, planName));
  const total = used.bytes + g.bytes;
  if (total > limit.bytes && g.bytes > (g.before?.bytes ?? 0))
    throw refuse(
      MESSAGES.flows.tourBytesLimitReached(formatBytes(total), formatBytes(limit.bytes), planName),
    );
}

/** Product tours of the owner's brands; another account's flow answers 404. */
export function createFlowsService(deps: {
  flows: FlowsRepository;
  access: BrandAccess;
  /** With both, writes stay within the plan's limits per product (lib/plans.ts TOUR_LIMITS). */
  db?: Db;
  plans?: Pick<PlansRepository, 'subscriptionOf' | 'lockSubscription'>;
  /** Visitors' sessions: an unpublished tour's open sessions end at once. */
  sessions?: FlowSessionsRepository;
  /**
   * A product's published tours may have changed (the runtime's cache reads them again); `saved`
   * is the tour as just saved, its content cleaned here, which the cache keeps as it is.
   */
  onChanged?: (brandId: number, saved?: SavedFlow) => Promise<void>;
  /**
   * The ids of the product's segments, read in `tx` after taking the product's segment lock
   * there (segments.repository.ts `lockIn`): a segment trigger must name one of them
   * (docs/flows.md, "Segment trigger"), and no segment is deleted before the save commits.
   * Without it (or without `db`) segment triggers are not checked.
   */
  segmentIdsOf?: (brandId: number, tx: Db) => Promise<ReadonlySet<number>>;
  /** With it, each published tour of a list page carries its target health (one query a page). */
  health?: Pick<TargetHealthService, 'forFlows'>;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const { flows, access } = deps;
  const owned = async (ownerId: string, id: number) => {
    const row = await flows.find(ownerId, id);
    if (!row) throw notFound(MESSAGES.flows.notFound);
    return row;
  };

  /**
   * Every segment a segment trigger names is a segment of the tour's product; any other id (of
   * another product or account, or none) gets the same 400 at its path, so nothing leaks.
   * Checked in the save's transaction under the product's segment lock, which a segment's delete
   * takes before it looks for tours targeting it: the two run one after the other.
   */
  const checkSegments = async (values: FlowValues, tx: Db) => {
    const paths = segmentTriggerPaths(values.definition);
    if (paths.length === 0 || !deps.segmentIdsOf) return;
    const known = await deps.segmentIdsOf(values.brandId, tx);
    const details = paths
      .filter((p) => !known.has(p.segmentId))
      .map((p) => ({ path: p.path, message: MESSAGES.segments.unknownSegment }));
    if (details.length) throw new AppError(400, 'validation_error', details[0]!.message, details);
  };

  /**
   * Runs `write` if the product keeps within the plan's limits (`checkPlanLimits`) and, given
   * `targets` (the values written), its segment triggers name segments of the product
   * (`checkSegments`). One account's writes wait for each other (its subscription row is locked),
   * so two at once cannot both take the last room. Locks in this order only: the subscription,
   * the product (segments), then the tour's row (the write).
   */
  const withinLimits = <T>(
    ownerId: string,
    g: Growth,
    write: (tx?: Db) => Promise<T>,
    targets?: FlowValues,
  ) => {
    const { db, plans } = deps;
    const segments = !!targets && !!deps.segmentIdsOf;
    if (!db || (!plans && !segments)) return write();
    return db.transaction(async (tx) => {
      if (plans) await plans.lockSubscription(ownerId, tx);
      if (targets) await checkSegments(targets, tx);
      if (plans) await checkPlanLimits({ flows, plans }, ownerId, g, tx);
      return write(tx);
    });
  };

  return {
    async list(ownerId: string, q: ListFlowsQuery) {
      await access.owned(ownerId, q.brand_id);
      const page = numberedPage(q);
      const { rows, total } = await flows.list(q.brand_id, {
        search: q.search?.trim() || undefined,
        status: q.status,
        sort_by: q.sort_by,
        sort_order: q.sort_order,
        offset: page.offset,
        limit: page.limit,
      });
      const health = deps.health ? await deps.health.forFlows(rows) : undefined;
      return page.answer(
        rows.map((f) => ({
          id: f.id,
          brand_id: f.brandId,
          name: f.name,
          status: f.published ? ('published' as const) : ('unpublished' as const),
          step_count: f.definition.steps.length,
          updated_at: f.updatedAt.toISOString(),
          ...(health?.has(f.id) ? { target_health: health.get(f.id)!.status } : {}),
        })),
        total,
      );
    },
    async get(ownerId: string, id: number) {
      return toFlowDto(await owned(ownerId, id));
    },
    async create(ownerId: string, body: FlowBody) {
      await access.owned(ownerId, body.brand_id);
      const values = await toValues(body);
      assertPublishable(values);
      const row = await withinLimits(
        ownerId,
        {
          brandId: values.brandId,
          adds: true,
          bytes: values.definitionBytes,
          themed: !!values.definition.theme_override,
        },
        (tx) => flows.insert({ ...values, publishedAt: values.published ? now() : null }, tx),
        values,
      );
      if (row.published) await deps.onChanged?.(row.brandId, row);
      return toFlowDto(row);
    },
    /**
     * Saves a tour. Publishing stamps `published_at`; unpublishing clears it and ends every open
     * session of the tour at once. Saving a tour that stays published keeps its sessions: they
     * continue on the new version (docs/flows.md, "Runtime decision").
     */
    async update(ownerId: string, id: number, body: FlowBody) {
      const before = await flows.findHead(ownerId, id);
      if (!before) throw notFound(MESSAGES.flows.notFound);
      await access.owned(ownerId, body.brand_id);
      const values = await toValues(body);
      assertPublishable(values);
      const publishedAt = !values.published
        ? null
        : before.published && before.publishedAt
          ? before.publishedAt
          : now();
      const stays = values.brandId === before.brandId;
      const row = await withinLimits(
        ownerId,
        {
          brandId: values.brandId,
          adds: !stays,
          bytes: values.definitionBytes,
          before: stays ? { id, bytes: before.definitionBytes } : undefined,
          themed: !!values.definition.theme_override,
        },
        (tx) => flows.update(ownerId, id, { ...values, publishedAt }, tx, now()),
        values,
      );
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
      const definitionBytes = sizeOf(src.definition, src.layout);
      return toFlowDto(
        await withinLimits(
          ownerId,
          { brandId: src.brandId, adds: true, bytes: definitionBytes },
          (tx) =>
            flows.insert(
              {
                brandId: src.brandId,
                name,
                published: false,
                publishedAt: null,
                definition: src.definition,
                layout: src.layout,
                definitionBytes,
              },
              tx,
            ),
        ),
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
