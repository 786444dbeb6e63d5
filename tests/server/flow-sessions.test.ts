import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { flows } from '@/server/db/schema';
import {
  createFlowSessionsRepository,
  newSession,
} from '@/server/modules/flows/flow-sessions.repository';
import { withSeenVisitors } from '@/server/modules/flows/seen-visitors';
import { createAccount, ENGINE, setupTestAccount } from './helpers';
import type { FlowBody } from '@/lib/contracts/flows';
import { aButton, aFlow, aStep } from '../fixtures/flows';

let repo: ReturnType<typeof createFlowSessionsRepository>;

const tour = (extra: Partial<FlowBody> = {}) =>
  aFlow({
    brand_id: t.brandId,
    name: 'Welcome',
    publish: true,
    steps: [aStep({ content: '<p>Hi</p>', buttons: [aButton({ id: 'b1', label: 'Done' })] })],
    ...extra,
  });

const t = setupTestAccount();
const { call } = t;
let otherBrandId: number;
beforeAll(async () => {
  ({ brandId: otherBrandId } = await createAccount(t.app));
  repo = createFlowSessionsRepository(t.database.db, { now: () => new Date() });
});

const publishedAt = async (id: number) =>
  (await t.database.db.select().from(flows).where(eq(flows.id, id)))[0]?.publishedAt ?? null;

describe(`flow sessions (${ENGINE})`, () => {
  it('one open session per visitor and product; counts under any of their keys', async () => {
    const created = await call('POST', '/v1/flows', tour());
    expect(created.statusCode, created.body).toBe(201);
    const f = created.json().data as { id: number };
    const first = await repo.start({
      brandId: t.brandId,
      flowId: f.id,
      visitorKey: 'anon-1',
      stepId: 's1',
    });
    expect(first).toMatchObject({ state: 'open', currentStepId: 's1', progress: 0 });
    // What start answers is what was stored.
    expect(await repo.find(t.brandId, first!.id)).toEqual(first);
    // A second tab asking at the same time gets nothing new.
    expect(
      await repo.start({ brandId: t.brandId, flowId: f.id, visitorKey: 'anon-1', stepId: 's1' }),
    ).toBe(undefined);
    const visitor = { userId: 'user-1', anonymousId: 'anon-1' };
    expect((await repo.openFor(t.brandId, visitor))?.id).toBe(first!.id);
    expect(
      await repo.openFor(otherBrandId, { userId: null, anonymousId: 'anon-1' }),
    ).toBeUndefined();
    const state = await repo.visitorState(t.brandId, visitor);
    expect(state.started.get(f.id)).toBe(1);
    expect(state.hasOpen).toBe(true);
    // An anonymous id equal to a user's id never reaches that user's sessions.
    const mine = await repo.start({
      brandId: t.brandId,
      flowId: f.id,
      visitorKey: 'user-7',
      userId: 'user-7',
      anonymousId: 'anon-7',
      stepId: 's1',
    });
    expect(mine).toBeDefined();
    expect(await repo.openFor(t.brandId, { userId: null, anonymousId: 'user-7' })).toBeUndefined();
    expect(
      (await repo.visitorState(t.brandId, { userId: null, anonymousId: 'user-7' })).hasOpen,
    ).toBe(false);
    expect((await repo.openFor(t.brandId, { userId: 'user-7', anonymousId: 'x' }))?.id).toBe(
      mine!.id,
    );
    // An unsigned claim of the user id reaches the user's sessions of that same browser only.
    const claim = (anonymousId: string) => ({ userId: null, anonymousId, claimedUserId: 'user-7' });
    expect((await repo.openFor(t.brandId, claim('anon-7')))?.id).toBe(mine!.id);
    expect((await repo.visitorState(t.brandId, claim('anon-7'))).hasOpen).toBe(true);
    expect(await repo.openFor(t.brandId, claim('other-browser'))).toBeUndefined();
    expect((await repo.visitorState(t.brandId, claim('other-browser'))).hasOpen).toBe(false);
  });

  it('writes many sessions in one statement; a row meeting an open session of its visitor is left out', async () => {
    const f = (await call('POST', '/v1/flows', tour({ name: 'Many' }))).json().data as {
      id: number;
    };
    const held = (await repo.start({
      brandId: t.brandId,
      flowId: f.id,
      visitorKey: 'many-0',
      stepId: 's1',
    }))!;
    const at = new Date('2026-11-27T12:00:00Z');
    const rows = ['many-0', 'many-1', 'many-2'].map((visitorKey) =>
      newSession(
        { brandId: t.brandId, flowId: f.id, visitorKey, anonymousId: visitorKey, stepId: 's1' },
        at,
      ),
    );
    const stored = await repo.insertMany(rows);
    expect([...stored].sort()).toEqual([rows[1]!.id, rows[2]!.id].sort());
    expect(await repo.find(t.brandId, rows[0]!.id)).toBeUndefined();
    expect(await repo.find(t.brandId, rows[1]!.id)).toEqual(rows[1]);
    expect((await repo.openFor(t.brandId, { userId: null, anonymousId: 'many-0' }))?.id).toBe(
      held.id,
    );
    // A row of a tour that does not exist fails the whole statement: nothing of it is kept.
    const orphan = newSession(
      { brandId: t.brandId, flowId: 999_999, visitorKey: 'many-3', stepId: 's1' },
      at,
    );
    const fine = newSession(
      { brandId: t.brandId, flowId: f.id, visitorKey: 'many-4', stepId: 's1' },
      at,
    );
    await expect(repo.insertMany([fine, orphan])).rejects.toThrow();
    expect(await repo.find(t.brandId, fine.id)).toBeUndefined();
    expect(await repo.insertMany([])).toEqual(new Set());
  });

  it('progress only moves forward; nothing changes a session after it ended; other products see none', async () => {
    const f = (await call('POST', '/v1/flows', tour({ name: 'Two' }))).json().data as {
      id: number;
    };
    const s = (await repo.start({
      brandId: t.brandId,
      flowId: f.id,
      visitorKey: 'anon-2',
      stepId: 's1',
    }))!;
    expect((await repo.advance(t.brandId, s.id, 's2', 2))?.progress).toBe(2);
    expect((await repo.advance(t.brandId, s.id, 's1', 1))?.progress).toBe(2);
    expect(await repo.advance(otherBrandId, s.id, 's3', 3)).toBeUndefined();
    expect(await repo.find(otherBrandId, s.id)).toBeUndefined();
    expect((await repo.end(t.brandId, s.id, 'dismissed', 'dismissed'))?.state).toBe('dismissed');
    expect(await repo.end(t.brandId, s.id, 'completed')).toBeUndefined();
    expect(await repo.advance(t.brandId, s.id, 's3', 3)).toBeUndefined();
    expect((await repo.find(t.brandId, s.id))?.state).toBe('dismissed');
  });

  it('publishing stamps published_at; saving it published keeps it and its sessions; unpublishing ends them', async () => {
    const f = (await call('POST', '/v1/flows', tour({ name: 'Three' }))).json().data as {
      id: number;
    };
    const stamped = await publishedAt(f.id);
    expect(stamped).toBeInstanceOf(Date);
    const s = (await repo.start({
      brandId: t.brandId,
      flowId: f.id,
      visitorKey: 'anon-3',
      stepId: 's1',
    }))!;

    const edited = await call('PUT', `/v1/flows/${f.id}`, tour({ name: 'Three, edited' }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await publishedAt(f.id)).toEqual(stamped);
    expect((await repo.find(t.brandId, s.id))?.state).toBe('open');

    const off = await call('PUT', `/v1/flows/${f.id}`, tour({ name: 'Three', publish: false }));
    expect(off.statusCode, off.body).toBe(200);
    expect(await publishedAt(f.id)).toBeNull();
    expect(await repo.find(t.brandId, s.id)).toMatchObject({
      state: 'ended',
      endReason: 'unpublished',
    });
    expect(await repo.openFor(t.brandId, { userId: null, anonymousId: 'anon-3' })).toBeUndefined();
  });

  it('remembers which visitors ever had a session, and reads the database only for them', async () => {
    const f = (await call('POST', '/v1/flows', tour({ name: 'Seen' }))).json().data as {
      id: number;
    };
    // Written before the memory exists: loaded from the database on first use.
    await repo.start({ brandId: t.brandId, flowId: f.id, visitorKey: 'seen-before', stepId: 's1' });
    let reads = 0;
    const counted = {
      ...repo,
      visitorState: (...a: Parameters<typeof repo.visitorState>) => {
        reads++;
        return repo.visitorState(...a);
      },
    };
    const seen = withSeenVisitors(counted, { capacity: 4 });
    const anon = (id: string) => ({ userId: null, anonymousId: id });

    expect((await seen.visitorState(t.brandId, anon('seen-before'))).started.get(f.id)).toBe(1);
    expect(reads).toBe(1);
    const nobody = await seen.visitorState(t.brandId, anon('never-seen'));
    expect(nobody).toEqual({ started: new Map(), lastEnded: new Map(), hasOpen: false });
    expect(await seen.openFor(t.brandId, anon('never-seen'))).toBeUndefined();
    expect(reads).toBe(1);

    // More visitors than the filter was sized for: it grows, and forgets none of them.
    for (let i = 0; i < 9; i++)
      await seen.start({ brandId: t.brandId, flowId: f.id, visitorKey: `seen-${i}`, stepId: 's1' });
    for (let i = 0; i < 9; i++) {
      const s = await seen.visitorState(t.brandId, anon(`seen-${i}`));
      expect(s.hasOpen).toBe(true);
      expect(s.started.get(f.id)).toBe(1);
    }
    // A user's sessions are found by their user id, whatever anonymous id they come with.
    await seen.start({
      brandId: t.brandId,
      flowId: f.id,
      visitorKey: 'seen-user',
      userId: 'seen-user',
      anonymousId: 'a-1',
      stepId: 's1',
    });
    expect(
      (await seen.visitorState(t.brandId, { userId: 'seen-user', anonymousId: 'a-2' })).hasOpen,
    ).toBe(true);
    // Another product's memory is its own.
    const before = reads;
    await seen.visitorState(otherBrandId, anon('seen-before'));
    expect(reads).toBe(before);
  });
});
