import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from './helpers';

/** Driver errors in the server's log never carry the values their query was sent with. */

const lines: string[] = [];

const t = setupTestApp(() => {
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: { level: 'debug', stream } };
});

describe('redacted driver errors', () => {
  it("logs a failed query's text and cause, never its params, on every module's logger", async () => {
    const err = await t.database.db
      .execute(
        sql`select * from no_such_table where user_id = ${'victim-42'} and anon = ${'lv_visitor7'}`,
      )
      .then(() => null)
      .catch((e: unknown) => e as Error);
    expect(err).toBeInstanceOf(Error);
    // Unredacted, both ids are in what a logger would write.
    expect(`${err!.message} ${JSON.stringify(err)}`).toContain('victim-42');

    t.app.log.warn({ err }, 'background write failed');
    t.app.log.child({ module: 'x' }).error({ err }, 'child logger too');
    const logged = lines.join('');
    expect(logged).toContain('background write failed');
    expect(logged).toContain('child logger too');
    expect(logged).toContain('no_such_table');
    expect(logged).not.toContain('victim-42');
    expect(logged).not.toContain('lv_visitor7');
  });
});
