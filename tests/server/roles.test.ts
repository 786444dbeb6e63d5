import { describe, expect, it } from 'vitest';
import { setupTestApps } from './helpers';

const newApp = setupTestApps();

describe('ROLE', () => {
  it('web nodes serve health but no API', async () => {
    const web = await newApp({ env: { ROLE: 'web' } });
    expect((await web.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const api = await web.app.inject({ method: 'GET', url: '/v1/plans/available-plan' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ status: 404, code: 'not_found' });
  });

  it('api nodes serve the API', async () => {
    const api = await newApp({ env: { ROLE: 'api' } });
    expect(
      (await api.app.inject({ method: 'GET', url: '/v1/plans/available-plan' })).statusCode,
    ).toBe(200);
  });
});
