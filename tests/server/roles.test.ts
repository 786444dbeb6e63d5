import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

const apps: (TestApp & { drop: () => Promise<void> })[] = [];
afterAll(async () => {
  for (const a of apps) await a.drop();
});

describe('ROLE', () => {
  it('web nodes serve health but no API', async () => {
    const web = await createTestApp({ env: { ROLE: 'web' } });
    apps.push(web);
    expect((await web.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const api = await web.app.inject({ method: 'GET', url: '/v1/plans/available-plan' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ status: 404, code: 'not_found' });
  });

  it('api nodes serve the API', async () => {
    const api = await createTestApp({ env: { ROLE: 'api' } });
    apps.push(api);
    expect(
      (await api.app.inject({ method: 'GET', url: '/v1/plans/available-plan' })).statusCode,
    ).toBe(200);
  });
});
