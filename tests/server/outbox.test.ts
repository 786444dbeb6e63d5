import { describe, expect, it } from 'vitest';
import { json, setupTestApps, uniqueEmail } from './helpers';

const newApp = setupTestApps();

describe('local outbox', () => {
  it('lists mail to this machine only, and never through a proxy', async () => {
    const t = await newApp();
    const email = uniqueEmail('outbox');
    await t.app.inject({
      method: 'POST',
      url: '/v1/auth/sign-up',
      ...json({ name: 'O', email, password: 'Secret1!x' }),
    });

    await t.app.ctx.mail.drain();
    const page = await t.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain(`data-to="${email}"`);
    expect(page.body).toMatch(/href="http:\/\/localhost:3000\/verify-email\?token=[A-Za-z0-9_-]+"/);
    const list = await t.app.inject({ method: 'GET', url: '/v1/dev/outbox' });
    expect(list.json().data[0]).toMatchObject({
      to: email,
      subject: expect.stringContaining('Verify'),
    });

    const remote = await t.app.inject({
      method: 'GET',
      url: '/dev/outbox',
      remoteAddress: '203.0.113.9',
    });
    expect(remote.statusCode).toBe(404);
    const proxied = await t.app.inject({
      method: 'GET',
      url: '/v1/dev/outbox',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(proxied.statusCode).toBe(404);
    expect(proxied.body).not.toContain(email);
  });

  it('does not exist once SMTP is configured', async () => {
    const t = await newApp({ env: { SMTP_URL: 'smtp://127.0.0.1:2525' } });
    expect(t.app.ctx.mailer.transport).toBe('smtp');
    expect((await t.app.inject({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/v1/dev/outbox' })).statusCode).toBe(404);
  });
});
