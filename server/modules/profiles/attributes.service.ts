import type { DataType } from '../../../lib/conditions';
import { SYSTEM_DATA_ATTRIBUTES } from '../../../lib/contracts/customer-profiles';
import { MESSAGES } from '../../../lib/messages';
import { AppError, notFound, withUniqueConflict } from '../../errors';
import type { BrandAccess } from '../brands/brand-access';
import type {
  AttributesRepository,
  DataAttributeRow,
  MetadataAttributeRow,
} from './attributes.repository';

const fieldTaken = (path: string) =>
  new AppError(409, 'field_taken', MESSAGES.profiles.fieldTaken, [
    { path, message: MESSAGES.profiles.fieldTaken },
  ]);
const SYSTEM_NAMES = new Set(SYSTEM_DATA_ATTRIBUTES.map((a) => a.field_name));

const metadataDto = (a: MetadataAttributeRow) => ({
  id: a.id,
  brand_id: a.brandId,
  custom_field_name: a.customFieldName,
  name: a.name,
  data_type: a.dataType,
  created_at: a.createdAt.toISOString(),
});
const dataDto = (a: DataAttributeRow) => ({
  id: a.id,
  field_name: a.fieldName,
  name: a.name,
  data_type: a.dataType,
  system: false,
});

interface MetadataBody {
  brand_id: number;
  custom_field_name: string;
  name: string;
  data_type: DataType;
}
interface DataBody {
  brand_id: number;
  field_name: string;
  name: string;
  data_type: DataType;
}
/** The bodies as the repository stores them. */
const metadataRecord = (b: MetadataBody) => ({
  brandId: b.brand_id,
  customFieldName: b.custom_field_name,
  name: b.name,
  dataType: b.data_type,
});
const dataRecord = (b: DataBody) => ({
  brandId: b.brand_id,
  fieldName: b.field_name,
  name: b.name,
  dataType: b.data_type,
});

/** Metadata and custom data attribute definitions of the owner's brands. */
export function createAttributesService(deps: {
  attributes: AttributesRepository;
  access: BrandAccess;
}) {
  const { attributes, access } = deps;
  const ownedMetadata = async (ownerId: string, id: number) => {
    const row = await attributes.findMetadata(ownerId, id);
    if (!row) throw notFound(MESSAGES.http.notFound);
    return row;
  };
  const ownedData = async (ownerId: string, id: number) => {
    const row = await attributes.findData(ownerId, id);
    if (!row) throw notFound(MESSAGES.http.notFound);
    return row;
  };
  const guard = <T>(path: string, fn: () => Promise<T>) =>
    withUniqueConflict(fn, () => fieldTaken(path));
  const noSystemName = (name: string) => {
    if (SYSTEM_NAMES.has(name)) throw fieldTaken('field_name');
  };

  return {
    async listMetadata(ownerId: string, brandId: number) {
      await access.owned(ownerId, brandId);
      return (await attributes.listMetadata(brandId)).map(metadataDto);
    },
    async createMetadata(ownerId: string, b: MetadataBody) {
      await access.owned(ownerId, b.brand_id);
      return metadataDto(
        await guard('custom_field_name', () => attributes.insertMetadata(metadataRecord(b))),
      );
    },
    async updateMetadata(ownerId: string, id: number, b: MetadataBody) {
      await ownedMetadata(ownerId, id);
      await access.owned(ownerId, b.brand_id);
      const row = await guard('custom_field_name', () =>
        attributes.updateMetadata(ownerId, id, metadataRecord(b)),
      );
      if (!row) throw notFound(MESSAGES.http.notFound);
      return metadataDto(row);
    },
    async removeMetadata(ownerId: string, id: number) {
      await ownedMetadata(ownerId, id);
      await attributes.removeMetadata(ownerId, id);
      return { message: MESSAGES.profiles.metadataDeleted };
    },

    async listData(ownerId: string, brandId: number) {
      await access.owned(ownerId, brandId);
      return [
        ...SYSTEM_DATA_ATTRIBUTES.map((a) => ({ id: null, ...a, system: true })),
        ...(await attributes.listData(brandId)).map(dataDto),
      ];
    },
    async createData(ownerId: string, b: DataBody) {
      await access.owned(ownerId, b.brand_id);
      noSystemName(b.field_name);
      return dataDto(await guard('field_name', () => attributes.insertData(dataRecord(b))));
    },
    async updateData(ownerId: string, id: number, b: DataBody) {
      await ownedData(ownerId, id);
      await access.owned(ownerId, b.brand_id);
      noSystemName(b.field_name);
      const row = await guard('field_name', () =>
        attributes.updateData(ownerId, id, dataRecord(b)),
      );
      if (!row) throw notFound(MESSAGES.http.notFound);
      return dataDto(row);
    },
    async removeData(ownerId: string, id: number) {
      await ownedData(ownerId, id);
      await attributes.removeData(ownerId, id);
      return { message: MESSAGES.profiles.attributeDeleted };
    },
  };
}
export type AttributesService = ReturnType<typeof createAttributesService>;
