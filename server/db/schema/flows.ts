import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { FlowBody } from '../../../lib/contracts/flows';
import { brands } from './brands';

/** What a flow does (everything but name, brand and publish flag), stored as one document. */
export type FlowDefinition = Pick<
  FlowBody,
  | 'condition'
  | 'attribute_conditions'
  | 'display_type'
  | 'display_times'
  | 'priority'
  | 'steps'
  | 'theme_override'
>;

/** Product tours. The canvas layout lives beside the definition, never inside it. */
export const flows = pgTable(
  'flows',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    published: boolean('published').notNull().default(false),
    /** When the tour was last published (null while unpublished): ties between tours of one
     * priority go to the most recently published. */
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }),
    definition: jsonb('definition').$type<FlowDefinition>().notNull(),
    layout: jsonb('layout').$type<FlowBody['layout']>().notNull().default({ positions: {} }),
    /** UTF-8 bytes of the definition and layout as JSON: the plan bounds a product's total
     * (docs/flows.md, "Limits"). */
    definitionBytes: integer('definition_bytes').notNull().default(0),
    /** When the owner was last told by e-mail that the tour's targets are broken: at most once a
     * day per tour (docs/flows.md, "Target health"). */
    targetHealthMailedAt: timestamp('target_health_mailed_at', {
      withTimezone: true,
      mode: 'date',
    }),
    /** When a health sweep last claimed the tour: one sweep computes it, whatever the number of
     * nodes and timers (docs/flows.md, "Target health"). */
    targetHealthSweptAt: timestamp('target_health_swept_at', { withTimezone: true, mode: 'date' }),
    /** Unpublish the tour when its target health turns broken (docs/flows.md, "Target health"). */
    pauseWhenBroken: boolean('pause_when_broken').notNull().default(false),
    /**
     * When each step's target (`select_element`) last changed, by step id (ISO times): a step's
     * health counts only sessions started since, so a fixed target starts afresh (docs/flows.md,
     * "Target health"). Set by the editor's save and the builder's pick.
     */
    targetChangedAt: jsonb('target_changed_at')
      .$type<Record<string, string>>()
      .notNull()
      .default({}),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('flows_brand_idx').on(t.brandId, t.updatedAt)],
);

export const FLOW_SESSION_STATES = ['open', 'completed', 'dismissed', 'ended'] as const;
export type FlowSessionState = (typeof FLOW_SESSION_STATES)[number];

/**
 * One visitor going through one tour (docs/flows.md, "Runtime decision"). `visitor_key` is the
 * visitor's user id when known, else their anonymous id; `end_reason` says why a session that did
 * not complete ended (dismissed by the visitor, unpublished, deleted, replaced by an edit).
 * At most one open session per visitor and product.
 */
export const flowSessions = pgTable(
  'flow_sessions',
  {
    id: text('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    flowId: integer('flow_id')
      .notNull()
      .references(() => flows.id, { onDelete: 'cascade' }),
    visitorKey: text('visitor_key').notNull(),
    /** Who the visitor was when the session started: flow events carry both ids. */
    userId: text('user_id'),
    anonymousId: text('anonymous_id'),
    state: text('state').$type<FlowSessionState>().notNull().default('open'),
    currentStepId: text('current_step_id'),
    /** How many distinct steps the visitor has seen (progress only moves forward). */
    progress: integer('progress').notNull().default(0),
    endReason: text('end_reason'),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('flow_sessions_visitor_idx').on(t.brandId, t.visitorKey, t.flowId),
    index('flow_sessions_flow_idx').on(t.flowId, t.startedAt),
    uniqueIndex('flow_sessions_one_open_uq')
      .on(t.brandId, t.visitorKey)
      .where(sql`${t.state} = 'open'`),
  ],
);
