import { describe, expect, it } from 'vitest';
import { reports } from '@/server/db/schema';
import { ENGINE, setupTestAccount } from './helpers';

/**
 * Saved reports are answered from their stored JSON (docs/reports.md, "Saved reports"): a row
 * saved under an older contract (a chart kind or a date preset since dropped) is still answered,
 * and never turns the whole list into an error.
 */

const t = setupTestAccount();
const { call } = t;

/** A row as an older version may have left it, written to the table directly. */
async function storeOddRow() {
  const query = {
    brand_id: t.brandId,
    type: 'trend',
    series: [{ event: 'Order', measure: 'total', filters: [] }],
    granularity: 'day',
    date_preset: 'past_90_day',
    legacy_option: true,
  };
  const [row] = await t.database.db
    .insert(reports)
    .values({
      brandId: t.brandId,
      name: 'Old one',
      type: 'trend',
      query: query as never,
      chart: { kind: 'area' } as never,
    })
    .returning();
  return { id: row!.id, query };
}

describe(`saved reports stored under an older contract (${ENGINE})`, () => {
  it('the list and the report answer an odd stored row: its chart read as the default, its query as stored', async () => {
    const good = await call('POST', '/v1/reports', {
      brand_id: t.brandId,
      name: 'Orders',
      query: {
        brand_id: t.brandId,
        type: 'trend',
        series: [{ event: 'Order', measure: 'total' }],
        granularity: 'week',
        date_preset: 'past_30_day',
      },
      chart: { kind: 'bar', stacked: true },
    });
    expect(good.statusCode).toBe(201);
    const odd = await storeOddRow();

    const list = await call('GET', `/v1/reports?brand_id=${t.brandId}`);
    expect(list.statusCode).toBe(200);
    const page = list.json().data;
    expect(page.total).toBe(2);
    expect(page.data.map((r: { name: string }) => r.name).sort()).toEqual(['Old one', 'Orders']);
    const oldOne = page.data.find((r: { id: number }) => r.id === odd.id);
    expect(oldOne).toMatchObject({
      type: 'trend',
      chart: { kind: 'line', stacked: false },
      query: odd.query,
    });
    // The well-formed report is answered as it was saved.
    expect(page.data.find((r: { id: number }) => r.id === good.json().data.id)).toEqual(
      good.json().data,
    );

    const read = await call('GET', `/v1/reports/${odd.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toEqual(oldOne);
  });
});
