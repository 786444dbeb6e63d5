import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import {
  endpointUrlProblem,
  isPublicAddress,
  type DestinationPolicy,
  type Lookup,
} from './destination-guard';
import { newMessageId, newWebhookSecret, webhookHeaders } from './standard-webhooks';
import { retryAfterSeconds, sendAttempt, WEBHOOK_RESPONSE_EXCERPT } from './webhook-sender';

const PUBLIC: DestinationPolicy = { allowPrivate: false };
const LOCAL: DestinationPolicy = { allowPrivate: true };

/** A resolver answering fixed addresses for every name (DNS is an edge we do not own). */
const resolvesTo =
  (...addresses: string[]): Lookup =>
  (_host, _options, callback) =>
    callback(
      null,
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    );

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

/** A receiver on 127.0.0.1 answering `reply` to every request, recording what it got. */
async function receiver(reply: (res: http.ServerResponse) => void) {
  const got: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      got.push({ headers: req.headers, body });
      reply(res);
    });
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { got, port, url: `http://127.0.0.1:${port}/hook` };
}

/** The three headers as the receiver library reads them. */
const asRecord = (h: http.IncomingHttpHeaders) => ({
  'webhook-id': String(h['webhook-id']),
  'webhook-timestamp': String(h['webhook-timestamp']),
  'webhook-signature': String(h['webhook-signature']),
});

describe('Standard Webhooks signatures, checked by the unmodified standardwebhooks library', () => {
  const body = JSON.stringify({ type: 'flow.completed', data: { flow_id: 7 } });

  it('verifies a signed message, and refuses a tampered body or a wrong secret', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const headers = webhookHeaders([secret], newMessageId(), new Date(), body);
    expect(new Webhook(secret).verify(body, { ...headers })).toEqual(JSON.parse(body));
    expect(() => new Webhook(secret).verify(body.replace('7', '8'), { ...headers })).toThrow();
    expect(() => new Webhook(newWebhookSecret()).verify(body, { ...headers })).toThrow();
  });

  it('refuses a timestamp older than five minutes', () => {
    const secret = newWebhookSecret();
    const old = new Date(Date.now() - 6 * 60 * 1000);
    const headers = webhookHeaders([secret], newMessageId(), old, body);
    expect(() => new Webhook(secret).verify(body, { ...headers })).toThrow(/timestamp/i);
  });

  it('signs with both secrets after a rotation, so receivers holding either verify', () => {
    const [previous, current] = [newWebhookSecret(), newWebhookSecret()];
    const headers = webhookHeaders([current, previous], newMessageId(), new Date(), body);
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(() => new Webhook(previous).verify(body, { ...headers })).not.toThrow();
    expect(() => new Webhook(current).verify(body, { ...headers })).not.toThrow();
  });
});

describe('destinations', () => {
  it('tells public unicast addresses from the server’s own networks', () => {
    for (const ok of ['8.8.8.8', '1.1.1.1', '2001:4860:4860::8888'])
      expect(isPublicAddress(ok)).toBe(true);
    for (const bad of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      'not an address',
    ])
      expect(isPublicAddress(bad), bad).toBe(false);
  });

  it('checks an endpoint URL when it is saved', () => {
    expect(endpointUrlProblem('https://hooks.example.com/in', PUBLIC)).toBeNull();
    expect(endpointUrlProblem('http://hooks.example.com/in', PUBLIC)).toMatch(/https/);
    expect(endpointUrlProblem('https://127.0.0.1/in', PUBLIC)).toMatch(/public addresses/);
    expect(endpointUrlProblem('https://[::1]/in', PUBLIC)).toMatch(/public addresses/);
    expect(endpointUrlProblem('https://169.254.169.254/latest', PUBLIC)).toMatch(/public/);
    expect(endpointUrlProblem('https://localhost/in', PUBLIC)).toMatch(/public host name/);
    expect(endpointUrlProblem('https://intranet/in', PUBLIC)).toMatch(/public host name/);
    expect(endpointUrlProblem('https://u:p@hooks.example.com/', PUBLIC)).toMatch(/credentials/);
    expect(endpointUrlProblem('ftp://hooks.example.com/', PUBLIC)).toMatch(/https/);
    expect(endpointUrlProblem('hooks.example.com', PUBLIC)).toMatch(/full URL/);
    // A developer's machine (loopback APP_URL) sends anywhere.
    expect(endpointUrlProblem('http://127.0.0.1:4000/in', LOCAL)).toBeNull();
    expect(endpointUrlProblem('http://localhost:4000/in', LOCAL)).toBeNull();
  });
});

describe('one attempt', () => {
  it('delivers a body the receiver verifies, and keeps status, 1 KB of the answer and Retry-After', async () => {
    const secret = newWebhookSecret();
    const { got, url } = await receiver((res) => {
      res.writeHead(503, { 'retry-after': '120' });
      res.end('x'.repeat(5000));
    });
    const body = JSON.stringify({ type: 'customer.created', data: { id: 'c1' } });
    const headers = webhookHeaders([secret], newMessageId(), new Date(), body);
    const result = await sendAttempt({ url, body, headers, policy: LOCAL });
    expect(result).toMatchObject({ status: 503, retryAfterSeconds: 120, forbidden: false });
    expect(result.excerpt).toHaveLength(WEBHOOK_RESPONSE_EXCERPT);
    expect(got).toHaveLength(1);
    expect(new Webhook(secret).verify(got[0]!.body, asRecord(got[0]!.headers))).toEqual(
      JSON.parse(body),
    );
  });

  it('refuses, at send time, a name resolving to 127.0.0.1 on a public server', async () => {
    const { got, port } = await receiver((res) => res.end('ok'));
    const body = '{}';
    const headers = webhookHeaders([newWebhookSecret()], newMessageId(), new Date(), body);
    const url = `http://hooks.example.com:${port}/hook`;
    // The save-time check passes (a public-looking name); only resolution tells.
    expect(endpointUrlProblem(url.replace('http:', 'https:'), PUBLIC)).toBeNull();
    const refused = await sendAttempt({
      url,
      body,
      headers,
      policy: PUBLIC,
      resolve: resolvesTo('127.0.0.1'),
    });
    expect(refused).toMatchObject({ status: null, forbidden: true });
    expect(refused.excerpt).toMatch(/127\.0\.0\.1/);
    // One private address among public ones is enough to refuse.
    const mixed = await sendAttempt({
      url,
      body,
      headers,
      policy: PUBLIC,
      resolve: resolvesTo('93.184.216.34', '127.0.0.1'),
    });
    expect(mixed.forbidden).toBe(true);
    const literal = await sendAttempt({
      url: `http://127.0.0.1:${port}/hook`,
      body,
      headers,
      policy: PUBLIC,
    });
    expect(literal.forbidden).toBe(true);
    expect(got).toHaveLength(0);
    // The same name on a developer's machine reaches the receiver.
    const allowed = await sendAttempt({
      url,
      body,
      headers,
      policy: LOCAL,
      resolve: resolvesTo('127.0.0.1'),
    });
    expect(allowed.status).toBe(200);
    expect(got).toHaveLength(1);
  });

  it('gives up on a receiver that never answers, without throwing', async () => {
    const { url } = await receiver(() => {
      /* never answers */
    });
    const body = '{}';
    const headers = webhookHeaders([newWebhookSecret()], newMessageId(), new Date(), body);
    const result = await sendAttempt({ url, body, headers, policy: LOCAL, timeoutMs: 200 });
    expect(result).toMatchObject({ status: null, forbidden: false });
    expect(result.excerpt).toMatch(/No answer within/);
  });

  it('reads Retry-After as seconds or as a date', () => {
    const now = new Date('2026-11-29T10:00:00Z');
    expect(retryAfterSeconds('30', now)).toBe(30);
    expect(retryAfterSeconds('Sun, 29 Nov 2026 10:02:00 GMT', now)).toBe(120);
    expect(retryAfterSeconds('soon', now)).toBeNull();
    expect(retryAfterSeconds(undefined, now)).toBeNull();
  });
});
