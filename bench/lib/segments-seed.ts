/**
 * The data of bench/segments.bench.ts: a verified account with its products made through the API,
 * customer profiles written by one `INSERT … SELECT generate_series` per slice on the app's own
 * database, and events written by DuckDB itself (as bench/reports.bench.ts writes them).
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { DuckDBInstance } from '@duckdb/node-api';
import { DUCKDB_FILE_NAME, openDuckDBStore } from '../../server/analytics';
import type { SegmentDefinitionInput, SegmentEventCondition } from '../../lib/contracts/segments';
import type { Db } from '../../server/db/client';

/** The plans of the seeded profiles, one in four each: `plan = pro` keeps a quarter. */
const PLANS = ['free', 'pro', 'team', 'enterprise'] as const;

/** `Order Placed`, counted in a frequency and a time range. */
const event = (
  frequency: SegmentEventCondition['frequency'],
  timeframe: SegmentEventCondition['timeframe'],
) => ({
  type: 'event' as const,
  event_code: 'Order Placed',
  frequency,
  timeframe,
  attribute_conditions: [],
  attribute_condition_operator: 'AND' as const,
});
/** The counted segment: two attribute conditions (`pro` plan, 3 orders or more), one event. */
export const COUNTED: SegmentDefinitionInput = {
  operator: 'AND',
  conditions: [
    { type: 'customer', customer_key: 'plan', condition_type: 'exact', value: 'pro' },
    { type: 'customer', customer_key: 'orders', condition_type: '>=', value: 3 },
    event(
      { condition_type: 'at_least', value: 2 },
      { condition_type: 'in_the_last', value: 30, unit: 'days' },
    ),
  ],
};
/** Every profile of the export's product (it has no events): two attributes, one event. */
export const EVERYONE: SegmentDefinitionInput = {
  operator: 'AND',
  conditions: [
    { type: 'customer', customer_key: 'plan', condition_type: 'not_empty', value: null },
    { type: 'customer', customer_key: 'orders', condition_type: '>=', value: 0 },
    event({ condition_type: 'at_most', value: 1000 }, { condition_type: 'anytime' }),
  ],
};

/** POSTs JSON to the API, with a bearer token when given. */
export function poster(base: string) {
  return (route: string, body: unknown, token?: string) =>
    fetch(`${base}${route}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
}

/** A free account (one product): signs up, verifies (the link from the app's outbox) and signs in; answers the token. */
export async function signedInAccount(
  post: ReturnType<typeof poster>,
  latestLink: () => Promise<string>,
  email: string,
): Promise<string> {
  await post('/auth/sign-up', { name: 'Bench', email, password: 'Bench1!pw' });
  const verifyToken = new URL(await latestLink()).searchParams.get('token');
  await post('/auth/verify-email', { token: verifyToken, password: 'Bench1!pw' });
  const signIn = await post('/auth/sign-in', { email, password: 'Bench1!pw' });
  return ((await signIn.json()) as { data: { token: string } }).data.token;
}

/** A product of the account, made through the API; answers its id. */
export async function createProduct(
  post: ReturnType<typeof poster>,
  token: string,
  name: string,
): Promise<number> {
  const res = await post(
    '/brands',
    { name, domain: `${name.toLowerCase()}.example.com`, time_zone: 'Europe/Paris' },
    token,
  );
  if (res.status !== 201 && res.status !== 200) throw new Error(`product: ${res.status}`);
  return ((await res.json()) as { data: { id: number } }).data.id;
}

/**
 * `count` profiles of `brandId` keyed `<prefix><n>`: `plan` one of PLANS (n mod 4), `orders`
 * n mod 10, first seen 90 days ago. Written 50,000 rows a statement.
 */
export async function seedProfiles(db: Db, brandId: number, prefix: string, count: number) {
  const slice = 50_000;
  for (let from = 0; from < count; from += slice) {
    const to = Math.min(count, from + slice) - 1;
    await db.execute(
      sql.raw(`INSERT INTO customer_profiles
        (brand_id, customer_key, email, name, data_attributes, metadata, first_seen, last_seen)
      SELECT ${Number(brandId)}, '${prefix}' || n, '${prefix}' || n || '@example.com',
        'Customer ' || n,
        jsonb_build_object('plan', (ARRAY[${PLANS.map((p) => `'${p}'`).join(',')}])[1 + n % 4],
          'orders', n % 10),
        '{}'::jsonb, now() - interval '90 days', now()
      FROM generate_series(${from}, ${to}) AS n`),
    );
  }
}

/**
 * `events` events of `brandId` over the customers `c0` … `c<customers - 1>` and 60 days: every
 * tenth is `Order Placed`, the others spread over 40 codes.
 */
export async function seedEvents(dir: string, brandId: number, events: number, customers: number) {
  const file = path.join(dir, DUCKDB_FILE_NAME);
  await (await openDuckDBStore(file)).close(); // creates the table and its indexes
  const db = await DuckDBInstance.create(file);
  const c = await db.connect();
  await c.run(`INSERT INTO events
    SELECT ${Number(brandId)}, 'seed-' || i, 'track',
      CASE WHEN i % 10 = 1 THEN 'Order Placed' ELSE 'Event ' || (i % 40) END,
      'c' || (hash(i) % ${customers}), NULL, 'c' || (hash(i) % ${customers}),
      now()::TIMESTAMP - INTERVAL (i % 5184000) SECOND, now()::TIMESTAMP,
      '{"total":' || (i % 100) || '}',
      '{}', NULL, NULL, NULL, NULL, NULL, NULL, NULL
    FROM range(${events}) t(i)`);
  c.closeSync();
  db.closeSync();
}
