import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openAnalyticsStore } from '@/server/analytics';
import { openDatabase } from '@/server/db/client';
import { accountUsage, customerProfiles, events } from '@/server/db/schema';

/** `npm run seed:demo` end to end on a throw-away DATA_DIR, small enough for the suite. */
const ROOT = path.resolve(__dirname, '../..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'signpost-seed-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('seed:demo', () => {
  it('creates the demo account, a product, definitions, customers and events through the pipeline', async () => {
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/seed-demo.ts', '--events', '3000', '--days', '10'],
      {
        cwd: ROOT,
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          CLICKHOUSE_URL: '',
          SMTP_URL: '',
          LOG_LEVEL: 'warn',
        },
        encoding: 'utf8',
        timeout: 120_000,
      },
    );
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('demo@signpost.dev');
    expect(run.stdout).toMatch(/Seeded [\d,]+ events over 10 days/);

    const database = await openDatabase({ dataDir });
    const store = await openAnalyticsStore({ dataDir });
    try {
      const defs = await database.db.select().from(events);
      expect(defs.map((e) => e.code)).toEqual(
        expect.arrayContaining(['Order Completed', 'Feature Used']),
      );
      const profiles = await database.db.select().from(customerProfiles);
      expect(profiles.length).toBeGreaterThan(5);
      expect(profiles[0]!.email).toMatch(/@/);
      const brandId = defs[0]!.brandId;
      const counts = await store.query({
        kind: 'countsByEvent',
        brandId,
        from: new Date(Date.now() - 11 * 86_400_000),
        to: new Date(Date.now() + 60_000),
      });
      const total = counts.reduce((n, c) => n + c.count, 0);
      expect(total).toBeGreaterThan(2500);
      expect(total).toBeLessThanOrEqual(3000);
      expect(counts.map((c) => c.event)).toContain('$pageview');
      // Every identified customer was counted active in some month, and never twice in one.
      const usage = await database.db.select().from(accountUsage);
      const counted = usage.reduce((n, u) => n + u.mauCount, 0);
      expect(counted).toBeGreaterThanOrEqual(profiles.length);
      for (const u of usage) expect(u.mauCount).toBeLessThanOrEqual(profiles.length);
    } finally {
      await store.close();
      await database.close();
    }
  });
});
