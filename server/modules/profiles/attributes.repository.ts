import { and, asc, eq } from 'drizzle-orm';
import type { DataType } from '../../../lib/conditions';
import type { Db } from '../../db/client';
import { dataAttributes, metadataAttributes } from '../../db/schema';

export type MetadataAttributeRow = typeof metadataAttributes.$inferSelect;
export type DataAttributeRow = typeof dataAttributes.$inferSelect;

/** Attribute definitions of a brand (metadata and custom data attributes). */
export function createAttributesRepository(db: Db) {
  return {
    listMetadata: (brandId: number) =>
      db
        .select()
        .from(metadataAttributes)
        .where(eq(metadataAttributes.brandId, brandId))
        .orderBy(asc(metadataAttributes.id)),
    async findMetadata(id: number) {
      const [row] = await db.select().from(metadataAttributes).where(eq(metadataAttributes.id, id));
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
      id: number,
      v: { brandId: number; customFieldName: string; name: string; dataType: DataType },
    ) {
      const [row] = await db
        .update(metadataAttributes)
        .set(v)
        .where(eq(metadataAttributes.id, id))
        .returning();
      return row;
    },
    removeMetadata: (id: number) =>
      db.delete(metadataAttributes).where(eq(metadataAttributes.id, id)),

    listData: (brandId: number) =>
      db
        .select()
        .from(dataAttributes)
        .where(eq(dataAttributes.brandId, brandId))
        .orderBy(asc(dataAttributes.id)),
    async findData(id: number) {
      const [row] = await db.select().from(dataAttributes).where(eq(dataAttributes.id, id));
      return row;
    },
    async insertData(v: { brandId: number; fieldName: string; name: string; dataType: DataType }) {
      const [row] = await db.insert(dataAttributes).values(v).returning();
      return row;
    },
    async updateData(
      id: number,
      v: { brandId: number; fieldName: string; name: string; dataType: DataType },
    ) {
      const [row] = await db
        .update(dataAttributes)
        .set(v)
        .where(and(eq(dataAttributes.id, id)))
        .returning();
      return row;
    },
    removeData: (id: number) => db.delete(dataAttributes).where(eq(dataAttributes.id, id)),
  };
}
export type AttributesRepository = ReturnType<typeof createAttributesRepository>;
