import { describe, expect, it } from 'vitest';
import { clickEventRow, type Click } from './click-queue';

const click = (over: Partial<Click> = {}): Click => ({
  link: { id: 4, brandId: 2, ownerId: 'owner', slug: 'promo', url: 'https://shop.example.com/p' },
  at: new Date('2026-11-27T10:00:00Z'),
  fingerprint: 'abc.4.1',
  hour: 1,
  visitor: 'lv_abc',
  bot: null,
  userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1',
  referrer: 'https://news.example.org/a?b=c',
  country: 'DE',
  utm: { source: 'mail', medium: '' },
  ...over,
});

describe('clickEventRow', () => {
  it('gives every click its own message id', () => {
    const ids = new Set(
      Array.from({ length: 5_000 }, () => clickEventRow(click(), true).messageId),
    );
    expect(ids.size).toBe(5_000);
  });

  it('writes the link, the flags and the non-empty UTM values as properties', () => {
    const row = clickEventRow(click({ bot: 'preview' }), false);
    expect(row.properties).toEqual({
      link_id: 4,
      slug: 'promo',
      bot: true,
      bot_reason: 'preview',
      unique: false,
      referrer: 'news.example.org',
      utm_source: 'mail',
    });
    expect(JSON.parse(row.propertiesJson!)).toEqual(row.properties);
    expect(row).toMatchObject({
      brandId: 2,
      event: 'link_clicked',
      anonymousId: 'lv_abc',
      customerKey: 'lv_abc',
      path: '/s/promo',
      device: 'Mobile',
      os: 'iOS',
      country: 'DE',
    });
  });
});
