import { ROUTES } from '../lib/routes';
import { signInDashboard, accountWithBrand } from './api';
import { expect, test } from './fixtures';
import { aFlow, aFlowCondition } from '../tests/fixtures/flows';

test('every dashboard route renders under the CSP; pages and API answers carry the security headers', async ({
  page,
  request,
}) => {
  // Every route of the dashboard in turn (35 and growing), each until its network is idle: on a
  // loaded CI machine that passed the default 60 s budget of one test.
  test.slow();
  const acct = await accountWithBrand(request, 'csp');
  const headers = { authorization: `Bearer ${acct.token}` };
  const event = await request.post('/v1/events', {
    headers,
    data: { brand_id: acct.brandId, name: 'Viewed', code: 'Viewed', attributes: [] },
  });
  const eventId = ((await event.json()) as { data: { id: number } }).data.id;
  await request.post('/v1/identify', {
    headers: { authorization: `Bearer ${acct.writeKey}` },
    data: { userId: 'csp-customer', traits: { email: 'c@example.com' } },
  });
  const profiles = await request.get(`/v1/customer-profiles?brand_id=${acct.brandId}`, { headers });
  const profileId = ((await profiles.json()) as { data: { data: { id: number }[] } }).data.data[0]!
    .id;
  const flow = await request.post('/v1/flows', {
    headers,
    data: aFlow({
      brand_id: acct.brandId,
      name: 'CSP tour',
      condition: aFlowCondition(),
      steps: [],
    }),
  });
  expect(flow.status(), await flow.text()).toBe(201);
  const flowId = ((await flow.json()) as { data: { id: number } }).data.id;

  await signInDashboard(page, acct);
  const ids: Record<string, number> = {
    '/events/[id]': eventId,
    '/customer-profiles/[id]': profileId,
    '/flows/[id]': flowId,
    '/flows/[id]/report': flowId,
  };
  for (const route of ROUTES) {
    const url = route.pattern
      .replace('[...slug]', 'no-such-page')
      .replace('[id]', String(ids[route.pattern] ?? 1));
    const res = await page.goto(url);
    expect(res?.status(), url).toBeLessThan(500);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('body'), url).not.toBeEmpty();
  }

  // A page's own headers.
  const pageRes = await request.get('/brands');
  const csp = pageRes.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toContain('unsafe-eval');
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'self'");
  expect(pageRes.headers()['x-content-type-options']).toBe('nosniff');
  expect(pageRes.headers()['x-frame-options']).toBe('DENY');
  expect(pageRes.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
  // An authenticated API answer.
  const apiRes = await request.get('/v1/users/me', { headers });
  expect(apiRes.headers()['x-content-type-options']).toBe('nosniff');
  expect(apiRes.headers()['cache-control']).toBe('no-store');
  // The SDK stays loadable from any site.
  const sdk = await request.get('/sdk.js');
  expect(sdk.status()).toBe(200);
  expect(sdk.headers()['cross-origin-resource-policy']).toBe('cross-origin');
});
