import { asc, eq } from 'drizzle-orm';
import type { DataType } from '../../../lib/conditions';
import type { Db } from '../../db/client';
import { ownedById } from '../../db/owned';
import { dataAttributes, metadataAttributes } from '../../db/schema';

export type MetadataAttributeRow = typeof metadataAttributes.$inferSelect;
export type DataAttributeRow = typeof dataAttributes.$inferSelect;

/**
 * Attribute definitions of a brand (metadata and custom data attributes). Lists take a brand id
 * the service has checked; reads, updates and deletes by id filter by the owner themselves.
 */
export function createAttributesRepository(db: Db) {
  const ownedMetadata = (ownerId: string, id: number) =>
    ownedById(db, metadataAttributes, ownerId, id);
  const ownedData = (ownerId: string, id: number) => ownedById(db, dataAttributes, ownerId, id);
  return {
    listMetadata: (brandId: number) =>
      db
        .select()
        .from(metadataAttributes)
        .where(eq(metadataAttributes.brandId, brandId))
        .orderBy(asc(metadataAttributes.id)),
    async findMetadata(ownerId: string, id: number) {
      const [row] = await db.select().from(metadataAttributes).where(ownedMetadata(ownerId, id));
      return row;
    },
    async insertMetadata(v: {
      brandId: number;
      customFieldName: string;
      name: string;
      dataType: DataType;
    }) {
      const [row] = await db.insert(metadataAttributes).values(v).returning();
      return row;
    },
    async updateMetadata(
      ownerId: string,
      id: number,
      v: { brandId: number; customFieldName: string; name: string; dataType: DataType },
    ) {
      const [row] = await db
        .update(metadataAttributes)
        .set(v)
        .where(ownedMetadata(ownerId, id))
        .returning();
      return row;
    },
    removeMetadata: (ownerId: string, id: number) =>
      db.delete(metadataAttributes).where(ownedMetadata(ownerId, id)),

    listData: (brandId: number) =>
      db
        .select()
        .from(dataAttributes)
        .where(eq(dataAttributes.brandId, brandId))
        .orderBy(asc(dataAttributes.id)),
    async findData(ownerId: string, id: number) {
      const [row] = await db.select().from(dataAttributes).where(ownedData(ownerId, id));
      return row;
    },
    async insertData(v: { brandId: number; fieldName: string; name: string; dataType: DataType }) {
      const [row] = await db.insert(dataAttributes).values(v).returning();
      return row;
    },
    async updateData(
      ownerId: string,
      id: number,
      v: { brandId: number; fieldName: string; name: string; dataType: DataType },
    ) {
      const [row] = await db
        .update(dataAttributes)
        .set(v)
        .where(ownedData(ownerId, id))
        .returning();
      return row;
    },
    removeData: (ownerId: string, id: number) =>
      db.delete(dataAttributes).where(ownedData(ownerId, id)),
  };
}
export type AttributesRepository = ReturnType<typeof createAttributesRepository>;
