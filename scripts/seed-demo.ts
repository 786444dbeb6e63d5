/**
 * `npm run seed:demo [-- --events N --days D]`: a demo account with one tracked product,
 * customers, event definitions and realistic traffic (about 200,000 events by default), loaded
 * through the real ingestion pipeline into the configured stores, and two published product
 * tours with their sessions over the same days (scripts/seed-demo-tours.ts), and a reports
 * dashboard with one report of each type (scripts/seed-demo-reports.ts), and three short links
 * with their clicks (scripts/seed-demo-short-urls.ts). Stop the server
 * first: the data directory belongs to one process.
 */
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../server/app';
import { openDatabase } from '../server/db/client';
import { lockDataDir } from '../server/db/data-dir-lock';
import { loadEnv, readDotEnv } from '../server/env';
import { seedDemoReports } from './seed-demo-reports';
import { seedDemoShortUrls } from './seed-demo-short-urls';
import { FLOW_EVENT_DEFS, seedDemoTours, type DemoVisitor } from './seed-demo-tours';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DEMO = { email: 'demo@signpost.dev', password: 'Demo123!', name: 'Demo User' };

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isFinite(v) || v <= 0) throw new Error(`--${name} must be a positive number`);
  return Math.floor(v);
}

// A small deterministic PRNG so two runs with the same arguments look alike.
let seed = 42;
const rand = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;

const PAGES = ['/', '/pricing', '/features', '/docs', '/blog', '/signup', '/app', '/app/settings'];
const PLANS = ['free', 'starter', 'growth', 'scale'] as const;
const COMPANIES = ['Acme', 'Globex', 'Initech', 'Umbrella', 'Hooli', 'Stark', 'Wayne', 'Wonka'];
const FIRST = ['Ada', 'Grace', 'Alan', 'Linus', 'Margaret', 'Ken', 'Barbara', 'Dennis', 'Radia'];
const LAST = ['Lovelace', 'Hopper', 'Turing', 'Torvalds', 'Hamilton', 'Thompson', 'Liskov'];
const AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36',
];
const LOCALES = ['en-US', 'en-GB', 'de-DE', 'fr-FR', 'es-ES', 'ja-JP', 'pt-BR'];

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

async function main() {
  const totalEvents = arg('events', 200_000);
  const days = arg('days', 30);
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
    const call = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
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

    const customers = Math.max(20, Math.round(totalEvents / 200));
    const now = Date.now();
    const span = days * 86_400_000;
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
    const push = async (m: Record<string, unknown>) => {
      batch.push({ messageId: randomUUID(), ...m });
      if (batch.length >= 500) await flush();
    };

    for (let c = 0; c < customers && sent + batch.length < totalEvents; c++) {
      const identified = rand() < 0.7;
      const userId = identified ? `user_${c + 1}` : undefined;
      const anonymousId = `anon_${c + 1}`;
      const first = pick(FIRST);
      const last = pick(LAST);
      const company = pick(COMPANIES);
      const context = { userAgent: pick(AGENTS), locale: pick(LOCALES) };
      const start = now - span + Math.floor(rand() * span * 0.9);
      const perCustomer = Math.max(5, Math.round((totalEvents / customers) * (0.4 + rand() * 1.2)));
      let t = start;
      const visitor: DemoVisitor = { userId, anonymousId, firstSeen: start };
      visitors.push(visitor);
      const step = Math.max(60_000, Math.floor((now - start) / perCustomer));
      if (userId)
        await push({
          type: 'identify',
          userId,
          anonymousId,
          timestamp: new Date(t).toISOString(),
          context,
          traits: {
            email: `${first}.${last}.${c + 1}@${company.toLowerCase()}.example`.toLowerCase(),
            name: `${first} ${last}`,
            plan: pick(PLANS),
            company,
            created_at: new Date(t).toISOString(),
            metadata: {
              tier: pick(['bronze', 'silver', 'gold']),
              seats: 1 + Math.floor(rand() * 50),
            },
          },
        });
      for (let i = 0; i < perCustomer && sent + batch.length < totalEvents; i++) {
        t = Math.min(now - 1000, t + Math.floor(step * (0.5 + rand())));
        const base = { userId, anonymousId, timestamp: new Date(t).toISOString(), context };
        const r = rand();
        const pagePath = pick(PAGES);
        if (r < 0.55)
          await push({
            ...base,
            type: 'page',
            name: pagePath,
            properties: { url: `https://shop.example.com${pagePath}`, path: pagePath },
          });
        else if (r < 0.7) {
          visitor.firstProductView ??= t;
          await push({
            ...base,
            type: 'track',
            event: 'Product Viewed',
            properties: {
              sku: `SKU-${1 + Math.floor(rand() * 40)}`,
              price: 5 + Math.floor(rand() * 200),
            },
          });
        } else if (r < 0.8)
          await push({
            ...base,
            type: 'track',
            event: 'Added to Cart',
            properties: {
              sku: `SKU-${1 + Math.floor(rand() * 40)}`,
              quantity: 1 + Math.floor(rand() * 3),
            },
          });
        else if (r < 0.86)
          await push({
            ...base,
            type: 'track',
            event: 'Checkout Started',
            properties: { total: 20 + Math.floor(rand() * 400) },
          });
        else if (r < 0.9)
          await push({
            ...base,
            type: 'track',
            event: 'Order Completed',
            properties: { total: 20 + Math.floor(rand() * 400), coupon: rand() < 0.2 },
          });
        else if (r < 0.98)
          await push({
            ...base,
            type: 'track',
            event: 'Feature Used',
            properties: { feature: pick(['export', 'share', 'search', 'tours', 'reports']) },
          });
        else await push({ ...base, type: 'track', event: 'Newsletter Subscribed', properties: {} });
      }
      if (userId && rand() < 0.3)
        await push({
          type: 'track',
          event: 'Signed Up',
          userId,
          anonymousId,
          timestamp: new Date(start + 1000).toISOString(),
          context,
          properties: { plan: 'free' },
        });
    }
    await flush();
    process.stdout.write('\n');
    console.log(
      `Seeded ${sent.toLocaleString()} events over ${days} days for ${customers} customers.`,
    );
    const tours = await seedDemoTours({
      app,
      db: database.db,
      call,
      brandId: brand.id,
      ownerId: (await ctx.users.findByEmail(DEMO.email))!.id,
      visitors,
      now: Date.now(),
      rand,
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
    const links = await seedDemoShortUrls({
      app,
      call,
      brandId: brand.id,
      ownerId: (await ctx.users.findByEmail(DEMO.email))!.id,
      days,
      now: Date.now(),
      rand,
    });
    console.log(
      links.made.length
        ? `Short links: ${links.made.map((s) => `/s/${s}`).join(', ')}; ${links.clicks.toLocaleString()} clicks.`
        : 'Short links: already there.',
    );
    console.log(`Sign in at ${env.APP_URL ?? `http://localhost:${env.PORT}`}/sign-in`);
    console.log(`  e-mail:   ${DEMO.email}`);
    console.log(`  password: ${DEMO.password}`);
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
