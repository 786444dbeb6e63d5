import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { MESSAGES } from '@/lib/messages';
import { openDuckDBStore } from '@/server/analytics/duckdb.store';
import { QueryTimeoutError } from '@/server/analytics/types';
import { openDatabase } from '@/server/db/client';
import { registerErrorHandling } from '@/server/plugins/errors';
import { freshDatabaseUrl, TEST_DATABASE_URL } from './helpers';

describe('query time limits', () => {
  it('interrupts an analytics read past its limit, and the store keeps answering', async () => {
    const store = await openDuckDBStore(':memory:', { queryTimeoutMs: 200 });
    try {
      const started = Date.now();
      // Ten billion rows of a cross join: minutes of work without the limit.
      await expect(
        store.read('SELECT sum(a.range * b.range) AS s FROM range(100000) a, range(100000) b'),
      ).rejects.toBeInstanceOf(QueryTimeoutError);
      expect(Date.now() - started).toBeLessThan(30_000);
      expect(await store.read('SELECT 42 AS n')).toEqual([{ n: 42 }]);
      await store.ping();
    } finally {
      await store.close();
    }
  });

  it.skipIf(!TEST_DATABASE_URL)(
    'cancels a PostgreSQL statement past statement_timeout',
    async () => {
      const target = await freshDatabaseUrl();
      const database = await openDatabase({ url: target.url, statementTimeoutMs: 200 });
      try {
        await expect(database.db.execute(sql`select pg_sleep(5)`)).rejects.toMatchObject({
          cause: { code: '57014' },
        });
        await database.ping();
      } finally {
        await database.close();
        await target.drop();
      }
    },
  );

  it('answers either timeout with 504, Retry-After and a message a person can act on', async () => {
    const app = Fastify();
    registerErrorHandling(app);
    app.get('/analytics', async () => {
      throw new QueryTimeoutError(200);
    });
    app.get('/database', async () => {
      throw Object.assign(new Error('Failed query'), {
        cause: Object.assign(new Error('canceling statement due to statement timeout'), {
          code: '57014',
        }),
      });
    });
    for (const url of ['/analytics', '/database']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(504);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({
        message: MESSAGES.http.queryTimeout,
        status: 504,
        code: 'query_timeout',
      });
    }
    await app.close();
  });
});
