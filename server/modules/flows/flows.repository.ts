import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { flows, type FlowDefinition } from '../../db/schema';
import type { FlowBody } from '../../../lib/contracts/flows';

export type FlowRow = typeof flows.$inferSelect;
export interface FlowValues {
  brandId: number;
  name: string;
  published: boolean;
  definition: FlowDefinition;
  layout: FlowBody['layout'];
}

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Flows. Callers pass brand ids already checked against the session's owner. */
export function createFlowsRepository(db: Db) {
  return {
    async list(brandId: number, q: { search?: string; offset: number; limit: number }) {
      const parts: SQL[] = [eq(flows.brandId, brandId)];
      if (q.search) parts.push(ilike(flows.name, `%${escapeLike(q.search)}%`));
      const where = and(...parts);
      const rows = await db
        .select()
        .from(flows)
        .where(where)
        .orderBy(desc(flows.updatedAt), desc(flows.id))
        .offset(q.offset)
        .limit(q.limit);
      const [{ n }] = await db.select({ n: count() }).from(flows).where(where);
      return { rows, total: n };
    },
    async find(id: number) {
      const [row] = await db.select().from(flows).where(eq(flows.id, id));
      return row;
    },
    async insert(v: FlowValues) {
      const [row] = await db.insert(flows).values(v).returning();
      return row;
    },
    async update(id: number, v: FlowValues) {
      const [row] = await db
        .update(flows)
        .set({ ...v, updatedAt: new Date() })
        .where(eq(flows.id, id))
        .returning();
      return row;
    },
    async remove(id: number) {
      await db.delete(flows).where(eq(flows.id, id));
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
