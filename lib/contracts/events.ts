import { z } from 'zod';
import { DATA_TYPES } from '../conditions';
import {
  EVENT_LIST_PAGE_SIZE,
  EVENT_PICKER_PAGE_SIZE,
  EVENT_SEARCH_LIMIT,
  TAIL_LIMIT,
} from '../constants';
import { MESSAGES } from '../messages';
import { brandIdField, pageCursor, requiredText, withoutNul } from './common';

export const eventAttributeSchema = z.object({
  code: requiredText('Attribute code'),
  name: requiredText('Attribute name'),
  data_type: z.enum(DATA_TYPES, { error: MESSAGES.events.dataType }),
});
export type EventAttribute = z.infer<typeof eventAttributeSchema>;

/** Body of POST/PUT v1/events: the form and the server validate with this. */
export const eventBody = z.object({
  brand_id: brandIdField,
  name: requiredText('Name'),
  code: requiredText('Code'),
  attributes: z
    .array(eventAttributeSchema)
    .max(100, { error: MESSAGES.events.tooManyAttributes })
    .default([])
    .refine((list) => new Set(list.map((a) => a.code)).size === list.length, {
      error: MESSAGES.events.duplicateAttribute,
    }),
});
export type EventBody = z.infer<typeof eventBody>;
export type EventInput = z.input<typeof eventBody>;

/**
 * A defined event (docs/product/entities.md#events-and-event-lists: id, name, code, attributes).
 */
export const eventSchema = z.object({
  id: z.number().int(),
  brand_id: z.number().int(),
  name: z.string(),
  code: z.string(),
  attributes: z.array(eventAttributeSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type EventDef = z.infer<typeof eventSchema>;

/** A row of the events list: the definition plus its traffic over the last 30 days. */
export const eventListItemSchema = eventSchema.extend({
  attribute_count: z.number().int(),
  volume_30d: z.number().int(),
  last_seen: z.string().nullable(),
});
export type EventListItem = z.infer<typeof eventListItemSchema>;

export const listEventsQuery = z.object({
  brand_id: brandIdField,
  search: z.string().max(255).refine(withoutNul).optional(),
  cursor: pageCursor,
  limit: z.coerce.number().int().min(1).max(100).default(EVENT_LIST_PAGE_SIZE),
});
export type ListEventsQuery = z.input<typeof listEventsQuery>;

export const eventListSchema = z.object({
  data: z.array(eventListItemSchema),
  total: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type EventList = z.infer<typeof eventListSchema>;

/**
 * Event picker / condition editor search (docs/product/api.md#events: name, offset, limit,
 * brand_id).
 */
export const autocompleteQuery = z.object({
  brand_id: brandIdField,
  name: z.string().max(255).refine(withoutNul).default(''),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(EVENT_SEARCH_LIMIT).default(EVENT_PICKER_PAGE_SIZE),
});
export type AutocompleteQuery = z.input<typeof autocompleteQuery>;

export const autocompleteSchema = z.object({
  data: z.array(eventSchema),
  total: z.number().int(),
});
export type AutocompleteResult = z.infer<typeof autocompleteSchema>;

/** Event codes that arrived but are not defined (last 30 days). */
export const undefinedEventSchema = z.object({
  code: z.string(),
  volume_30d: z.number().int(),
  last_seen: z.string(),
});
export type UndefinedEvent = z.infer<typeof undefinedEventSchema>;

/** Undefined codes are listed busiest first, at most 100 a page, and never past the 1,000th. */
export const UNDEFINED_EVENTS_MAX_LIMIT = 100;
export const UNDEFINED_EVENTS_MAX_OFFSET = 900;
export const undefinedEventsQuery = z.object({
  brand_id: brandIdField,
  offset: z.coerce.number().int().min(0).max(UNDEFINED_EVENTS_MAX_OFFSET).default(0),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(UNDEFINED_EVENTS_MAX_LIMIT)
    .default(UNDEFINED_EVENTS_MAX_LIMIT),
});
export type UndefinedEventsQuery = z.output<typeof undefinedEventsQuery>;

/** A tracked event as the dashboard reads it (tail, timeline). */
export const trackedEventSchema = z.object({
  message_id: z.string(),
  type: z.enum(['track', 'page', 'identify']),
  event: z.string(),
  user_id: z.string().nullable(),
  anonymous_id: z.string().nullable(),
  customer_key: z.string(),
  timestamp: z.string(),
  received_at: z.string(),
  properties: z.record(z.string(), z.unknown()),
  context: z.record(z.string(), z.unknown()),
  url: z.string().nullable(),
  path: z.string().nullable(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  device: z.string().nullable(),
  country: z.string().nullable(),
});
export type TrackedEvent = z.infer<typeof trackedEventSchema>;

/**
 * GET v1/tracking-session-data/tail (docs/product/api.md#events: event_name, brand_id). Without
 * `event_name` it answers the newest events of every code (Live events, docs/tracking.md).
 */
export const tailQuery = z.object({
  brand_id: brandIdField,
  event_name: requiredText('Event name').optional(),
  limit: z.coerce.number().int().min(1).max(200).default(TAIL_LIMIT),
});
export type TailQuery = z.input<typeof tailQuery>;

/**
 * Payload of the tail socket: the newly stored events of one (brand, event) room, or of the
 * brand's every-code room when `event_name` is null (newest first, bounded per push).
 */
export interface TailSocketPayload {
  brand_id: number;
  event_name: string | null;
  events: TrackedEvent[];
}

/** The defined event codes of a product (Live events marks the others). */
export const definedCodesQuery = z.object({ brand_id: brandIdField });
export const definedCodesSchema = z.object({
  codes: z.array(z.string()),
  /** More definitions exist than listed: codes not listed may still be defined. */
  truncated: z.boolean(),
});
export type DefinedCodes = z.infer<typeof definedCodesSchema>;
