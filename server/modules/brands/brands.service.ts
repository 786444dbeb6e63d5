import { randomBytes } from 'node:crypto';
import { MESSAGES } from '../../../lib/messages';
import type { BrandBody } from '../../../lib/contracts/brands';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../errors';
import type { PlansRepository } from '../plans/plans.repository';
import { toBrandDto, type BrandsRepository } from './brands.repository';

/** Public write keys ship in the customer's snippet, so they are stored as they are. */
const newWriteKey = () => `wk_${randomBytes(18).toString('base64url')}`;

export function createBrandsService(deps: {
  db: Db;
  brands: BrandsRepository;
  plans: PlansRepository;
  /** Called when write keys stop working (rotation, deletion) so key caches forget them. */
  onKeysChanged?: () => void;
  /** A product was deleted: its events in the analytics store are purged by a job. */
  purgeEvents?: (brandId: number, ownerId: string) => Promise<unknown>;
}) {
  const { db, brands, plans } = deps;
  const mustFind = async <T>(row: T | undefined) => {
    if (!row) throw notFound(MESSAGES.brands.notFound);
    return row;
  };
  return {
    async list(ownerId: string, page: { offset: number; limit: number }) {
      const { rows, total } = await brands.list(ownerId, page);
      return { data: rows.map(toBrandDto), total };
    },
    count: (ownerId: string) => brands.count(ownerId),
    async get(ownerId: string, id: number) {
      return toBrandDto(await mustFind(await brands.find(ownerId, id)));
    },
    /** Creates within the plan's product_limit (0 = unlimited); concurrent creates serialise. */
    async create(ownerId: string, body: BrandBody) {
      const row = await db.transaction(async (tx) => {
        await plans.lockSubscription(ownerId, tx);
        const sub = await plans.subscriptionOf(ownerId, tx);
        const limit = sub?.plan.productLimit ?? 1;
        if (limit > 0 && (await brands.count(ownerId, tx)) >= limit) {
          throw new AppError(403, 'plan_limit_reached', MESSAGES.brands.limitReached(limit), [
            { path: 'plan', message: sub?.plan.code ?? 'free' },
          ]);
        }
        return brands.insert(
          {
            ownerId,
            name: body.name,
            domain: body.domain,
            writeKey: newWriteKey(),
            timeZone: body.time_zone,
          },
          tx,
        );
      });
      return toBrandDto(row);
    },
    async update(ownerId: string, id: number, body: BrandBody) {
      const row = await mustFind(
        await brands.update(ownerId, id, {
          name: body.name,
          domain: body.domain,
          ...(body.time_zone === undefined ? {} : { timeZone: body.time_zone }),
        }),
      );
      // The domain decides which origins may send events.
      deps.onKeysChanged?.();
      return toBrandDto(row);
    },
    async remove(ownerId: string, id: number) {
      const row = await mustFind(await brands.remove(ownerId, id));
      deps.onKeysChanged?.();
      // After the delete: a purge must never run for a product that is still there.
      await deps.purgeEvents?.(id, ownerId);
      return row;
    },
    async rotateKey(ownerId: string, id: number) {
      const row = await mustFind(await brands.update(ownerId, id, { writeKey: newWriteKey() }));
      deps.onKeysChanged?.();
      return toBrandDto(row);
    },
  };
}
export type BrandsService = ReturnType<typeof createBrandsService>;
