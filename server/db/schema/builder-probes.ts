import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { builderSessions } from './builder';

/**
 * The selector an editor asked an open builder page to count (docs/builder.md, "Live match
 * count"): at most one pending per builder session (its key), replaced by the next one, gone
 * once answered or with the session. In the database so any node can take the editor's request
 * and the builder's poll.
 */
export const builderProbes = pgTable('builder_probes', {
  sessionId: integer('session_id')
    .primaryKey()
    .references(() => builderSessions.id, { onDelete: 'cascade' }),
  /** Names this request: an answer to a replaced one is not delivered. */
  probeId: text('probe_id').notNull(),
  selector: text('selector').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
});
