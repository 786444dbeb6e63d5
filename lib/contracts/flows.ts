import { z } from 'zod';
import { ALL_CONDITION_TYPES, type ConditionType } from '../conditions';
import { MESSAGES } from '../messages';
import { TIME_UNITS } from '../time-units';
import { brandIdField, pageCursor, rangeValue, storable } from './common';
import { themeOverrideSchema } from './theme';

/** Limits of docs/product/constants.md#flow-limits. */
export const FLOW_TITLE_MAX = 60;
export const MAX_TRIGGER_CONDITIONS = 5;
export const MAX_URL_CONDITIONS = 8;
export const MAX_EVENT_ATTRIBUTE_CONDITIONS = 5;
/** Segments one segment trigger names (docs/flows.md, "Segment trigger"). */
export const MAX_SEGMENT_TRIGGER_CONDITIONS = 5;
export const MAX_STEP_BUTTONS = 2;
/** Actions of one button, or of a tooltip's element. */
export const MAX_ACTIONS = 5;
export const MAX_STEPS = 50;
/**
 * Step content is HTML from the rich-text editor, sanitised on save; the bound holds before and
 * after cleaning, which may lengthen it (docs/flows.md, "Limits").
 */
export const MAX_STEP_CONTENT = 20_000;

export const STEP_TYPES = ['modal', 'tool_tip', 'speech_bubble', 'banner'] as const;
export type StepType = (typeof STEP_TYPES)[number];
/** Where a tooltip's card goes beside its target; `auto` below, above when it does not fit. */
export const TOOLTIP_PLACEMENTS = ['auto', 'top', 'right', 'bottom', 'left'] as const;
export type TooltipPlacement = (typeof TOOLTIP_PLACEMENTS)[number];
/** Gap in px between a tooltip's target and its card: default and bounds (docs/flows.md, "Step options"). */
export const TOOLTIP_OFFSET_DEFAULT = 12;
export const TOOLTIP_OFFSET_MAX = 64;
export const URL_MATCH_TYPES = ['exact', 'contains', 'starts with', 'ends with'] as const;
export const DISPLAY_TYPES = ['once', 'every_time', 'custom'] as const;
export const FREQUENCY_TYPES = ['at_least', 'at_most', 'exactly', 'between'] as const;
export const TIMEFRAME_TYPES = [
  'in_the_last',
  'more_than',
  'between',
  'date_range',
  'anytime',
] as const;
/** The API's one list of time units (lib/time-units.ts). */
export { TIME_UNITS };

const text = (max = 255) =>
  z.string().max(max).refine(storable, { error: MESSAGES.http.badCharacters });
const range = rangeValue;
const conditionValue = z.union([text(), z.number(), z.boolean(), range, z.null()]).optional();
/** The value of an attribute condition (lib/conditions.ts reads it as `ConditionValue`). */
export type ConditionValue = z.infer<typeof conditionValue>;

/**
 * Links a tour may open: http(s) or a path on the same site; never `javascript:` or `data:`,
 * nor `//host` or `/\host` (browsers read both as another host).
 */
export const SAFE_LINK = /^(https?:\/\/|\/(?![/\\]))/i;
const link = (max = 2048) =>
  text(max).refine((v) => v.trim() === '' || SAFE_LINK.test(v.trim()), {
    error: MESSAGES.flows.linkInvalid,
  });

/**
 * Actions of a button or a tooltip element (docs/product/entities.md#flow-step-button-and-action).
 * `back` is our addition beside the three of the entities: it shows the step shown before this
 * one (docs/flows.md, "Step options").
 */
export const actionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('goto'), reference_step: text(64).nullable().optional() }),
  z.object({ type: z.literal('dismiss') }),
  z.object({ type: z.literal('navigation'), value: link().optional() }),
  z.object({ type: z.literal('back') }),
]);
export type FlowAction = z.infer<typeof actionSchema>;

const color = z
  .string()
  .regex(/^#[0-9a-fA-F]{3,8}$/, { error: 'Colour must be a hex value like #2563eb' });

export const buttonSchema = z.object({
  id: text(64),
  label: text(),
  background_color: color,
  color,
  actions: z.array(actionSchema).max(MAX_ACTIONS),
});
export type FlowButton = z.infer<typeof buttonSchema>;

/** How a picked element is found again (docs/flows.md, "Targets"). */
export const TARGET_KINDS = ['attr', 'id', 'role', 'css'] as const;
export const TARGET_GRADES = ['A', 'B', 'C'] as const;
export const MAX_TARGET_CANDIDATES = 8;
const position = z.int().min(0).max(10_000);

/**
 * One way to find a tooltip's element: `attr` a data attribute (`name`, `value`), `id` a stable
 * id, `role` a role (or the tag) and accessible name (`name`), `css` a structural path plus
 * `fingerprint` (the nearest ancestor with a stable attribute or id, '' for the document) and
 * `nth` (the element's position among those of its role and text in that ancestor).
 */
export const targetCandidateSchema = z.object({
  kind: z.enum(TARGET_KINDS),
  value: text(1024),
  name: text(255).optional(),
  fingerprint: text(1024).optional(),
  nth: position.optional(),
});
export type TargetCandidate = z.infer<typeof targetCandidateSchema>;

/**
 * A tooltip's element: the page it was picked on and its primary selector (what older clients
 * read), plus, when picked, the candidates, the element's text and the stability grade; `index`
 * names one of several elements the selector matches.
 */
export const selectElementSchema = z.object({
  url: text(2048),
  selector: text(1024),
  candidates: z.array(targetCandidateSchema).max(MAX_TARGET_CANDIDATES).optional(),
  text: text(255).optional(),
  grade: z.enum(TARGET_GRADES).optional(),
  index: position.optional(),
});
export type SelectElement = z.infer<typeof selectElementSchema>;

export const stepSchema = z.object({
  id: text(64),
  type: z.enum(STEP_TYPES),
  content: z
    .string()
    .max(MAX_STEP_CONTENT, { error: MESSAGES.flows.stepContentTooLong(MAX_STEP_CONTENT) }),
  buttons: z
    .array(buttonSchema)
    .max(MAX_STEP_BUTTONS, { error: `A step has at most ${MAX_STEP_BUTTONS} buttons.` }),
  select_element: selectElementSchema.nullable().optional(),
  element_actions: z.array(actionSchema).max(MAX_ACTIONS).default([]),
  background_image_url: link().nullable().optional(),
  /**
   * JSON text with size, position and repeat
   * (docs/product/entities.md#flow-step-button-and-action).
   */
  background_image_options: text(500).nullable().optional(),
  /** Where a banner sits on the page; top when not set. */
  banner_position: z.enum(['top', 'bottom']).nullable().optional(),
  /*
   * Step options (docs/flows.md, "Step options"). All optional: a step stored without them plays
   * as before (placement auto, offset 12 px, no spotlight, no progress).
   */
  /** A tooltip's side of its target; auto when not set. */
  tooltip_placement: z.enum(TOOLTIP_PLACEMENTS).nullable().optional(),
  /** A tooltip's gap to its target in px, 0–64; 12 when not set. */
  tooltip_offset: z
    .int({ error: MESSAGES.flows.tooltipOffset(TOOLTIP_OFFSET_MAX) })
    .min(0, { error: MESSAGES.flows.tooltipOffset(TOOLTIP_OFFSET_MAX) })
    .max(TOOLTIP_OFFSET_MAX, { error: MESSAGES.flows.tooltipOffset(TOOLTIP_OFFSET_MAX) })
    .nullable()
    .optional(),
  /** A tooltip dims the page around its target (the theme's backdrop opacity). */
  spotlight: z.boolean().nullable().optional(),
  /** The card shows "2 of 4": its place in the tour's steps. */
  show_progress: z.boolean().nullable().optional(),
});
export type FlowStep = z.infer<typeof stepSchema>;

export const urlConditionSchema = z.object({
  condition_type: z.enum(URL_MATCH_TYPES),
  value: text(2048),
  type: z.enum(['includes', 'excludes']),
});
export type UrlCondition = z.infer<typeof urlConditionSchema>;

export const customerConditionSchema = z.object({
  customer_key: text(),
  condition_type: z.enum(ALL_CONDITION_TYPES as [ConditionType, ...ConditionType[]]),
  value: conditionValue,
});
export type CustomerCondition = z.infer<typeof customerConditionSchema>;

export const eventAttributeConditionSchema = z.object({
  attribute_key: text(),
  condition_type: z.enum(ALL_CONDITION_TYPES as [ConditionType, ...ConditionType[]]),
  value: conditionValue,
});

export const eventConditionSchema = z.object({
  event_id: z.number().int().nullable(),
  event_code: text().nullable(),
  frequency: z.object({
    condition_type: z.enum(FREQUENCY_TYPES).nullable(),
    value: z.union([z.number(), range, z.null()]),
  }),
  timeframe: z.object({
    condition_type: z.enum(TIMEFRAME_TYPES),
    value: z.union([z.number(), range, z.null()]).optional(),
    unit: z.enum(TIME_UNITS).nullable().optional(),
  }),
  attribute_conditions: z.array(eventAttributeConditionSchema).max(MAX_EVENT_ATTRIBUTE_CONDITIONS),
  attribute_condition_operator: z.enum(['AND', 'OR']).default('AND'),
});
export type EventCondition = z.infer<typeof eventConditionSchema>;

/**
 * In (or, with `negate`, not in) a segment of the flow's product: our addition beside the three
 * trigger types (docs/flows.md, "Segment trigger"). All conditions of one trigger must hold.
 */
export const segmentTriggerConditionSchema = z.object({
  segment_id: z.number().int().positive().max(2147483647),
  negate: z.boolean().default(false),
});
export type SegmentTriggerCondition = z.infer<typeof segmentTriggerConditionSchema>;

export const triggerConditionSchema = z.discriminatedUnion('trigger_type', [
  z.object({
    trigger_type: z.literal('url'),
    conditions: z
      .array(urlConditionSchema)
      .max(MAX_URL_CONDITIONS, { error: MESSAGES.flows.maxUrlConditions }),
  }),
  z.object({
    trigger_type: z.literal('customer_condition'),
    conditions: z.array(customerConditionSchema).max(20),
  }),
  z.object({ trigger_type: z.literal('event'), conditions: z.array(eventConditionSchema).max(1) }),
  z.object({
    trigger_type: z.literal('segment'),
    conditions: z.array(segmentTriggerConditionSchema).max(MAX_SEGMENT_TRIGGER_CONDITIONS, {
      error: MESSAGES.flows.maxSegmentConditions(MAX_SEGMENT_TRIGGER_CONDITIONS),
    }),
  }),
]);
export type TriggerCondition = z.infer<typeof triggerConditionSchema>;

/** Flow title (docs/product/validation.md#52-flow-title). */
export const flowTitle = z
  .string({ error: MESSAGES.flows.titleEmpty })
  .trim()
  .min(1, { error: MESSAGES.flows.titleEmpty })
  .max(FLOW_TITLE_MAX, { error: MESSAGES.flows.titleTooLong })
  .refine(storable, { error: MESSAGES.http.badCharacters });

/** Canvas node positions, stored beside the definition (never mixed into it). */
export const flowLayoutSchema = z.object({
  positions: z.record(z.string().max(64), z.object({ x: z.number(), y: z.number() })).default({}),
});

/** What a flow is: the body of POST/PUT v1/flows, shared by the editor and the server. */
export const flowBody = z.object({
  brand_id: brandIdField,
  name: flowTitle,
  publish: z.boolean().default(false),
  condition: z.object({
    trigger_conditions: z
      .array(triggerConditionSchema)
      .max(MAX_TRIGGER_CONDITIONS, { error: MESSAGES.flows.maxTriggers }),
    trigger_operator: z.enum(['AND', 'OR']).default('AND'),
  }),
  attribute_conditions: z.array(customerConditionSchema).max(20).default([]),
  display_type: z.enum(DISPLAY_TYPES).default('once'),
  display_times: z.union([z.number(), z.string().max(20), z.null()]).optional(),
  priority: z.number().int().min(0).max(1000).default(0),
  steps: z.array(stepSchema).max(MAX_STEPS, { error: `A flow has at most ${MAX_STEPS} steps.` }),
  layout: flowLayoutSchema.default({ positions: {} }),
  /**
   * The tour's own look over the product theme (docs/theme.md, "Per-tour override"): paid plans
   * only; absent or null plays the product's theme.
   */
  theme_override: themeOverrideSchema.nullish(),
});
export type FlowBody = z.infer<typeof flowBody>;
export type FlowInput = z.input<typeof flowBody>;

/**
 * A stored step as reads answer it. Its content was bounded when saved, after cleaning; a tour
 * stored before that check (cleaning grew it past the bound) must still open so it can be
 * shortened, so reads do not bound it again (docs/flows.md, "Limits").
 */
export const storedStepSchema = stepSchema.extend({ content: z.string() });

export const flowSchema = flowBody.extend({
  steps: z.array(storedStepSchema),
  id: z.number().int(),
  status: z.enum(['published', 'unpublished']),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Flow = z.infer<typeof flowSchema>;

export const flowListItemSchema = z.object({
  id: z.number().int(),
  brand_id: z.number().int(),
  name: z.string(),
  status: z.enum(['published', 'unpublished']),
  step_count: z.number().int(),
  updated_at: z.string(),
});
export const FLOW_LIST_SORTS = ['updated_at', 'name'] as const;
export const listFlowsQuery = z.object({
  brand_id: brandIdField,
  search: text().optional(),
  /** Only published or only unpublished tours; both when absent. */
  status: z.enum(['published', 'unpublished']).optional(),
  /** Newest change first by default; by name A→Z with `sort_by=name&sort_order=asc`. */
  sort_by: z.enum(FLOW_LIST_SORTS).default('updated_at'),
  sort_order: z.enum(['asc', 'desc']).default('desc'),
  cursor: pageCursor,
  limit: z.coerce.number<number>().int().min(1).max(100).default(20),
});
/**
 * The flows list query as the server reads it (defaults filled in). The dashboard sends
 * `z.input<typeof listFlowsQuery>` (`ListFlowsParams`, api/flows.ts); the repository takes a `Pick`.
 */
export type ListFlowsQuery = z.infer<typeof listFlowsQuery>;
export const flowListSchema = z.object({
  data: z.array(flowListItemSchema),
  total: z.number().int(),
  nextCursor: z.string().nullable(),
});
