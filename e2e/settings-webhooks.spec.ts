import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { MESSAGES } from '../lib/messages';
import { accountWithBrand, signInDashboard } from './api';
import { expect, test } from './fixtures';

/**
 * Settings → Webhooks end to end (docs/webhooks.md, "Dashboard"): an endpoint added in the UI on
 * a local receiver (the e2e server's APP_URL is loopback, so http://127.0.0.1 is allowed), its
 * secret shown once and copied, Send test event, and the receiver verifies the delivery with the
 * unmodified `standardwebhooks` library while the delivery log shows it succeeded.
 */

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver on 127.0.0.1 and a random port that keeps every request and answers 200. */
async function receiver(): Promise<{ url: string; got: Received[]; close: () => Promise<void> }> {
  const got: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      got.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/signpost-hooks`,
    got,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The three Standard Webhooks headers as the library reads them. */
const signed = (h: IncomingHttpHeaders) => ({
  'webhook-id': String(h['webhook-id']),
  'webhook-timestamp': String(h['webhook-timestamp']),
  'webhook-signature': String(h['webhook-signature']),
});

test('an endpoint added in Settings receives a signed test event, logged as succeeded', async ({
  page,
  request,
  context,
}) => {
  const hook = await receiver();
  try {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const acct = await accountWithBrand(request, 'settings-webhooks');
    await signInDashboard(page, acct);
    await page.goto('/settings#webhooks');
    const section = page.getByRole('region', { name: 'Webhooks' });

    // Add endpoint: the URL of the local receiver and one topic.
    await section.getByRole('button', { name: 'Add endpoint' }).press('Enter');
    const form = page.getByRole('dialog', { name: 'Add endpoint' });
    await form.getByRole('textbox', { name: 'Endpoint URL' }).fill(hook.url);
    await form.getByRole('checkbox', { name: 'flow.completed' }).check();
    // Buttons are pressed from the keyboard: the Theme section's tour preview, just below, is
    // drawn over the dialogs and takes their pointer events (reported).
    await form.getByRole('button', { name: 'Add endpoint' }).press('Enter');

    // The secret, once, with Copy.
    const shown = page.getByRole('dialog', { name: 'Signing secret' });
    await expect(shown).toContainText('you will not see it again');
    const secret = (await shown.getByTestId('webhook-secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
    await shown.getByRole('button', { name: 'Copy signing secret' }).press('Enter');
    await expect(page.getByText(MESSAGES.webhooks.copied)).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await shown.getByRole('button', { name: 'Done' }).press('Enter');
    await expect(shown).toBeHidden();

    const row = section.getByRole('row', { name: new RegExp(hook.url.replace(/[.:/]/g, '\\$&')) });
    await expect(row).toContainText('flow.completed');
    await expect(row).toContainText('Enabled');
    await expect(row).toContainText('None yet');

    // The delivery log: Send test event.
    await row.getByRole('button', { name: `Deliveries ${hook.url}` }).press('Enter');
    const log = page.getByRole('dialog', { name: 'Delivery log' });
    await expect(log.getByText(/No deliveries yet/)).toBeVisible();
    await log.getByRole('button', { name: 'Send test event' }).press('Enter');

    await expect.poll(() => hook.got.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
    const delivery = hook.got[0]!;
    // The receiver's own check, with the secret the dashboard showed.
    const verified = new Webhook(secret).verify(delivery.body, signed(delivery.headers));
    expect(verified).toMatchObject({ type: 'webhook.test', data: { brand_id: acct.brandId } });
    // A tampered body is refused by the same library.
    expect(() =>
      new Webhook(secret).verify(delivery.body.replace('test', 'tost'), signed(delivery.headers)),
    ).toThrow();

    const first = log.getByRole('table', { name: 'Deliveries' }).getByRole('row').nth(1);
    await expect(first).toContainText('webhook.test');
    await expect(first).toContainText('Succeeded', { timeout: 20_000 });
    await expect(first).toContainText('200');
    await page.keyboard.press('Escape');
    await expect(log).toBeHidden();
    await expect(row).toContainText('Succeeded');
  } finally {
    await hook.close();
  }
});
