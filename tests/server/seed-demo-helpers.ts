import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect } from 'vitest';
import { createTestApp, request } from './helpers';

/** `npm run seed:demo` end to end on a throw-away DATA_DIR, with `args` such as `--events N`. */
const ROOT = path.resolve(__dirname, '../..');

export const seedDemo = (dataDir: string, args: Record<string, number | string>) =>
  spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'scripts/seed-demo.ts',
      ...Object.entries(args).flatMap(([k, v]) => [`--${k}`, String(v)]),
    ],
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

export interface ListedFlow {
  id: number;
  name: string;
  status: string;
  step_count: number;
}

/** The seeded app signed in as the demo user: its product and tours through the API. */
export async function demoApi(dataDir: string) {
  const t = await createTestApp({ db: { dataDir } });
  const signIn = await t.app.inject({
    method: 'POST',
    url: '/v1/auth/sign-in',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ email: 'demo@signpost.dev', password: 'Demo123!' }),
  });
  expect(signIn.statusCode, signIn.body).toBe(200);
  const call = request(t.app, (signIn.json() as { data: { token: string } }).data.token);
  const brands = (await call('GET', '/v1/brands')).json() as { data: { data: { id: number }[] } };
  const brandId = brands.data.data[0]!.id;
  const list = (await call('GET', `/v1/flows?brand_id=${brandId}&limit=100`)).json() as {
    data: { data: ListedFlow[] };
  };
  return { t, call, brandId, flows: list.data.data };
}
