import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../lib/messages';
import { StoreUnavailableError, type Batcher } from '../../analytics/batcher';
import { createIngestService, verifySignedIdentity } from './ingest.service';
import type { KeyOwner, WriteKeys } from './write-keys';

const owner: KeyOwner = {
  brandId: 1,
  ownerId: 'o',
  trusted: false,
  domain: 'shop.example.com',
  allowedOrigins: [],
  requireSignedIdentity: false,
  identitySecret: null,
};
const writeKeys = { resolve: async () => owner, clear: () => undefined } as unknown as WriteKeys;
const failing = (err: unknown): Batcher => ({
  submit: () => Promise.reject(new StoreUnavailableError(err)),
  pending: () => 0,
  drain: async () => undefined,
  close: async () => undefined,
});
const message = { type: 'identify', userId: 'u', traits: { email: 'a@b.io' } };
const request = { writeKey: 'wk', messages: [message], userAgent: null, country: null };

describe('ingest service', () => {
  it('answers a database data error 400 profile_rejected (not retried), an outage 503', async () => {
    const data = Object.assign(new Error('Failed query'), { cause: { code: '22008' } });
    await expect(
      createIngestService({ writeKeys, batcher: failing(data) }).ingest(request),
    ).rejects.toMatchObject({
      status: 400,
      code: 'profile_rejected',
      message: MESSAGES.ingest.profileRejected,
    });
    await expect(
      createIngestService({ writeKeys, batcher: failing(new Error('ECONNREFUSED')) }).ingest(
        request,
      ),
    ).rejects.toMatchObject({ status: 503, code: 'store_unavailable' });
  });

  it('verifies a signed identity, refusing anything malformed', () => {
    const secret = 'f'.repeat(64);
    const real = createHmac('sha256', secret).update('u-1').digest('hex');
    expect(verifySignedIdentity('u-1', real, secret)).toBe(true);
    expect(verifySignedIdentity('u-1', real.toUpperCase(), secret)).toBe(true);
    expect(verifySignedIdentity('u-2', real, secret)).toBe(false);
    expect(verifySignedIdentity('u-1', real.slice(0, 63), secret)).toBe(false);
    expect(verifySignedIdentity('u-1', 'zz'.repeat(32), secret)).toBe(false);
    expect(verifySignedIdentity('u-1', null, secret)).toBe(false);
    expect(verifySignedIdentity('u-1', real, null)).toBe(false);
  });
});
