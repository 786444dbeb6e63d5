import { http, type HttpHandler } from 'msw';
import {
  CONDITION_TYPES,
  FILTER_OPERATORS,
  evaluateCondition,
  valueFitsDataType,
  type AttributeCondition,
  type DataType,
} from '@/lib/conditions';
import { idParam } from '@/lib/contracts/common';
import {
  SYSTEM_DATA_ATTRIBUTES,
  attributeOptionsQuery,
  dataAttributeBody,
  listProfilesQuery,
  metadataAttributeBody,
  profileMetadataBody,
  timelineQuery,
  type AttributeOptionGroup,
  type CustomerProfile,
  type DataAttribute,
  type MetadataAttribute,
  type ProfileList,
} from '@/lib/contracts/customer-profiles';
import type { TrackedEvent } from '@/lib/contracts/events';
import { eraseBodySchema, erasureListQuerySchema, type Erasure } from '@/lib/contracts/erasure';
import { MESSAGES } from '@/lib/messages';
import { db, type MockBrand, type MockUser } from './db';
import { apiError, body, currentUser, ok, unauthorized, validate } from './utils';

/** Custom data attributes carry their brand in the mock store (the API keeps it in a column). */
type StoredDataAttribute = DataAttribute & { brand_id: number };

const notFound = (message: string = MESSAGES.http.notFound) => apiError(404, 'not_found', message);
const fieldTaken = (path: string) =>
  apiError(409, 'field_taken', MESSAGES.profiles.fieldTaken, [
    { path, message: MESSAGES.profiles.fieldTaken },
  ]);
const query = (request: Request) => Object.fromEntries(new URL(request.url).searchParams);
const ownsBrand = (user: MockUser, brandId: number) =>
  db.brands.some((b) => b.id === brandId && b.owner_id === user.id);
const storedDataAttributes = () => db.dataAttributes as StoredDataAttribute[];
const now = () => new Date().toISOString();

// ---- store helpers (also used by the component tests) -------------------------------------------

/** Adds a customer profile to the mock store. */
export function addProfile(
  brandId: number,
  input: Partial<Omit<CustomerProfile, 'id' | 'brand_id'>> = {},
): CustomerProfile {
  db.seq.profile += 1;
  const seen = input.last_seen ?? now();
  const profile: CustomerProfile = {
    id: db.seq.profile,
    brand_id: brandId,
    customer_key: input.customer_key ?? `user_${db.seq.profile}`,
    anonymous_ids: input.anonymous_ids ?? [],
    email: input.email ?? null,
    name: input.name ?? null,
    data_attributes: input.data_attributes ?? {},
    metadata: input.metadata ?? {},
    first_seen: input.first_seen ?? seen,
    last_seen: seen,
  };
  db.profiles.push(profile);
  return profile;
}

/** Adds a tracked event of a customer (the profile's timeline reads these). */
export function addTrackedEvent(
  profile: CustomerProfile,
  input: Partial<TrackedEvent> & { event: string },
): TrackedEvent {
  const timestamp = input.timestamp ?? now();
  const event: TrackedEvent = {
    message_id: input.message_id ?? `msg_${db.trackedEvents.length + 1}_${Date.parse(timestamp)}`,
    type: input.type ?? 'track',
    event: input.event,
    user_id: input.user_id ?? profile.customer_key,
    anonymous_id: input.anonymous_id ?? profile.anonymous_ids[0] ?? null,
    customer_key: input.customer_key ?? profile.customer_key,
    timestamp,
    received_at: input.received_at ?? timestamp,
    properties: input.properties ?? {},
    context: input.context ?? {},
    url: input.url ?? null,
    path: input.path ?? null,
    browser: input.browser ?? null,
    os: input.os ?? null,
    device: input.device ?? null,
    country: input.country ?? null,
  };
  db.trackedEvents.push(event);
  return event;
}

export function addMetadataAttribute(
  brandId: number,
  input: Pick<MetadataAttribute, 'custom_field_name' | 'name' | 'data_type'>,
): MetadataAttribute {
  db.seq.attribute += 1;
  const attribute: MetadataAttribute = {
    id: db.seq.attribute,
    brand_id: brandId,
    ...input,
    created_at: now(),
  };
  db.metadataAttributes.push(attribute);
  return attribute;
}

export function addDataAttribute(
  brandId: number,
  input: Pick<DataAttribute, 'field_name' | 'name' | 'data_type'>,
): DataAttribute {
  db.seq.attribute += 1;
  const attribute: StoredDataAttribute = {
    id: db.seq.attribute,
    brand_id: brandId,
    ...input,
    system: false,
  };
  db.dataAttributes.push(attribute);
  return publicDataAttribute(attribute);
}

function publicDataAttribute(a: StoredDataAttribute): DataAttribute {
  const { brand_id: _brand, ...rest } = a;
  return rest;
}

const SYSTEM_ATTRIBUTES: DataAttribute[] = SYSTEM_DATA_ATTRIBUTES.map((a) => ({
  ...a,
  id: null,
  system: true,
}));

const brandDataAttributes = (brandId: number): DataAttribute[] => [
  ...SYSTEM_ATTRIBUTES,
  ...storedDataAttributes()
    .filter((a) => a.brand_id === brandId)
    .map(publicDataAttribute),
];
const brandMetadataAttributes = (brandId: number) =>
  db.metadataAttributes.filter((a) => a.brand_id === brandId);

// ---- demo data for `npm run dev:mock` -----------------------------------------------------------

const FIRST = ['Ada', 'Alan', 'Grace', 'Linus', 'Margaret', 'Tim', 'Barbara', 'Ken', 'Radia'];
const LAST = ['Lovelace', 'Turing', 'Hopper', 'Torvalds', 'Hamilton', 'Berners-Lee', 'Liskov'];
const COUNTRIES = ['US', 'GB', 'DE', 'VN', 'JP', 'BR'];
const BROWSERS = ['Chrome', 'Firefox', 'Safari', 'Edge'];
const PLANS = ['free', 'starter', 'growth'];
const DAY_MS = 86_400_000;

/** A few dozen customers with events, made the first time a brand's list is read in dev:mock. */
export function seedDemoProfiles(brandId: number, count = 45): void {
  if (brandMetadataAttributes(brandId).length === 0) {
    addMetadataAttribute(brandId, { custom_field_name: 'plan', name: 'Plan', data_type: 'string' });
    addMetadataAttribute(brandId, {
      custom_field_name: 'seats',
      name: 'Seats',
      data_type: 'number',
    });
  }
  const start = Date.now();
  for (let i = 0; i < count; i += 1) {
    const first = FIRST[i % FIRST.length];
    const last = LAST[i % LAST.length];
    const lastSeen = new Date(start - i * 7 * 3_600_000).toISOString();
    const profile = addProfile(brandId, {
      customer_key: `cus_${1000 + i}`,
      anonymous_ids: [`anon_${(i * 7919).toString(36)}`],
      email: i % 5 === 4 ? null : `${first}.${last}${i}@example.com`.toLowerCase(),
      name: `${first} ${last}`,
      data_attributes: {
        country: COUNTRIES[i % COUNTRIES.length],
        browser: BROWSERS[i % BROWSERS.length],
        os: i % 2 ? 'macOS' : 'Windows',
        device: i % 3 ? 'desktop' : 'mobile',
        created_at: new Date(start - (30 + i) * DAY_MS).toISOString(),
        logins: (i * 37) % 1500,
      },
      metadata: i % 3 ? { plan: PLANS[i % PLANS.length], seats: (i % 4) + 1 } : {},
      first_seen: new Date(start - (30 + i) * DAY_MS).toISOString(),
      last_seen: lastSeen,
    });
    for (let e = 0; e < 3 + (i % 4); e += 1) {
      addTrackedEvent(profile, {
        event: e === 0 ? 'page_view' : ['signup', 'add_to_cart', 'checkout'][e % 3],
        type: e === 0 ? 'page' : 'track',
        timestamp: new Date(Date.parse(lastSeen) - e * 3_600_000).toISOString(),
        url: `https://shop.example.com/${e === 0 ? '' : 'products/' + e}`,
        properties: { step: e, value: e * 10 },
      });
    }
  }
}

const DEV_MOCK = process.env.NEXT_PUBLIC_API_MOCKING === 'enabled';

// ---- filtering ----------------------------------------------------------------------------------

interface Readable {
  dataType: DataType;
  read: (p: CustomerProfile) => unknown;
}

/** Where each filterable key lives and its type; metadata names win over traits (as the API). */
function filterableAttributes(brandId: number): Map<string, Readable> {
  const out = new Map<string, Readable>();
  for (const a of brandDataAttributes(brandId)) {
    const field = a.field_name;
    const read = (p: CustomerProfile): unknown => {
      if (field === 'email') return p.email;
      if (field === 'name') return p.name;
      if (field === 'last_seen') return p.last_seen;
      return p.data_attributes[field];
    };
    out.set(field, { dataType: a.data_type, read });
  }
  for (const a of brandMetadataAttributes(brandId))
    out.set(a.custom_field_name, {
      dataType: a.data_type,
      read: (p) => p.metadata[a.custom_field_name],
    });
  return out;
}

type Predicate = (p: CustomerProfile) => boolean;

function conditionPredicates(
  brandId: number,
  conditions: AttributeCondition[],
): { ok: true; predicates: Predicate[] } | { ok: false; response: Response } {
  const attributes = filterableAttributes(brandId);
  const predicates: Predicate[] = [];
  for (const c of conditions) {
    const attribute = attributes.get(c.customer_key);
    if (!attribute)
      return {
        ok: false,
        response: apiError(
          400,
          'unknown_attribute',
          MESSAGES.profiles.unknownAttribute(c.customer_key),
        ),
      };
    const allowed: readonly string[] = [
      ...FILTER_OPERATORS[attribute.dataType],
      ...CONDITION_TYPES[attribute.dataType],
    ];
    if (!allowed.includes(c.condition_type))
      return {
        ok: false,
        response: apiError(400, 'invalid_filter', MESSAGES.profiles.invalidFilter),
      };
    predicates.push((p) => evaluateCondition(attribute.read(p), c.condition_type, c.value));
  }
  return { ok: true, predicates };
}

// ---- handlers -----------------------------------------------------------------------------------

function ownProfile(request: Request, params: Record<string, unknown>) {
  const user = currentUser(request);
  if (!user) return { response: unauthorized(request) } as const;
  const id = validate(idParam, params);
  if (!id.ok) return { response: id.response } as const;
  const profile = db.profiles.find((p) => p.id === id.data.id && ownsBrand(user, p.brand_id));
  if (!profile) return { response: notFound(MESSAGES.profiles.notFound) } as const;
  return { user, profile } as const;
}

/** The attribute definition `:id` among `attributes` if its brand is the session user's. */
function ownAttribute<A extends { id: number | null; brand_id: number }>(
  request: Request,
  params: Record<string, unknown>,
  attributes: readonly A[],
) {
  const user = currentUser(request);
  if (!user) return { response: unauthorized(request) } as const;
  const id = validate(idParam, params);
  if (!id.ok) return { response: id.response } as const;
  const attribute = attributes.find((a) => a.id === id.data.id && ownsBrand(user, a.brand_id));
  if (!attribute) return { response: notFound() } as const;
  return { attribute } as const;
}

/** Reads `?brand_id` and checks the brand belongs to the session's user. */
function brandFromQuery(request: Request) {
  const user = currentUser(request);
  if (!user) return { response: unauthorized(request) } as const;
  const q = validate(attributeOptionsQuery, query(request));
  if (!q.ok) return { response: q.response } as const;
  if (!ownsBrand(user, q.data.brand_id))
    return { response: notFound(MESSAGES.brands.notFound) } as const;
  return { user, brandId: q.data.brand_id } as const;
}

const encodeCursor = (offset: number) => btoa(`o:${offset}`);
const decodeCursor = (cursor: string | undefined) => {
  if (!cursor) return 0;
  try {
    const n = Number(atob(cursor).slice(2));
    return Number.isInteger(n) && n >= 0 ? n : 0;
  } catch {
    return 0;
  }
};

/**
 * Erasures are kept on the mock product (docs/data-rights.md, "Erasure"). The mock has no job: the
 * next read finds a queued erasure done, its receipt counted when it was asked for.
 */
type MockErasure = Erasure & { counted: NonNullable<Erasure['receipt']> };
type ErasureBrand = MockBrand & { erasures?: MockErasure[] };
const erasureBrands = () => db.brands as ErasureBrand[];
const nextErasureId = () =>
  Math.max(0, ...erasureBrands().flatMap((b) => (b.erasures ?? []).map((e) => e.id))) + 1;

type Receipt = MockErasure['counted'];
/** A receipt as the job writes it (webhook_messages: the mock keeps no delivery log of a customer). */
export const mockErasureReceipt = (events: number) =>
  ({
    profiles: 1,
    events,
    tour_sessions: 0,
    link_clicks: 0,
    webhook_messages: 0,
    analytics: 'duckdb',
  }) as Receipt;
const NOTHING_COUNTED = mockErasureReceipt(0);

/** Adds an erasure to the mock product's log (component tests of the Erasure log). */
export function addErasure(brandId: number, input: Partial<Erasure> = {}): Erasure {
  const brand = erasureBrands().find((b) => b.id === brandId)!;
  const erasure: Erasure = {
    id: nextErasureId(),
    brand_id: brandId,
    customer_hash: 'redacted_'.padEnd(41, '0'),
    mode: 'delete',
    suppress: false,
    status: 'done',
    requested_by: brand.owner_id,
    requested_at: now(),
    completed_at: now(),
    receipt: NOTHING_COUNTED,
    ...input,
  };
  (brand.erasures ??= []).unshift({ ...erasure, counted: erasure.receipt ?? NOTHING_COUNTED });
  return erasure;
}

/** A read of an erasure: a queued one has run by now. */
function readErasure(e: MockErasure): Erasure {
  if (e.status === 'queued')
    Object.assign(e, { status: 'done', completed_at: now(), receipt: e.counted });
  const { counted: _c, ...erasure } = e;
  return erasure;
}

const profileHandlersOnly: HttpHandler[] = [
  http.get('*/v1/customer-profiles', ({ request }) => {
    const user = currentUser(request);
    if (!user) return unauthorized(request);
    const q = validate(listProfilesQuery, query(request));
    if (!q.ok) return q.response;
    const { brand_id, search, sort_order, cursor, limit, conditions, condition_operator } = q.data;
    if (!ownsBrand(user, brand_id)) return notFound(MESSAGES.brands.notFound);
    if (DEV_MOCK && !db.profiles.some((p) => p.brand_id === brand_id)) seedDemoProfiles(brand_id);

    const filter = conditionPredicates(brand_id, conditions ?? []);
    if (!filter.ok) return filter.response;
    const needle = search?.trim().toLowerCase();
    const matches = db.profiles.filter((p) => {
      if (p.brand_id !== brand_id) return false;
      if (
        needle &&
        ![p.customer_key, p.email, p.name].some((v) => v?.toLowerCase().includes(needle))
      )
        return false;
      if (filter.predicates.length === 0) return true;
      return condition_operator === 'OR'
        ? filter.predicates.some((f) => f(p))
        : filter.predicates.every((f) => f(p));
    });
    const direction = sort_order === 'asc' ? 1 : -1;
    matches.sort(
      (a, b) => direction * (Date.parse(a.last_seen) - Date.parse(b.last_seen) || a.id - b.id),
    );
    const page = Number(cursor);
    const offset = (page - 1) * limit;
    const list: ProfileList = {
      data: matches.slice(offset, offset + limit),
      total: matches.length,
      nextCursor: offset + limit < matches.length ? String(page + 1) : null,
    };
    return ok(list);
  }),

  http.get('*/v1/customer-profiles/:id', ({ request, params }) => {
    const found = ownProfile(request, params);
    return 'response' in found ? found.response : ok(found.profile);
  }),

  // Erasure (docs/data-rights.md): the profile goes at once; the mock has no job to run.
  http.post('*/v1/customer-profiles/:id/erase', async ({ request, params }) => {
    const user = currentUser(request);
    if (!user) return unauthorized(request);
    const parsed = await body(request, eraseBodySchema);
    if (!parsed.ok) return parsed.response;
    const found = ownProfile(request, params);
    if ('response' in found) return found.response;
    const { profile } = found;
    db.profiles.splice(db.profiles.indexOf(profile), 1);
    // As the timeline reads them: the mock's tracked events carry no product.
    const events = db.trackedEvents.filter(
      (e) =>
        e.customer_key === profile.customer_key ||
        (e.anonymous_id !== null && profile.anonymous_ids.includes(e.anonymous_id)),
    ).length;
    const stored: MockErasure = {
      id: nextErasureId(),
      brand_id: profile.brand_id,
      customer_hash: `redacted_${profile.id.toString(16).padStart(32, '0')}`,
      mode: parsed.data.mode,
      suppress: parsed.data.suppress,
      status: 'queued',
      requested_by: user.id,
      requested_at: now(),
      completed_at: null,
      receipt: null,
      counted: mockErasureReceipt(events),
    };
    const brand = erasureBrands().find((b) => b.id === profile.brand_id)!;
    (brand.erasures ??= []).unshift(stored);
    const { counted: _c, ...erasure } = stored;
    return ok(erasure, 202);
  }),

  // The audit, newest first, paged by the last erasure id (docs/data-rights.md, "Erasure").
  http.get('*/v1/erasures', ({ request }) => {
    const user = currentUser(request);
    if (!user) return unauthorized(request);
    const q = validate(erasureListQuerySchema, query(request));
    if (!q.ok) return q.response;
    const brand = erasureBrands().find((b) => b.id === q.data.brand_id);
    if (!brand || brand.owner_id !== user.id) return notFound(MESSAGES.brands.notFound);
    const before = q.data.cursor === undefined ? Infinity : Number(q.data.cursor);
    const rows = (brand.erasures ?? []).filter((e) => e.id < before);
    const page = rows.slice(0, q.data.limit);
    return ok({
      data: page.map(readErasure),
      nextCursor: rows.length > q.data.limit ? String(page.at(-1)!.id) : null,
    });
  }),

  http.get('*/v1/erasures/:id', ({ request, params }) => {
    const user = currentUser(request);
    if (!user) return unauthorized(request);
    const id = validate(idParam, params);
    if (!id.ok) return id.response;
    const found = erasureBrands()
      .filter((b) => b.owner_id === user.id)
      .flatMap((b) => b.erasures ?? [])
      .find((e) => e.id === id.data.id);
    return found ? ok(readErasure(found)) : notFound(MESSAGES.erasure.notFound);
  }),

  http.get('*/v1/customer-profiles/:id/events', ({ request, params }) => {
    const found = ownProfile(request, params);
    if ('response' in found) return found.response;
    const q = validate(timelineQuery, query(request));
    if (!q.ok) return q.response;
    const { profile } = found;
    const events = db.trackedEvents
      .filter(
        (e) =>
          e.customer_key === profile.customer_key ||
          (e.anonymous_id !== null && profile.anonymous_ids.includes(e.anonymous_id)),
      )
      .sort((a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp));
    const offset = decodeCursor(q.data.cursor);
    const end = offset + q.data.limit;
    return ok({
      data: events.slice(offset, end),
      nextCursor: end < events.length ? encodeCursor(end) : null,
    });
  }),

  http.put('*/v1/customer-profiles/:id/metadata', async ({ request, params }) => {
    const found = ownProfile(request, params);
    if ('response' in found) return found.response;
    const parsed = await body(request, profileMetadataBody);
    if (!parsed.ok) return parsed.response;
    const types = new Map(
      brandMetadataAttributes(found.profile.brand_id).map((a) => [
        a.custom_field_name,
        a.data_type,
      ]),
    );
    for (const [key, value] of Object.entries(parsed.data.metadata)) {
      const type = types.get(key);
      if (!type) return apiError(400, 'unknown_attribute', MESSAGES.profiles.unknownAttribute(key));
      if (!valueFitsDataType(type, value)) {
        const message = `${key} must be a ${type} value.`;
        return apiError(400, 'validation_error', message, [{ path: `metadata.${key}`, message }]);
      }
    }
    Object.assign(found.profile.metadata, parsed.data.metadata);
    return ok(found.profile);
  }),
];

const attributeHandlers: HttpHandler[] = [
  http.get('*/v1/attributes/options', ({ request }) => {
    const found = brandFromQuery(request);
    if ('response' in found) return found.response;
    const groups: AttributeOptionGroup[] = [
      {
        group: 'ATTRIBUTE',
        options: brandDataAttributes(found.brandId).map((a) => ({
          label: a.name,
          value: a.field_name,
          data_type: a.data_type,
          extra_data: a.system ? { system: true } : { system: false, id: a.id },
        })),
      },
      {
        group: 'METADATA',
        options: brandMetadataAttributes(found.brandId).map((a) => ({
          label: a.name,
          value: a.custom_field_name,
          data_type: a.data_type,
          extra_data: { id: a.id },
        })),
      },
    ];
    return ok(groups);
  }),

  // ---- metadata attributes ----
  http.get('*/v1/metadata-attributes', ({ request }) => {
    const found = brandFromQuery(request);
    return 'response' in found ? found.response : ok(brandMetadataAttributes(found.brandId));
  }),

  http.post('*/v1/metadata-attributes', async ({ request }) => {
    const user = currentUser(request);
    if (!user) return unauthorized(request);
    const parsed = await body(request, metadataAttributeBody);
    if (!parsed.ok) return parsed.response;
    const { brand_id, custom_field_name } = parsed.data;
    if (!ownsBrand(user, brand_id)) return notFound(MESSAGES.brands.notFound);
    if (brandMetadataAttributes(brand_id).some((a) => a.custom_field_name === custom_field_name))
      return fieldTaken('custom_field_name');
    return ok(addMetadataAttribute(brand_id, parsed.data), 201);
  }),

  http.put('*/v1/metadata-attributes/:id', async ({ request, params }) => {
    const found = ownAttribute(request, params, db.metadataAttributes);
    if ('response' in found) return found.response;
    const { attribute } = found;
    const parsed = await body(request, metadataAttributeBody);
    if (!parsed.ok) return parsed.response;
    const { custom_field_name, name, data_type } = parsed.data;
    const clash = brandMetadataAttributes(attribute.brand_id).some(
      (a) => a !== attribute && a.custom_field_name === custom_field_name,
    );
    if (clash) return fieldTaken('custom_field_name');
    Object.assign(attribute, { custom_field_name, name, data_type });
    return ok(attribute);
  }),

  http.delete('*/v1/metadata-attributes/:id', ({ request, params }) => {
    const found = ownAttribute(request, params, db.metadataAttributes);
    if ('response' in found) return found.response;
    const { attribute } = found;
    db.metadataAttributes = db.metadataAttributes.filter((a) => a !== attribute);
    return ok({ message: MESSAGES.profiles.metadataDeleted });
  }),

  // ---- data attributes ----
  http.get('*/v1/data-attributes', ({ request }) => {
    const found = brandFromQuery(request);
    return 'response' in found ? found.response : ok(brandDataAttributes(found.brandId));
  }),

  http.post('*/v1/data-attributes', async ({ request }) => {
    const user = currentUser(request);
    if (!user) return unauthorized(request);
    const parsed = await body(request, dataAttributeBody);
    if (!parsed.ok) return parsed.response;
    const { brand_id, field_name, name, data_type } = parsed.data;
    if (!ownsBrand(user, brand_id)) return notFound(MESSAGES.brands.notFound);
    if (brandDataAttributes(brand_id).some((a) => a.field_name === field_name))
      return fieldTaken('field_name');
    return ok(addDataAttribute(brand_id, { field_name, name, data_type }), 201);
  }),

  http.put('*/v1/data-attributes/:id', async ({ request, params }) => {
    const found = ownAttribute(request, params, storedDataAttributes());
    if ('response' in found) return found.response;
    const { attribute } = found;
    const parsed = await body(request, dataAttributeBody);
    if (!parsed.ok) return parsed.response;
    const { field_name, name, data_type } = parsed.data;
    const clash = brandDataAttributes(attribute.brand_id).some(
      (a) => a.id !== attribute.id && a.field_name === field_name,
    );
    if (clash) return fieldTaken('field_name');
    Object.assign(attribute, { field_name, name, data_type });
    return ok(publicDataAttribute(attribute));
  }),

  http.delete('*/v1/data-attributes/:id', ({ request, params }) => {
    const found = ownAttribute(request, params, storedDataAttributes());
    if ('response' in found) return found.response;
    const { attribute } = found;
    db.dataAttributes = db.dataAttributes.filter((a) => a !== attribute);
    return ok({ message: MESSAGES.profiles.attributeDeleted });
  }),
];

/** Mock API of customer profiles and their attributes (same contracts as the server). */
export const profileHandlers: HttpHandler[] = [...profileHandlersOnly, ...attributeHandlers];
