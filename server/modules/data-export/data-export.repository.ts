import { and, asc, eq, gt, gte, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customerProfiles } from '../../db/schema';
import type { ProfileRow } from '../profiles/profiles.repository';

/** The export's reads of the OLTP database (docs/data-export.md). */
export function createDataExportRepository(db: Db) {
  return {
    /**
     * A page of a product's customer profiles after profile id `after`, in id order, last seen in
     * [from, to) when given (the brand's (brand_id, id) index walks it).
     */
    async profilesAfter(
      brandId: number,
      after: number,
      limit: number,
      window: { from?: Date; to?: Date },
    ): Promise<ProfileRow[]> {
      const where: SQL[] = [eq(customerProfiles.brandId, brandId), gt(customerProfiles.id, after)];
      if (window.from) where.push(gte(customerProfiles.lastSeen, window.from));
      if (window.to) where.push(lt(customerProfiles.lastSeen, window.to));
      return db
        .select()
        .from(customerProfiles)
        .where(and(...where))
        .orderBy(asc(customerProfiles.id))
        .limit(limit);
    },
  };
}
export type DataExportRepository = ReturnType<typeof createDataExportRepository>;
