import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGliteThread } from './pglite-thread';

describe('PGlite on its own thread', () => {
  let dir: string;
  let db: PGliteThread;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'pglite-thread-'));
    db = await PGliteThread.create(dir);
    await db.exec('create table t (id int primary key, name text, at timestamptz, doc jsonb)');
  });

  afterAll(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers rows as objects or arrays, with timestamps left as text for the ORM', async () => {
    await db.query('insert into t values ($1, $2, $3, $4)', [
      1,
      'one',
      '2026-01-02T03:04:05Z',
      JSON.stringify({ a: [1, 2] }),
    ]);
    const objects = await db.query('select id, name, at, doc from t where id = $1', [1]);
    expect(objects.rows).toEqual([
      { id: 1, name: 'one', at: '2026-01-02 03:04:05+00', doc: { a: [1, 2] } },
    ]);
    expect(objects.fields.map((f) => f.name)).toEqual(['id', 'name', 'at', 'doc']);
    const arrays = await db.query('select id, name from t', [], { rowMode: 'array' });
    expect(arrays.rows).toEqual([[1, 'one']]);
  });

  it('hands back PostgreSQL errors with their code and constraint', async () => {
    await db.query('insert into t (id) values (2)');
    const err = await db.query('insert into t (id) values (2)').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({ code: '23505', constraint: 't_pkey' });
    expect((err as Error).message).toMatch(/duplicate key/);
  });

  it('commits a transaction that resolves and rolls back one that throws', async () => {
    const value = await db.transaction(async (tx) => {
      await tx.query('insert into t (id, name) values (10, $1)', ['kept']);
      return 'done';
    });
    expect(value).toBe('done');
    const thrown = await db
      .transaction(async (tx) => {
        await tx.query('insert into t (id, name) values (11, $1)', ['lost']);
        throw new Error('changed my mind');
      })
      .catch((e: unknown) => e);
    expect((thrown as Error).message).toBe('changed my mind');
    const rows = await db.query('select name from t where id in (10, 11) order by id');
    expect(rows.rows).toEqual([{ name: 'kept' }]);
  });

  it('runs a query from outside only after an open transaction ends', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const tx = db.transaction(async (client) => {
      await client.query('insert into t (id, name) values (20, $1)', ['inside']);
      await held;
    });
    // Give the transaction time to open and write before the outside read is sent.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const outside = db.query('select count(*)::int as n from t where id = 20');
    let answered = false;
    void outside.then(() => (answered = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered).toBe(false);
    release();
    await tx;
    expect((await outside).rows).toEqual([{ n: 1 }]);
  });

  it('leaves this thread free while a statement runs', async () => {
    // On this thread, PGlite's WebAssembly would hold it for the whole statement: the timer
    // could only fire after the statement's answer.
    const order: string[] = [];
    const statement = db.query('select pg_sleep(0.5)').then(() => order.push('statement'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    order.push('timer');
    await statement;
    expect(order).toEqual(['timer', 'statement']);
  });

  it('refuses calls once closed, without hanging', async () => {
    const other = await PGliteThread.create();
    await other.close();
    await expect(other.query('select 1')).rejects.toThrow(/database thread stopped/);
  });
});
