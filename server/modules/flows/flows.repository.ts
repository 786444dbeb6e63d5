import { and, asc, count, desc, eq, ilike, ne, or, sql, sum, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { flows, type FlowDefinition } from '../../db/schema';
import type { FlowBody, ListFlowsQuery } from '../../../lib/contracts/flows';
import { containing } from '../../db/like';
import { ownedById } from '../../db/owned';
import { TARGET_HEALTH_WINDOW_MS } from '../../../lib/flows/target-health';

export type FlowRow = typeof flows.$inferSelect;
export interface FlowValues {
  brandId: number;
  name: string;
  published: boolean;
  /** When it was last published; null while unpublished. Left as it is when absent. */
  publishedAt?: Date | null;
  definition: FlowDefinition;
  layout: FlowBody['layout'];
  /** UTF-8 bytes of the definition and layout as JSON (the plan bounds a product's total). */
  definitionBytes: number;
}

/**
 * The stored `flows.target_changed_at` stamps worth keeping after writing `definition` at `at`:
 * those of steps still in the tour and newer than the health window (an older stamp is before
 * every session the health counts, docs/flows.md "Target health"), so the object never grows
 * past the tour's steps.
 */
function keptStamps(definition: FlowDefinition, at: Date) {
  const ids = JSON.stringify(definition.steps.map((s) => s.id));
  const cutoff = new Date(at.getTime() - TARGET_HEALTH_WINDOW_MS).toISOString();
  return sql`coalesce((
    select jsonb_object_agg(c.key, to_jsonb(c.value))
    from jsonb_each_text(coalesce(${flows.targetChangedAt}, '{}'::jsonb)) as c(key, value)
    where c.key in (select jsonb_array_elements_text(${ids}::jsonb))
      and c.value::timestamptz > ${cutoff}::timestamptz
  ), '{}'::jsonb)`;
}

/**
 * `flows.target_changed_at` after writing `definition`: the kept stamps (`keptStamps`), with `at`
 * for every step whose `select_element` is not the stored one (jsonb equality, so key order does
 * not count). In an UPDATE `flows.definition` is the row before the write.
 */
function targetsChanged(definition: FlowDefinition, at: Date) {
  const steps = JSON.stringify(definition.steps);
  return sql`${keptStamps(definition, at)} || coalesce((
    select jsonb_object_agg(n.step->>'id', to_jsonb(${at.toISOString()}::text))
    from jsonb_array_elements(${steps}::jsonb) as n(step)
    where n.step->>'id' is not null
      and (n.step->'select_element') is distinct from (
        select o.step->'select_element'
        from jsonb_array_elements(${flows.definition}->'steps') as o(step)
        where o.step->>'id' = n.step->>'id'
        limit 1
      )
  ), '{}'::jsonb)`;
}

/**
 * Flows. Lists take brand ids already checked against the session's owner; reads and writes by
 * id filter by the owner themselves, so another account's flow is never touched.
 */
export function createFlowsRepository(db: Db) {
  const ownedBy = (ownerId: string, id: number) => ownedById(db, flows, ownerId, id);
  return {
    async list(
      brandId: number,
      q: Pick<ListFlowsQuery, 'search' | 'status' | 'sort_by' | 'sort_order'> & {
        offset: number;
        limit: number;
      },
    ) {
      const parts: SQL[] = [eq(flows.brandId, brandId)];
      if (q.search) parts.push(ilike(flows.name, containing(q.search)));
      if (q.status !== undefined) parts.push(eq(flows.published, q.status === 'published'));
      const where = and(...parts);
      const dir = q.sort_order === 'asc' ? asc : desc;
      const key = q.sort_by === 'name' ? sql`lower(${flows.name})` : flows.updatedAt;
      const rows = await db
        .select()
        .from(flows)
        .where(where)
        .orderBy(dir(key), dir(flows.id))
        .offset(q.offset)
        .limit(q.limit);
      const [{ n }] = await db.select({ n: count() }).from(flows).where(where);
      return { rows, total: n };
    },
    /** The flow, if it belongs to one of the owner's brands. */
    async find(ownerId: string, id: number) {
      const [row] = await db.select().from(flows).where(ownedBy(ownerId, id));
      return row;
    },
    /** What a save needs of the stored flow, without its definition (no large JSON read). */
    async findHead(ownerId: string, id: number) {
      const rows = await db
        .select({
          id: flows.id,
          brandId: flows.brandId,
          published: flows.published,
          publishedAt: flows.publishedAt,
          definitionBytes: flows.definitionBytes,
        })
        .from(flows)
        .where(ownedBy(ownerId, id));
      return rows.at(0);
    },
    /**
     * A product's published tours without their definitions, for the runtime's cache
     * (runtime/published-flows.ts): it reads the definition of a tour only when its `updated_at`
     * changed.
     */
    async listPublished(brandId: number) {
      return db
        .select({
          id: flows.id,
          name: flows.name,
          publishedAt: flows.publishedAt,
          updatedAt: flows.updatedAt,
        })
        .from(flows)
        .where(and(eq(flows.brandId, brandId), eq(flows.published, true)));
    },
    /** One published tour of the product with its definition; undefined when not published. */
    async publishedDefinition(brandId: number, id: number) {
      const rows = await db
        .select({
          id: flows.id,
          name: flows.name,
          definition: flows.definition,
          publishedAt: flows.publishedAt,
          updatedAt: flows.updatedAt,
        })
        .from(flows)
        .where(and(eq(flows.id, id), eq(flows.brandId, brandId), eq(flows.published, true)));
      return rows.at(0);
    },
    /**
     * The name of a published tour of the product whose segment trigger names the segment, if
     * one does: deleting the segment is refused naming it (docs/segments.md, "Targeting tours").
     * `tx`: the delete's transaction, which holds the product's lock.
     */
    async tourTargeting(
      brandId: number,
      segmentId: number,
      tx: Db = db,
    ): Promise<string | undefined> {
      const targets = JSON.stringify({
        condition: {
          trigger_conditions: [
            { trigger_type: 'segment', conditions: [{ segment_id: segmentId }] },
          ],
        },
      });
      const [row] = await tx
        .select({ name: flows.name })
        .from(flows)
        .where(
          and(
            eq(flows.brandId, brandId),
            eq(flows.published, true),
            sql`${flows.definition} @> ${targets}::jsonb`,
          ),
        )
        .orderBy(asc(flows.id))
        .limit(1);
      return row?.name;
    },
    /**
     * The published tours of the product whose segment trigger names any of `segmentIds`, by id:
     * a save of a segment they read answers how many members it gains and loses (docs/segments.md,
     * "API").
     */
    async toursTargeting(
      brandId: number,
      segmentIds: readonly number[],
    ): Promise<{ id: number; name: string }[]> {
      if (segmentIds.length === 0) return [];
      const targets = segmentIds.map(
        (segmentId) =>
          sql`${flows.definition} @> ${JSON.stringify({
            condition: {
              trigger_conditions: [
                { trigger_type: 'segment', conditions: [{ segment_id: segmentId }] },
              ],
            },
          })}::jsonb`,
      );
      return db
        .select({ id: flows.id, name: flows.name })
        .from(flows)
        .where(and(eq(flows.brandId, brandId), eq(flows.published, true), or(...targets)))
        .orderBy(asc(flows.id));
    },
    /**
     * How many tours the product holds and their bytes (the plan bounds both), leaving out
     * `except` (the tour being saved).
     */
    async usageOfBrand(brandId: number, tx: Db = db, except?: number) {
      const where =
        except === undefined
          ? eq(flows.brandId, brandId)
          : and(eq(flows.brandId, brandId), ne(flows.id, except));
      const [row] = await tx
        .select({ tours: count(), bytes: sum(flows.definitionBytes) })
        .from(flows)
        .where(where);
      return { tours: row?.tours ?? 0, bytes: Number(row?.bytes ?? 0) };
    },
    async insert(v: FlowValues, tx: Db = db) {
      const [row] = await tx.insert(flows).values(v).returning();
      return row;
    },
    /**
     * Undefined when no flow of the owner has this id. `at` (flows.service passes its clock) is the
     * new `updated_at` and stamps `target_changed_at` of each step whose `select_element` differs
     * from the stored one (compared in the same statement; `targetsChanged`).
     */
    async update(ownerId: string, id: number, v: FlowValues, tx: Db = db, at = new Date()) {
      const [row] = await tx
        .update(flows)
        .set({ ...v, updatedAt: at, targetChangedAt: targetsChanged(v.definition, at) })
        .where(ownedBy(ownerId, id))
        .returning();
      return row;
    },
    /**
     * Sets one step's `select_element` in the tour as stored now, leaving the rest of it as the
     * last save left it (docs/builder.md, "Save"): in one transaction the row is locked, `check`
     * sees the new definition (it may refuse by throwing, and answers its size in bytes), and
     * only then is the row written, with the step's `target_changed_at` stamped `at`. `first`
     * runs before the row is locked (locks that other writers take before the row's). Undefined
     * when the owner has no such tour in `brandId`, or it has no such step.
     */
    async setStepTarget(
      ownerId: string,
      id: number,
      target: {
        brandId: number;
        stepId: string;
        selectElement: NonNullable<FlowDefinition['steps'][number]['select_element']>;
        at: Date;
      },
      hooks: {
        first?: (tx: Db) => Promise<void>;
        check: (row: FlowRow, definition: FlowDefinition, tx: Db) => Promise<number> | number;
      },
    ) {
      return db.transaction(async (tx) => {
        await hooks.first?.(tx);
        const [row] = await tx.select().from(flows).where(ownedBy(ownerId, id)).for('update');
        if (!row || row.brandId !== target.brandId) return undefined;
        if (!row.definition.steps.some((s) => s.id === target.stepId)) return undefined;
        const definition: FlowDefinition = {
          ...row.definition,
          steps: row.definition.steps.map((s) =>
            s.id === target.stepId ? { ...s, select_element: target.selectElement } : s,
          ),
        };
        const definitionBytes = await hooks.check(row, definition, tx);
        const [saved] = await tx
          .update(flows)
          .set({
            definition,
            definitionBytes,
            updatedAt: target.at,
            targetChangedAt: sql`${keptStamps(definition, target.at)} || jsonb_build_object(${target.stepId}::text, ${target.at.toISOString()}::text)`,
          })
          .where(eq(flows.id, row.id))
          .returning();
        return saved;
      });
    },
    async remove(ownerId: string, id: number) {
      await db.delete(flows).where(ownedBy(ownerId, id));
    },
  };
}
export type FlowsRepository = ReturnType<typeof createFlowsRepository>;

export function toFlowDto(f: FlowRow) {
  return {
    id: f.id,
    brand_id: f.brandId,
    name: f.name,
    publish: f.published,
    status: f.published ? ('published' as const) : ('unpublished' as const),
    ...f.definition,
    layout: f.layout,
    created_at: f.createdAt.toISOString(),
    updated_at: f.updatedAt.toISOString(),
  };
}
