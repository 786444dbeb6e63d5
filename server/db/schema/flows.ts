import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { FlowBody } from '../../../lib/contracts/flows';
import { brands } from './brands';

/** What a flow does (everything but name, brand and publish flag), stored as one document. */
export type FlowDefinition = Pick<
  FlowBody,
  'condition' | 'attribute_conditions' | 'display_type' | 'display_times' | 'priority' | 'steps'
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
    definition: jsonb('definition').$type<FlowDefinition>().notNull(),
    layout: jsonb('layout').$type<FlowBody['layout']>().notNull().default({ positions: {} }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('flows_brand_idx').on(t.brandId, t.updatedAt)],
);
