import type { APIRequestContext, Page } from '@playwright/test';

let accounts = 0;

/** A verified account with one tracked product, made through the real API and local outbox. */
export async function accountWithBrand(request: APIRequestContext, label: string) {
  const email = `${label}-${Date.now()}@example.com`;
  const password = 'Secret1!x';
  // A client address per account (a documentation range, only ever a header): the per-address
  // limits of the auth endpoints hold for each, as they would for separate people.
  accounts += 1;
  const from = { 'x-forwarded-for': `198.51.100.${accounts % 250}` };
  const up = await request.post('/v1/auth/sign-up', {
    data: { name: 'E2E', email, password },
    headers: from,
  });
  if (up.status() !== 201) throw new Error(`sign-up: ${up.status()}`);
  let link: string | undefined;
  for (let i = 0; i < 50 && !link; i++) {
    const box = (await (await request.get('/v1/dev/outbox')).json()) as {
      data: { to: string; links: string[] }[];
    };
    link = box.data.find((m) => m.to === email)?.links[0];
    if (!link) await new Promise((r) => setTimeout(r, 100));
  }
  if (!link) throw new Error('no verification mail');
  await request.post('/v1/auth/verify-email', {
    data: { token: new URL(link).searchParams.get('token'), password },
    headers: from,
  });
  const session = (await (
    await request.post('/v1/auth/sign-in', { data: { email, password }, headers: from })
  ).json()) as { data: { token: string } };
  const token = session.data.token;
  const brand = (await (
    await request.post('/v1/brands', {
      data: { name: 'E2E Shop', domain: 'shop.example.com' },
      headers: { authorization: `Bearer ${token}` },
    })
  ).json()) as { data: { id: number; write_key: string } };
  return { email, password, token, brandId: brand.data.id, writeKey: brand.data.write_key };
}

export interface TailRow {
  event: string;
  message_id: string;
  user_id: string | null;
  anonymous_id: string | null;
  properties: Record<string, unknown>;
}

/** Newest stored events of one code, through the dashboard API. */
export async function tail(
  request: APIRequestContext,
  token: string,
  brandId: number,
  event: string,
): Promise<TailRow[]> {
  const res = await request.get(
    `/v1/tracking-session-data/tail?brand_id=${brandId}&event_name=${encodeURIComponent(event)}&limit=200`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  return ((await res.json()) as { data: { data: TailRow[] } }).data.data;
}

/** Signs the dashboard in as the account, on its product, before the page's own scripts run. */
export async function signInDashboard(page: Page, acct: { token: string; brandId: number }) {
  await page.addInitScript(
    ([token, brandId]) => {
      localStorage.setItem('token', token);
      localStorage.setItem('brand_id', brandId);
    },
    [acct.token, String(acct.brandId)],
  );
}

/** Defines an event of the account's product through the API. */
export async function defineEvent(
  request: APIRequestContext,
  acct: { token: string; brandId: number },
  code: string,
  name: string,
) {
  const res = await request.post('/v1/events', {
    headers: { authorization: `Bearer ${acct.token}` },
    data: { brand_id: acct.brandId, name, code, attributes: [] },
  });
  if (res.status() !== 201) throw new Error(`event: ${res.status()}`);
}
