import { and, arrayContains, count, desc, eq, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ownedById } from '../../db/owned';
import { brands, plans, users, webhookDeliveries, webhookEndpoints } from '../../db/schema';

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type NewWebhookEndpoint = Pick<
  typeof webhookEndpoints.$inferInsert,
  'brandId' | 'url' | 'topics' | 'enabled' | 'secret'
>;
export type NewWebhookDelivery = Pick<
  typeof webhookDeliveries.$inferInsert,
  'endpointId' | 'messageId' | 'topic' | 'payload' | 'nextAttemptAt'
>;
/** What one attempt leaves on its delivery. */
export type AttemptRecord = Pick<
  typeof webhookDeliveries.$inferInsert,
  'status' | 'step' | 'lastStatusCode' | 'lastResponse' | 'nextAttemptAt'
>;

/** The database side of outbound webhooks (docs/webhooks.md). */
export function createWebhooksRepository(db: Db) {
  const ownedEndpoint = (ownerId: string, id: number) =>
    ownedById(db, webhookEndpoints, ownerId, id);
  return {
    async insert(row: NewWebhookEndpoint): Promise<WebhookEndpointRow> {
      const [made] = await db.insert(webhookEndpoints).values(row).returning();
      return made!;
    },

    /** The endpoints of the owner's products (or of one of them), oldest first. */
    async list(ownerId: string, brandId?: number) {
      return db
        .select({ endpoint: webhookEndpoints })
        .from(webhookEndpoints)
        .innerJoin(brands, eq(brands.id, webhookEndpoints.brandId))
        .where(
          and(
            eq(brands.ownerId, ownerId),
            brandId === undefined ? undefined : eq(webhookEndpoints.brandId, brandId),
          ),
        )
        .orderBy(webhookEndpoints.id)
        .then((rows) => rows.map((r) => r.endpoint));
    },

    async findOwned(ownerId: string, id: number): Promise<WebhookEndpointRow | null> {
      const [row] = await db.select().from(webhookEndpoints).where(ownedEndpoint(ownerId, id));
      return row ?? null;
    },

    async find(id: number): Promise<WebhookEndpointRow | null> {
      const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
      return row ?? null;
    },

    async updateOwned(
      ownerId: string,
      id: number,
      set: Partial<typeof webhookEndpoints.$inferInsert>,
    ): Promise<WebhookEndpointRow | null> {
      const [row] = await db
        .update(webhookEndpoints)
        .set({ ...set, updatedAt: sql`now()` })
        .where(ownedEndpoint(ownerId, id))
        .returning();
      return row ?? null;
    },

    async deleteOwned(ownerId: string, id: number) {
      const removed = await db
        .delete(webhookEndpoints)
        .where(ownedEndpoint(ownerId, id))
        .returning({ id: webhookEndpoints.id });
      return removed.length > 0;
    },

    /** A product's enabled endpoints and their topics (the subscription cache's read). */
    async enabledOf(brandId: number) {
      return db
        .select({
          id: webhookEndpoints.id,
          ownerId: brands.ownerId,
          topics: webhookEndpoints.topics,
        })
        .from(webhookEndpoints)
        .innerJoin(brands, eq(brands.id, webhookEndpoints.brandId))
        .where(and(eq(webhookEndpoints.brandId, brandId), eq(webhookEndpoints.enabled, true)));
    },

    /** The enabled endpoints subscribed to `topic` of every product of an account. */
    async subscribedOfOwner(ownerId: string, topic: string, tx: Db = db) {
      return tx
        .select({
          id: webhookEndpoints.id,
          brandId: webhookEndpoints.brandId,
          topics: webhookEndpoints.topics,
        })
        .from(webhookEndpoints)
        .innerJoin(brands, eq(brands.id, webhookEndpoints.brandId))
        .where(
          and(
            eq(brands.ownerId, ownerId),
            eq(webhookEndpoints.enabled, true),
            arrayContains(webhookEndpoints.topics, [topic]),
          ),
        )
        .orderBy(webhookEndpoints.id);
    },

    /** Codes and names of plans by id (subscription.updated's payload). */
    async plansByIds(ids: number[], tx: Db = db) {
      if (ids.length === 0) return [];
      return tx
        .select({ id: plans.id, code: plans.code, name: plans.name })
        .from(plans)
        .where(inArray(plans.id, ids));
    },

    async insertDeliveries(tx: Db, rows: NewWebhookDelivery[]): Promise<WebhookDeliveryRow[]> {
      if (rows.length === 0) return [];
      return tx.insert(webhookDeliveries).values(rows).returning();
    },

    async findDelivery(endpointId: number, id: number): Promise<WebhookDeliveryRow | null> {
      const [row] = await db
        .select()
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.endpointId, endpointId)));
      return row ?? null;
    },

    /**
     * Takes the attempt a job was enqueued for and counts it: the delivery is pending and still
     * waits for the attempt planned at `plannedAt` (a resend or a newer plan makes older jobs
     * stale). The plan stays until the attempt is recorded, so a run lost with its node is run
     * again by the queue: at least once, and receivers de-duplicate by the message id.
     */
    async takeAttempt(id: number, plannedAt: Date) {
      const [row] = await db
        .update(webhookDeliveries)
        .set({ attempts: sql`${webhookDeliveries.attempts} + 1` })
        .where(
          and(
            eq(webhookDeliveries.id, id),
            eq(webhookDeliveries.status, 'pending'),
            eq(webhookDeliveries.nextAttemptAt, plannedAt),
          ),
        )
        .returning();
      return row ?? null;
    },

    async recordAttempt(id: number, set: AttemptRecord, tx: Db = db) {
      await tx.update(webhookDeliveries).set(set).where(eq(webhookDeliveries.id, id));
    },

    /** A new attempt series of the same message (Resend): pending again from the first step. */
    async restart(id: number, plannedAt: Date, tx: Db = db) {
      const [row] = await tx
        .update(webhookDeliveries)
        .set({ status: 'pending', step: 0, nextAttemptAt: plannedAt })
        .where(eq(webhookDeliveries.id, id))
        .returning();
      return row ?? null;
    },

    /** An endpoint's log, newest first, after delivery id `before`, with the total. */
    async deliveries(endpointId: number, limit: number, before?: number) {
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(webhookDeliveries)
          .where(
            and(
              eq(webhookDeliveries.endpointId, endpointId),
              before === undefined ? undefined : lt(webhookDeliveries.id, before),
            ),
          )
          .orderBy(desc(webhookDeliveries.id))
          .limit(limit),
        db
          .select({ n: count() })
          .from(webhookDeliveries)
          .where(eq(webhookDeliveries.endpointId, endpointId)),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** A success: the endpoint is not failing any more. */
    async succeeded(endpointId: number) {
      await db
        .update(webhookEndpoints)
        .set({ failingSince: null })
        .where(eq(webhookEndpoints.id, endpointId));
    },

    /** A failure: the endpoint fails since `at` unless it already did; answers since when. */
    async failing(endpointId: number, at: Date): Promise<Date | null> {
      await db
        .update(webhookEndpoints)
        .set({ failingSince: at })
        .where(and(eq(webhookEndpoints.id, endpointId), isNull(webhookEndpoints.failingSince)));
      const [row] = await db
        .select({ since: webhookEndpoints.failingSince })
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.id, endpointId));
      return row?.since ?? null;
    },

    /** Disables an enabled endpoint; true when this call did (one e-mail for one disabling). */
    async disable(endpointId: number, reason: string) {
      const done = await db
        .update(webhookEndpoints)
        .set({ enabled: false, disabledReason: reason, updatedAt: sql`now()` })
        .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.enabled, true)))
        .returning({ id: webhookEndpoints.id });
      return done.length > 0;
    },

    /** The owner of a product and the product's name (the e-mail of a disabled endpoint). */
    async ownerOf(brandId: number) {
      const [row] = await db
        .select({ email: users.email, name: users.name, brandName: brands.name })
        .from(brands)
        .innerJoin(users, eq(users.id, brands.ownerId))
        .where(eq(brands.id, brandId));
      return row ?? null;
    },

    /**
     * The messages of a product naming one customer go, pending ones included (their jobs find
     * nothing to send): `data.customer_id` (customer.*, segment.*) or `data.user_id` (event.<code>,
     * flow.*) is the customer's key, or the message is anonymous (`user_id` null) with one of
     * their anonymous ids. customer.deleted names nobody and stays. One statement scoped to the
     * product's endpoints (the endpoint index); the payloads are not indexed, so the product's log
     * is scanned (docs/data-rights.md, "Erasure"). Answers how many went.
     */
    async deleteCustomerMessages(brandId: number, customerKey: string, anonymousIds: string[]) {
      const data = sql`(${webhookDeliveries.payload}::jsonb -> 'data')`;
      const anonymous = anonymousIds.length
        ? sql` or (${data} ->> 'user_id' is null and ${data} ->> 'anonymous_id' in (${sql.join(
            anonymousIds.map((id) => sql`${id}`),
            sql`, `,
          )}))`
        : sql``;
      const gone = await db
        .delete(webhookDeliveries)
        .where(
          and(
            inArray(
              webhookDeliveries.endpointId,
              db
                .select({ id: webhookEndpoints.id })
                .from(webhookEndpoints)
                .where(eq(webhookEndpoints.brandId, brandId)),
            ),
            ne(webhookDeliveries.topic, 'customer.deleted'),
            sql`(${data} ->> 'customer_id' = ${customerKey} or ${data} ->> 'user_id' = ${customerKey}${anonymous})`,
          ),
        )
        .returning({ id: webhookDeliveries.id });
      return gone.length;
    },

    /** Messages older than `before` go (docs/webhooks.md: kept 30 days); answers how many. */
    async purge(before: Date) {
      const gone = await db
        .delete(webhookDeliveries)
        .where(
          and(
            lt(webhookDeliveries.createdAt, before),
            inArray(webhookDeliveries.status, ['succeeded', 'failed']),
          ),
        )
        .returning({ id: webhookDeliveries.id });
      return gone.length;
    },
  };
}
export type WebhooksRepository = ReturnType<typeof createWebhooksRepository>;
