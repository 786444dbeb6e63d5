import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { flows } from '@/server/db/schema';
import { createFlowsRepository } from '@/server/modules/flows/flows.repository';
import { aFlow, aStep } from '../fixtures/flows';
import { ENGINE, setupTestAccount } from './helpers';

// `flows.target_changed_at` keeps only what target health can still use (docs/flows.md, "Target
// health"): stamps of steps still in the tour, newer than the 24-hour window.
let clock = Date.UTC(2026, 0, 10, 12);
const t = setupTestAccount({ now: () => new Date(clock) });
const HOUR = 3_600_000;

const tip = (id: string, selector: string) =>
  aStep({ id, type: 'tool_tip', select_element: { url: '/cart', selector } });

async function stamps(id: number) {
  const [row] = await t.database.db
    .select({ stamps: flows.targetChangedAt })
    .from(flows)
    .where(eq(flows.id, id));
  return row?.stamps;
}

describe(`target change stamps (${ENGINE})`, () => {
  it('drop steps no longer in the tour and stamps older than the window, on save and on pick', async () => {
    const body = (...steps: ReturnType<typeof tip>[]) => aFlow({ brand_id: t.brandId, steps });
    const created = await t.call('POST', '/v1/flows', body(tip('a', '#a'), tip('b', '#b')));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    const at = (ms: number) => new Date(ms).toISOString();

    const first = clock;
    const save = async (...steps: ReturnType<typeof tip>[]) =>
      expect((await t.call('PUT', `/v1/flows/${id}`, body(...steps))).statusCode).toBe(200);
    await save(tip('a', '#a2'), tip('b', '#b2'));
    expect(await stamps(id)).toEqual({ a: at(first), b: at(first) });

    // Step b is deleted: its stamp goes with it; a's stays as it was.
    clock += HOUR;
    await save(tip('a', '#a2'));
    expect(await stamps(id)).toEqual({ a: at(first) });

    // A day later a's stamp is older than any session the health counts: dropped.
    clock += 24 * HOUR;
    const later = clock;
    await save(tip('a', '#a2'), tip('c', '#c'));
    expect(await stamps(id)).toEqual({ c: at(later) });

    // The builder's pick prunes the same way.
    clock += 25 * HOUR;
    const repo = createFlowsRepository(t.database.db);
    const picked = await repo.setStepTarget(
      t.userId,
      id,
      {
        brandId: t.brandId,
        stepId: 'a',
        selectElement: { url: '/cart', selector: '#a3' },
        at: new Date(clock),
      },
      { check: (row) => row.definitionBytes },
    );
    expect(picked?.targetChangedAt).toEqual({ a: at(clock) });
  });
});
