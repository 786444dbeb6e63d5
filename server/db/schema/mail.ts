import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The local mail outbox used when no SMTP server is configured. */
export const outbox = pgTable('outbox', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  links: jsonb('links').$type<string[]>().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
