import { valueFitsDataType } from '../../../lib/conditions';
import {
  PROFILE_MAX_PAGE_OFFSET,
  SYSTEM_DATA_ATTRIBUTES,
  type AttributeOptionGroup,
  type ListProfilesQuery,
  type TimelineQuery,
} from '../../../lib/contracts/customer-profiles';
import { MESSAGES } from '../../../lib/messages';
import type { AnalyticsStore } from '../../analytics/types';
import { AppError, notFound } from '../../errors';
import type { BrandAccess } from '../brands/brand-access';
import { toTrackedEventDto } from '../events/events.service';
import type { AttributesRepository } from './attributes.repository';
import { customerData, type TopicPublisher } from '../webhooks/ingest-topics';
import { traitChanges } from './profile-changes';
import type { AttributeColumn } from './profile-filter';
import { toProfileDto, type ProfilesRepository } from './profiles.repository';

const SYSTEM_COLUMNS: Record<string, AttributeColumn['source']> = {
  email: { kind: 'column', name: 'email' },
  name: { kind: 'column', name: 'name' },
  last_seen: { kind: 'column', name: 'last_seen' },
};

const encodeCursor = (t: Date, m: string) =>
  Buffer.from(JSON.stringify([t.toISOString(), m])).toString('base64url');
/** `k.` + base64url of [lastSeen ms, id, order]: where the next page of a list starts. */
function encodeProfileCursor(row: { lastSeen: Date; id: number }, order: 'asc' | 'desc') {
  return `k.${Buffer.from(JSON.stringify([row.lastSeen.getTime(), row.id, order])).toString('base64url')}`;
}

function decodeProfileCursor(cursor: string, order: 'asc' | 'desc') {
  try {
    const [ms, id, o] = JSON.parse(Buffer.from(cursor.slice(2), 'base64url').toString()) as [
      unknown,
      unknown,
      unknown,
    ];
    if (Number.isSafeInteger(ms) && Number.isSafeInteger(id) && o === order)
      return { lastSeen: new Date(ms as number), id: id as number };
  } catch {
    // fall through
  }
  throw new AppError(400, 'invalid_cursor', MESSAGES.profiles.invalidCursor);
}

function decodeCursor(cursor: string): { timestamp: Date; messageId: string } {
  try {
    const [t, m] = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as [string, string];
    const timestamp = new Date(t);
    if (typeof m !== 'string' || Number.isNaN(+timestamp)) throw new Error('bad');
    return { timestamp, messageId: m };
  } catch {
    throw new AppError(
      400,
      'invalid_cursor',
      'The cursor is not valid. Start from the first page.',
    );
  }
}

/** Customer profiles: list with search and attribute filters, details, timeline, metadata. */
export function createProfilesService(deps: {
  profiles: ProfilesRepository;
  attributes: AttributesRepository;
  access: BrandAccess;
  store: AnalyticsStore;
  /** customer.updated when metadata set through the API changes a profile (docs/webhooks.md). */
  webhooks?: Pick<TopicPublisher, 'send'>;
}) {
  const { profiles, attributes, access, store } = deps;

  /** Where each attribute key of a brand lives and its type; metadata names win over traits. */
  async function columns(brandId: number) {
    const map = new Map<string, AttributeColumn>();
    for (const a of SYSTEM_DATA_ATTRIBUTES)
      map.set(a.field_name, {
        dataType: a.data_type,
        source: SYSTEM_COLUMNS[a.field_name] ?? {
          kind: 'json',
          column: 'data_attributes',
          key: a.field_name,
        },
      });
    for (const a of await attributes.listData(brandId))
      map.set(a.fieldName, {
        dataType: a.dataType,
        source: { kind: 'json', column: 'data_attributes', key: a.fieldName },
      });
    for (const a of await attributes.listMetadata(brandId))
      map.set(a.customFieldName, {
        dataType: a.dataType,
        source: { kind: 'json', column: 'metadata', key: a.customFieldName },
      });
    return map;
  }

  const ownedProfile = async (ownerId: string, id: number) => {
    const row = await profiles.find(ownerId, id);
    if (!row) throw notFound(MESSAGES.profiles.notFound);
    return row;
  };

  return {
    async list(ownerId: string, q: ListProfilesQuery) {
      await access.owned(ownerId, q.brand_id);
      let filter;
      if (q.conditions?.length) {
        const cols = await columns(q.brand_id);
        const conditions = q.conditions.map((condition) => {
          const column = cols.get(condition.customer_key);
          if (!column)
            throw new AppError(
              400,
              'unknown_attribute',
              MESSAGES.profiles.unknownAttribute(condition.customer_key),
            );
          return { column, condition };
        });
        filter = { conditions, operator: q.condition_operator };
      }
      // Keyset paging: the next page starts after the last row of this one, so a deep page costs
      // what the first one does. Page numbers are kept for the first PROFILE_MAX_PAGE_OFFSET rows.
      const after = q.cursor.startsWith('k.') ? decodeProfileCursor(q.cursor, q.sort_order) : null;
      const offset = after ? 0 : (Number(q.cursor) - 1) * q.limit;
      if (offset > PROFILE_MAX_PAGE_OFFSET)
        throw new AppError(400, 'cursor_too_deep', MESSAGES.profiles.cursorTooDeep);
      const { rows, total } = await profiles.list({
        brandId: q.brand_id,
        search: q.search?.trim() || undefined,
        filter,
        sort_order: q.sort_order,
        after: after ?? undefined,
        offset,
        limit: q.limit + 1,
      });
      const page = rows.slice(0, q.limit);
      const last = page[page.length - 1];
      return {
        data: page.map(toProfileDto),
        total,
        nextCursor: rows.length > q.limit && last ? encodeProfileCursor(last, q.sort_order) : null,
      };
    },

    async get(ownerId: string, id: number) {
      return toProfileDto(await ownedProfile(ownerId, id));
    },

    async timeline(ownerId: string, id: number, q: TimelineQuery) {
      const p = await ownedProfile(ownerId, id);
      const rows = await store.query({
        kind: 'timeline',
        brandId: p.brandId,
        userId: p.customerKey,
        anonymousIds: p.anonymousIds,
        limit: q.limit + 1,
        before: q.cursor ? decodeCursor(q.cursor) : undefined,
      });
      const page = rows.slice(0, q.limit);
      const last = page[page.length - 1];
      return {
        data: page.map(toTrackedEventDto),
        nextCursor:
          rows.length > q.limit && last ? encodeCursor(last.timestamp, last.messageId) : null,
      };
    },

    /** Sets metadata values; each key must be a defined metadata attribute of a fitting type. */
    async setMetadata(ownerId: string, id: number, values: Record<string, unknown>) {
      const p = await ownedProfile(ownerId, id);
      const defs = new Map(
        (await attributes.listMetadata(p.brandId)).map((a) => [a.customFieldName, a.dataType]),
      );
      for (const [key, value] of Object.entries(values)) {
        const type = defs.get(key);
        if (!type)
          throw new AppError(400, 'unknown_attribute', MESSAGES.profiles.unknownAttribute(key));
        if (!valueFitsDataType(type, value))
          throw new AppError(400, 'validation_error', `${key} must be a ${type} value.`, [
            { path: `metadata.${key}`, message: `${key} must be a ${type} value.` },
          ]);
      }
      const row = await profiles.setMetadata(ownerId, id, values);
      if (!row) throw notFound(MESSAGES.profiles.notFound);
      const changed = traitChanges(p, row);
      if (changed.length > 0)
        await deps.webhooks?.send(row.brandId, [
          { topic: 'customer.updated', data: customerData(row, changed) },
        ]);
      return toProfileDto(row);
    },

    async attributeOptions(ownerId: string, brandId: number): Promise<AttributeOptionGroup[]> {
      await access.owned(ownerId, brandId);
      const custom = await attributes.listData(brandId);
      const meta = await attributes.listMetadata(brandId);
      return [
        {
          group: 'ATTRIBUTE',
          options: [
            ...SYSTEM_DATA_ATTRIBUTES.map((a) => ({
              label: a.name,
              value: a.field_name,
              data_type: a.data_type,
              extra_data: { system: true },
            })),
            ...custom.map((a) => ({
              label: a.name,
              value: a.fieldName,
              data_type: a.dataType,
              extra_data: { system: false, id: a.id },
            })),
          ],
        },
        {
          group: 'METADATA',
          options: meta.map((a) => ({
            label: a.name,
            value: a.customFieldName,
            data_type: a.dataType,
            extra_data: { id: a.id },
          })),
        },
      ];
    },
  };
}
export type ProfilesService = ReturnType<typeof createProfilesService>;
