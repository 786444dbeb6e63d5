import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { BuilderMode } from '../../../lib/contracts/builder-constants';
import { users } from './users';
import { brands } from './brands';
import { flows } from './flows';

/**
 * Builder sessions (docs/builder.md): a one-time launch code (60 s) that the page exchanges for a
 * builder token (15 minutes), both bound to one user, product, flow, step and origin. Only the
 * SHA-256 of the code and of the token is stored.
 */
export const builderSessions = pgTable(
  'builder_sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    flowId: integer('flow_id')
      .notNull()
      .references(() => flows.id, { onDelete: 'cascade' }),
    stepId: text('step_id').notNull(),
    /** The page's origin (scheme, host, port): the only one the code and token work from. */
    origin: text('origin').notNull(),
    mode: text('mode').$type<BuilderMode>().notNull(),
    codeHash: text('code_hash').notNull(),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Set by the exchange: a code is used once. */
    codeUsedAt: timestamp('code_used_at', { withTimezone: true, mode: 'date' }),
    tokenHash: text('token_hash'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    uniqueIndex('builder_sessions_code_uq').on(t.codeHash),
    uniqueIndex('builder_sessions_token_uq').on(t.tokenHash),
    index('builder_sessions_user_idx').on(t.userId),
  ],
);
