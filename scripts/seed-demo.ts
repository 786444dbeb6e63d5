/**
 * `npm run seed:demo [-- --events N --days D --customers C --now ISO]`: a demo account with one tracked product,
 * customers, event definitions and realistic traffic (about 200,000 events by default), loaded
 * through the real ingestion pipeline into the configured stores, and two published product
 * tours with their sessions over the same days (scripts/seed-demo-tours.ts), and a reports
 * dashboard with one report of each type (scripts/seed-demo-reports.ts), three segments
 * (scripts/seed-demo-segments.ts) and a published tour targeting one of them
 * (scripts/seed-demo-segment-tour.ts), and three short links with their clicks
 * (scripts/seed-demo-short-urls.ts). The pricing tour's tooltip points at the demo shop the server
 * itself serves (`/demo/pricing`, docs/builder.md); a re-run moves it there when an earlier
 * version pointed it elsewhere. The data ends at `--now` (default: this moment);
 * a fixed moment draws the same data whatever the hour. Stop the server first: the data directory
 * belongs to one process.
 */
import { DEMO_ACCOUNT_EMAIL } from '../lib/demo';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../server/app';
import { openDatabase } from '../server/db/client';
import { lockDataDir } from '../server/db/data-dir-lock';
import { appUrl, isLoopbackUrl, loadEnv, readDotEnv } from '../server/env';
import { seedDemoReports } from './seed-demo-reports';
import { createRand } from './seed-demo-rhythm';
import { SEGMENT_TOUR, SEGMENT_TOUR_SEGMENT, seedDemoSegmentTour } from './seed-demo-segment-tour';
import { seedDemoSegments } from './seed-demo-segments';
import { seedDemoShortUrls } from './seed-demo-short-urls';
import { FLOW_EVENT_DEFS, seedDemoTours, type DemoVisitor } from './seed-demo-tours';
import { demoTraffic } from './seed-demo-traffic';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DEMO = { email: DEMO_ACCOUNT_EMAIL, password: 'Demo123!', name: 'Demo User' };

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isFinite(v) || v <= 0) throw new Error(`--${name} must be a positive number`);
  return Math.floor(v);
}

/** `--now <ISO date>`: the moment the seeded history ends; not in the future. */
function nowArg(): number {
  const i = process.argv.indexOf('--now');
  if (i < 0) return Date.now();
  const at = Date.parse(process.argv[i + 1] ?? '');
  if (!Number.isFinite(at) || at > Date.now()) throw new Error('--now must be a past ISO date');
  return at;
}

// Seeded: two runs with the same arguments draw the same customers and events.
const rand = createRand(42);

const EVENT_DEFS = [
  {
    code: 'Signed Up',
    name: 'Signed up',
    attributes: [{ code: 'plan', name: 'Plan', data_type: 'string' }],
  },
  {
    code: 'Product Viewed',
    name: 'Product viewed',
    attributes: [
      { code: 'sku', name: 'SKU', data_type: 'string' },
      { code: 'price', name: 'Price', data_type: 'number' },
    ],
  },
  {
    code: 'Added to Cart',
    name: 'Added to cart',
    attributes: [
      { code: 'sku', name: 'SKU', data_type: 'string' },
      { code: 'quantity', name: 'Quantity', data_type: 'number' },
    ],
  },
  {
    code: 'Checkout Started',
    name: 'Checkout started',
    attributes: [{ code: 'total', name: 'Total', data_type: 'number' }],
  },
  {
    code: 'Order Completed',
    name: 'Order completed',
    attributes: [
      { code: 'total', name: 'Total', data_type: 'number' },
      { code: 'coupon', name: 'Coupon used', data_type: 'boolean' },
    ],
  },
  {
    code: 'Feature Used',
    name: 'Feature used',
    attributes: [{ code: 'feature', name: 'Feature', data_type: 'string' }],
  },
] as const;

type Call = (
  method: 'GET' | 'PUT',
  url: string,
  body?: unknown,
) => Promise<{ status: number; body: { data: unknown } }>;

/** Adds `origin` to the product's allowed origins unless it is there already. */
async function trustOrigin(call: Call, brandId: number, origin: string) {
  const sources = (await call('GET', `/v1/brands/${brandId}/sources`)).body.data as {
    allowed_origins: string[];
    require_signed_identity: boolean;
  };
  if (sources.allowed_origins.includes(origin)) return;
  const res = await call('PUT', `/v1/brands/${brandId}/sources`, {
    allowed_origins: [...sources.allowed_origins, origin],
    require_signed_identity: sources.require_signed_identity,
  });
  if (res.status !== 200) throw new Error(`trusting ${origin} answered ${res.status}`);
}

async function main() {
  const totalEvents = arg('events', 200_000);
  const days = arg('days', 30);
  const now = nowArg();
  readDotEnv(path.join(ROOT, '.env'));
  // A bulk import by the operator: the per-product rate and daily allowance do not apply.
  const env = loadEnv({
    ...process.env,
    NODE_ENV: process.env.NODE_ENV ?? 'production',
    INGEST_RATE_PER_KEY: '0',
    INGEST_DAILY_EVENTS_PER_MAU: '0',
    INGEST_DAILY_BYTES_PER_MAU: '0',
  });
  const release = lockDataDir(env.DATA_DIR);
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  const app = await buildApp({
    env,
    database,
    realtime: false,
    mailer: { transport: 'outbox', send: async () => undefined },
  });
  try {
    const { ctx } = app;
    if (!(await ctx.users.findByEmail(DEMO.email))) {
      await ctx.authService.signUp({ name: DEMO.name, email: DEMO.email, password: DEMO.password });
      const user = await ctx.users.findByEmail(DEMO.email);
      await ctx.users.update(user!.id, { emailVerifiedAt: new Date() });
    }
    const session = await ctx.authService.signIn(
      { email: DEMO.email, password: DEMO.password },
      { ip: '127.0.0.1', userAgent: 'seed:demo' },
    );
    const headers = {
      authorization: `Bearer ${session.token}`,
      'content-type': 'application/json',
    };
    const call = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => {
      const res = await app.inject({
        method,
        url,
        headers,
        payload: body ? JSON.stringify(body) : undefined,
      });
      return { status: res.statusCode, body: res.json() as { data: unknown } };
    };

    const brands = (await call('GET', '/v1/brands')).body.data as {
      data: { id: number; write_key: string }[];
    };
    const brand =
      brands.data[0] ??
      ((await call('POST', '/v1/brands', { name: 'Demo Shop', domain: 'shop.example.com' })).body
        .data as {
        id: number;
        write_key: string;
      });
    const site = appUrl(env);
    const demoPage = `${site}/demo/pricing?key=${encodeURIComponent(brand.write_key)}`;
    // Loopback is trusted anyway (docs/builder.md, "Trusted origins, matched exactly").
    if (!isLoopbackUrl(site)) await trustOrigin(call, brand.id, new URL(site).origin);
    for (const def of [...EVENT_DEFS, ...FLOW_EVENT_DEFS])
      await call('POST', '/v1/events', { brand_id: brand.id, ...def });
    await call('POST', '/v1/metadata-attributes', {
      brand_id: brand.id,
      custom_field_name: 'tier',
      name: 'Tier',
      data_type: 'string',
    });
    await call('POST', '/v1/metadata-attributes', {
      brand_id: brand.id,
      custom_field_name: 'seats',
      name: 'Seats',
      data_type: 'number',
    });
    await call('POST', '/v1/data-attributes', {
      brand_id: brand.id,
      field_name: 'plan',
      name: 'Plan',
      data_type: 'string',
    });
    await call('POST', '/v1/data-attributes', {
      brand_id: brand.id,
      field_name: 'company',
      name: 'Company',
      data_type: 'string',
    });

    const customers = arg('customers', Math.max(20, Math.round(totalEvents / 200)));
    let batch: Record<string, unknown>[] = [];
    let sent = 0;
    const visitors: DemoVisitor[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      const res = await app.inject({
        method: 'POST',
        url: '/v1/batch',
        headers: { authorization: `Bearer ${brand.write_key}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ batch }),
      });
      if (res.statusCode !== 200)
        throw new Error(`ingestion answered ${res.statusCode}: ${res.body}`);
      sent += batch.length;
      batch = [];
      if (sent % 20_000 < 500) process.stdout.write(`\r${sent.toLocaleString()} events`);
    };
    const traffic = demoTraffic({
      budget: totalEvents,
      customers,
      days,
      now,
      rand,
      visitors,
    });
    for (const message of traffic) {
      if (sent + batch.length >= totalEvents) break;
      batch.push({ messageId: randomUUID(), ...message });
      if (batch.length >= 500) await flush();
    }
    await flush();
    process.stdout.write('\n');
    console.log(
      `Seeded ${sent.toLocaleString()} events over ${days} days for ${visitors.length.toLocaleString()} customers.`,
    );
    const tours = await seedDemoTours({
      app,
      db: database.db,
      call,
      brandId: brand.id,
      ownerId: (await ctx.users.findByEmail(DEMO.email))!.id,
      visitors,
      now,
      rand,
      demoPage,
    });
    console.log(
      `Tours: ${tours.tours.map((t) => `"${t.name}" (#${t.id})`).join(', ')}; ` +
        `${tours.sessions.toLocaleString()} sessions written.`,
    );
    const reports = await seedDemoReports({ call, brandId: brand.id });
    console.log(
      reports.saved.length
        ? `Reports dashboard: ${reports.saved.map((n) => `"${n}"`).join(', ')}.`
        : 'Reports dashboard: already there.',
    );
    const segments = await seedDemoSegments({ call, brandId: brand.id });
    console.log(
      segments.saved.length
        ? `Segments: ${segments.saved.map((n) => `"${n}"`).join(', ')}.`
        : 'Segments: already there.',
    );
    const segmentTour = await seedDemoSegmentTour({
      call,
      brandId: brand.id,
      segmentId: segments.ids.get(SEGMENT_TOUR_SEGMENT)!,
    });
    console.log(
      segmentTour.action === 'kept'
        ? 'Segment tour: already there.'
        : `Segment tour: "${SEGMENT_TOUR}" (#${segmentTour.id}) ${segmentTour.action}, ` +
            `targeting "${SEGMENT_TOUR_SEGMENT}".`,
    );
    const links = await seedDemoShortUrls({
      app,
      call,
      brandId: brand.id,
      ownerId: (await ctx.users.findByEmail(DEMO.email))!.id,
      days,
      now,
      rand,
    });
    console.log(
      links.made.length
        ? `Short links: ${links.made.map((s) => `/s/${s}`).join(', ')}; ${links.clicks.toLocaleString()} clicks.`
        : 'Short links: already there.',
    );
    console.log(`Sign in at ${site}/sign-in`);
    console.log(`  e-mail:   ${DEMO.email}`);
    console.log(`  password: ${DEMO.password}`);
    console.log(`Demo shop (tours and the builder on it): ${demoPage}`);
  } finally {
    await app.close();
    await database.close();
    release();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
