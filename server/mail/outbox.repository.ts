import { desc } from 'drizzle-orm';
import type { Db } from '../db/client';
import { outbox } from '../db/schema';
import type { MailMessage } from './types';

export function createOutboxRepository(db: Db) {
  return {
    async insert(m: MailMessage) {
      await db.insert(outbox).values(m);
    },
    async latest(limit = 100) {
      return db.select().from(outbox).orderBy(desc(outbox.id)).limit(limit);
    },
  };
}
export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
