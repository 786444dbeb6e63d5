import { describe, expect, it } from 'vitest';
import type { ShortUrl } from '@/lib/contracts/short-urls';
import {
  formValuesOf,
  hasUtm,
  isoToLocalInput,
  localInputToIso,
  shortUrlStatus,
  withDisabled,
} from './short-url-form';

const link: ShortUrl = {
  id: 3,
  brand_id: 7,
  brand_name: 'Shop',
  slug: 'spring',
  short_url: 'http://localhost/s/spring',
  url: 'https://shop.example.com/sale',
  utm: { source: 'news' },
  expires_at: null,
  expired_url: null,
  disabled: false,
  clicks: 0,
  unique_clicks: 0,
  bot_clicks: 0,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
};

describe('short link form helpers', () => {
  it('names the status: disabled first, then expired', () => {
    const now = Date.parse('2026-11-10T00:00:00Z');
    expect(shortUrlStatus(link, now)).toBe('Active');
    expect(shortUrlStatus({ ...link, expires_at: '2026-11-09T00:00:00Z' }, now)).toBe('Expired');
    expect(shortUrlStatus({ ...link, expires_at: '2026-11-11T00:00:00Z' }, now)).toBe('Active');
    expect(
      shortUrlStatus({ ...link, disabled: true, expires_at: '2026-11-09T00:00:00Z' }, now),
    ).toBe('Disabled');
  });

  it('converts datetime-local values to ISO and back on the browser clock', () => {
    expect(localInputToIso('')).toBeNull();
    expect(localInputToIso('nonsense')).toBeNull();
    const iso = localInputToIso('2026-12-31T23:59');
    expect(iso).toBe(new Date(2026, 11, 31, 23, 59).toISOString());
    expect(isoToLocalInput(iso)).toBe('2026-12-31T23:59');
    expect(isoToLocalInput(null)).toBe('');
  });

  it('fills the form from a link, and keeps the rest when only disabled changes', () => {
    expect(formValuesOf(7)).toMatchObject({ brand_id: 7, url: '', slug: '', expires_at: null });
    expect(formValuesOf(9, link)).toMatchObject({
      brand_id: 7,
      slug: 'spring',
      utm: { source: 'news', medium: '', campaign: '', term: '', content: '' },
    });
    expect(withDisabled(link, true)).toEqual({
      brand_id: 7,
      url: link.url,
      slug: 'spring',
      utm: { source: 'news' },
      expires_at: null,
      expired_url: null,
      disabled: true,
    });
    expect(hasUtm(link)).toBe(true);
    expect(hasUtm({ ...link, utm: {} })).toBe(false);
  });
});
