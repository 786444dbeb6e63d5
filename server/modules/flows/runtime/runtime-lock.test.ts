import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { FlowSessionsRepository, VisitorIds } from '../flow-sessions.repository';
import type { KeyOwner } from '../../ingest/write-keys';
import { createFlowRuntimeService } from './runtime.service';

const owner: KeyOwner = {
  brandId: 1,
  ownerId: 'owner-1',
  trusted: false,
  domain: 'shop.example.com',
  allowedOrigins: [],
  requireSignedIdentity: false,
  identitySecret: 'identity-secret',
};
/** A signed user id: only those key a visitor by user id (docs/flows.md, "Who a visitor is"). */
const sign = (userId: string) =>
  createHmac('sha256', owner.identitySecret!).update(userId).digest('hex');

/**
 * A runtime whose session reads take a while and count how many decisions read each visitor at
 * the same moment: the per-visitor lock keeps that at one (docs/flows.md, "Sessions").
 */
function runtime() {
  const reading = new Map<string, number>();
  const most = new Map<string, number>();
  let all = 0;
  const everyone = { most: 0 };
  const sessions = {
    async visitorState(_brandId: number, v: VisitorIds) {
      const key = v.userId ?? v.anonymousId;
      const now = (reading.get(key) ?? 0) + 1;
      reading.set(key, now);
      most.set(key, Math.max(most.get(key) ?? 0, now));
      everyone.most = Math.max(everyone.most, ++all);
      await new Promise((r) => setTimeout(r, 5));
      reading.set(key, now - 1);
      all--;
      return { started: new Map(), lastEnded: new Map(), hasOpen: false };
    },
  } as unknown as FlowSessionsRepository;
  const flowRuntime = createFlowRuntimeService({
    writeKeys: { resolve: async () => owner } as never,
    published: { get: async () => new Map() } as never,
    sessions,
    profiles: { findVisitor: async () => undefined as never },
    store: { query: async () => [] } as never,
    events: { push: () => undefined },
  });
  const ask = (anonymousId: string, userId: string | null = null) =>
    flowRuntime.available(
      { writeKey: 'wk_test' },
      {
        anonymousId,
        userId,
        userHash: userId === null ? undefined : sign(userId),
        url: 'https://shop.example.com/',
      },
    );
  return { ask, most, everyone };
}

describe('flow runtime: one decision per visitor at a time', () => {
  it('decisions of one visitor (by anonymous id or user id) wait for each other', async () => {
    const { ask, most } = runtime();
    await Promise.all([ask('tab'), ask('tab'), ask('tab')]);
    // Two devices of one signed-in user: different anonymous ids, one user id.
    await Promise.all([ask('phone', 'user-1'), ask('laptop', 'user-1')]);
    expect(most.get('tab')).toBe(1);
    expect(most.get('user-1')).toBe(1);
  });

  it('decisions of different visitors run alongside', async () => {
    const { ask, most, everyone } = runtime();
    await Promise.all([ask('a'), ask('b'), ask('c', 'user-2')]);
    expect(everyone.most).toBe(3);
    expect(most.get('a')).toBe(1);
  });
});
