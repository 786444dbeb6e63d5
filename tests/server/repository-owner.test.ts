import { beforeAll, describe, expect, it } from 'vitest';
import { createAttributesRepository } from '@/server/modules/profiles/attributes.repository';
import { createEventsRepository } from '@/server/modules/events/events.repository';
import { createFlowsRepository } from '@/server/modules/flows/flows.repository';
import { createReportsRepository } from '@/server/modules/reports/reports.repository';
import { createShortUrlsRepository } from '@/server/modules/short-urls/short-urls.repository';
import { ENGINE, setupTestAccount, signUpVerified } from './helpers';
import { aFlow, aFlowCondition } from '../fixtures/flows';

const t = setupTestAccount();
const { call } = t;
let stranger: string;

beforeAll(async () => {
  stranger = (await signUpVerified(t.app)).userId;
});

// The services check the owner first; the repositories check again, so a bug upstream cannot
// reach another account's row.
describe(`repositories filter writes by owner (${ENGINE})`, () => {
  it('events: another owner neither reads, updates nor deletes a definition', async () => {
    const created = await call('POST', '/v1/events', {
      brand_id: t.brandId,
      name: 'Signed up',
      code: 'signed_up',
      attributes: [],
    });
    const id = created.json().data.id as number;
    const repo = createEventsRepository(t.database.db);
    const values = { brandId: t.brandId, name: 'Hijacked', code: 'signed_up', attributes: [] };
    expect(await repo.find(stranger, id)).toBeUndefined();
    expect(await repo.update(stranger, id, values)).toBeUndefined();
    await repo.remove(stranger, id);
    expect((await repo.find(t.userId, id))?.name).toBe('Signed up');
    expect((await repo.update(t.userId, id, { ...values, name: 'Renamed' }))?.name).toBe('Renamed');
  });

  it('flows: another owner neither reads, updates nor deletes a flow', async () => {
    const created = await call(
      'POST',
      '/v1/flows',
      aFlow({ brand_id: t.brandId, name: 'Tour', condition: aFlowCondition(), steps: [] }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    const repo = createFlowsRepository(t.database.db);
    const row = (await repo.find(t.userId, id))!;
    const values = {
      brandId: row.brandId,
      name: 'Hijacked',
      published: false,
      definition: row.definition,
      layout: row.layout,
      definitionBytes: row.definitionBytes,
    };
    expect(await repo.find(stranger, id)).toBeUndefined();
    expect(await repo.update(stranger, id, values)).toBeUndefined();
    await repo.remove(stranger, id);
    expect((await repo.find(t.userId, id))?.name).toBe('Tour');
  });

  it('attribute definitions: another owner neither reads, updates nor deletes one', async () => {
    const created = await call('POST', '/v1/metadata-attributes', {
      brand_id: t.brandId,
      custom_field_name: 'tier',
      name: 'Tier',
      data_type: 'string',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    const repo = createAttributesRepository(t.database.db);
    const values = {
      brandId: t.brandId,
      customFieldName: 'tier',
      name: 'Hijacked',
      dataType: 'string' as const,
    };
    expect(await repo.findMetadata(stranger, id)).toBeUndefined();
    expect(await repo.updateMetadata(stranger, id, values)).toBeUndefined();
    await repo.removeMetadata(stranger, id);
    expect((await repo.findMetadata(t.userId, id))?.name).toBe('Tier');
  });

  it('reports: another owner neither reads, lists, updates nor deletes a saved report', async () => {
    const query = {
      brand_id: t.brandId,
      type: 'trend' as const,
      series: [{ event: 'Order', measure: 'total' as const, filters: [] }],
      granularity: 'day' as const,
      date_preset: 'past_7_day' as const,
      compare: false,
    };
    const values = {
      brandId: t.brandId,
      name: 'Orders',
      type: 'trend',
      query,
      chart: { kind: 'line' as const, stacked: false },
      pinned: false,
    };
    const repo = createReportsRepository(t.database.db);
    const row = (await repo.insert(values))!;
    expect(await repo.find(stranger, row.id)).toBeUndefined();
    expect((await repo.list(stranger, { offset: 0, limit: 10 })).total).toBe(0);
    expect(await repo.update(stranger, row.id, { ...values, name: 'Hijacked' })).toBeUndefined();
    expect(await repo.remove(stranger, row.id)).toBeUndefined();
    expect((await repo.find(t.userId, row.id))?.report.name).toBe('Orders');
    expect((await repo.list(t.userId, { offset: 0, limit: 10 })).total).toBe(1);
  });

  it('short links: another owner neither reads, lists, updates nor deletes a link', async () => {
    const values = {
      brandId: t.brandId,
      slug: 'owner-check',
      url: 'https://shop.example.com/sale',
      utm: { source: 'mail' },
      expiresAt: null,
      expiredUrl: null,
      disabled: false,
    };
    const repo = createShortUrlsRepository(t.database.db);
    const row = await repo.insert(values);
    expect(await repo.find(stranger, row.id)).toBeUndefined();
    expect((await repo.list(stranger, { offset: 0, limit: 10 })).total).toBe(0);
    expect(
      await repo.update(stranger, row.id, { ...values, url: 'https://evil.example' }),
    ).toBeUndefined();
    expect(await repo.remove(stranger, row.id)).toBeUndefined();
    expect((await repo.find(t.userId, row.id))?.link.url).toBe('https://shop.example.com/sale');
    expect((await repo.list(t.userId, { offset: 0, limit: 10 })).total).toBe(1);
  });
});
