import { z } from 'zod';
import { withoutNul } from './common';
import { KEY_MAX_LENGTH } from './ingest';
import { targetHealthSchema } from './target-health';
import { themeSchema } from './theme';
import type { FlowStep } from './flows';
import { FLOW_OUTCOMES, FLOW_TRACK_TYPES } from './runtime-constants';

// The runtime's constants live in a zod-free module the SDK imports; read here beside the schemas.
export {
  FLOW_EVENT_CODES,
  FLOW_OUTCOMES,
  FLOW_SESSION_POLL_MS,
  FLOW_TARGET_WAIT_MS,
  FLOW_TRACK_TYPES,
  type FlowOutcome,
  type FlowTrackType,
} from './runtime-constants';

/**
 * The flow runtime's wire format (docs/flows.md, "Runtime API"): what the SDK's tours bundle
 * sends and reads, and the flow report of the dashboard. The server validates with these schemas;
 * the SDK imports the types only (nothing of zod reaches the browser).
 */

const id = (max = 255, name = 'id') =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, { error: `${name} is required` })
    .max(max, { error: `${name} must be at most ${max} characters` })
    .refine(withoutNul, { error: 'Text must not contain NUL characters' });
/** A key longer than any the server issues is refused before it is looked up. */
const writeKeyField = z
  .string()
  .max(KEY_MAX_LENGTH, { error: `writeKey must be at most ${KEY_MAX_LENGTH} characters` })
  .optional();
const visitorId = z.union([id(255, 'userId'), z.number().transform(String)]);

/** POST v1/flows/available-flow (write key as HTTP Basic user name, Bearer, or `writeKey`). */
export const availableFlowBody = z.object({
  writeKey: writeKeyField,
  userId: visitorId.nullable().optional(),
  /** HMAC of the userId when the product requires signed identities (as for ingestion). */
  userHash: z.string().max(255).optional(),
  anonymousId: z.union([id(), z.number().transform(String)], {
    error: 'anonymousId is required: the visitor id the SDK keeps',
  }),
  /** Longer addresses are cut to 4,096 characters (conditions read their start), not refused. */
  url: z
    .string({ error: 'url is required: the address of the page the visitor is on' })
    .trim()
    .min(1, { error: 'url is required: the address of the page the visitor is on' })
    .max(65_536, { error: 'url must be at most 65536 characters' })
    .transform((v) => v.slice(0, 4096)),
  /**
   * The session the page is showing, if any. Informational: the server resumes the visitor's open
   * session by their ids, whichever page asks.
   */
  session_id: z.string().max(64).nullable().optional(),
  viewport: z.object({ width: z.number(), height: z.number() }).partial().optional(),
  locale: z.string().max(64).optional(),
});

/**
 * `data` of available-flow: what the renderer needs of a flow, and the session, or null when
 * nothing should show. Kept small on this hot route: the steps are passed through as the server
 * cleaned them (loose objects: nothing is dropped; step content sanitised again on the way out),
 * not checked again. The step options (placement, offset, spotlight, progress; docs/flows.md,
 * "Step options") reach the renderer this way; a step stored without them plays as before.
 */
export const availableFlowSchema = z
  .object({
    flow: z.object({
      id: z.number().int(),
      name: z.string(),
      steps: z.array(z.looseObject({ id: z.string() })) as unknown as z.ZodType<
        FlowStep[],
        FlowStep[]
      >,
    }),
    session: z.object({
      id: z.string(),
      /** The step to show (the first step of a new session). */
      current_step_id: z.string().nullable(),
      /** True when the visitor had this session open already (a reload, another tab, a new page). */
      resumed: z.boolean(),
      /**
       * False when the current step is a tooltip whose element lives on another page: the SDK
       * shows nothing here and asks again on the next URL change.
       */
      on_this_page: z.boolean(),
    }),
    /** The product's theme (docs/theme.md); absent for the default look. */
    theme: themeSchema.optional(),
  })
  .nullable();
export type AvailableFlow = z.infer<typeof availableFlowSchema>;

/** POST v1/flows/{id}/track: idempotent; ignored once the session has ended. */
export const flowTrackBody = z.object({
  writeKey: writeKeyField,
  session_id: id(64, 'session_id'),
  step_id: id(64, 'step_id'),
  type: z.enum(FLOW_TRACK_TYPES, {
    error: 'type must be one of step_seen, button_clicked, target_missing',
  }),
  button_id: id(64, 'button_id').optional(),
});
export type FlowTrackBody = z.input<typeof flowTrackBody>;

/** POST v1/flows/{id}/done: idempotent; the first outcome wins. */
export const flowDoneBody = z.object({
  writeKey: writeKeyField,
  session_id: id(64, 'session_id'),
  outcome: z.enum(FLOW_OUTCOMES, { error: 'outcome must be completed or dismissed' }),
  /** Why (free text, e.g. `close`, `esc`, `button`), kept on the flow event. */
  reason: z.string().max(64).optional(),
});
export type FlowDoneBody = z.input<typeof flowDoneBody>;

/** `data` of track and done: whether the call changed the session. */
export const flowSessionAnswerSchema = z.object({
  session_id: z.string(),
  state: z.enum(['open', 'completed', 'dismissed', 'ended']),
  /** False for a retry, or a call after the session ended. */
  recorded: z.boolean(),
});
export type FlowSessionAnswer = z.infer<typeof flowSessionAnswerSchema>;

export const DATE_PRESETS = ['past_7_day', 'past_30_day', 'custom_range', 'all_times'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];
export const REPORT_GRANULARITIES = ['day', 'week', 'month'] as const;
export type ReportGranularity = (typeof REPORT_GRANULARITIES)[number];

/** Query of GET v1/flows/{id}/report. */
export const flowReportQuery = z
  .object({
    date_preset: z.enum(DATE_PRESETS).default('past_30_day'),
    /** YYYY-MM-DD, for custom_range: whole days, UTC, `to` included. */
    from: z.string().max(32).optional(),
    to: z.string().max(32).optional(),
    granularity: z.enum(REPORT_GRANULARITIES).default('day'),
  })
  .refine((q) => q.date_preset !== 'custom_range' || (q.from && q.to), {
    error: 'A custom range needs from and to dates',
    path: ['from'],
  });
export type FlowReportQuery = z.input<typeof flowReportQuery>;

/**
 * The flow report, `data` of GET v1/flows/{id}/report (the server's `schema.response`,
 * docs/api.md). A view is a session started; "unique" counts distinct visitors (user id, else
 * anonymous id). completion_rate = completions / views (0 when there are no views), 0–1.
 */
export const flowReportSchema = z.object({
  totals: z.object({
    views: z.number(),
    unique_viewers: z.number(),
    completions: z.number(),
    unique_completions: z.number(),
    completion_rate: z.number(),
    dismissals: z.number(),
    target_missing: z.number(),
  }),
  /** One point per bucket of the range (empty buckets included), oldest first. */
  series: z.array(
    z.object({
      bucket: z.string(),
      views: z.number(),
      completions: z.number(),
      dismissals: z.number(),
    }),
  ),
  /** Every step of the flow, in order; drop_off = share of the previous step's viewers lost (0–1). */
  steps: z.array(
    z.object({
      step_id: z.string(),
      index: z.number(),
      type: z.string(),
      views: z.number(),
      unique_viewers: z.number(),
      drop_off: z.number(),
    }),
  ),
  /** Target health of the tour's element steps over the last 24 hours (lib/contracts/target-health.ts). */
  health: targetHealthSchema.optional(),
});
export type FlowReport = z.infer<typeof flowReportSchema>;
