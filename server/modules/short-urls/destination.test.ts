import { describe, expect, it } from 'vitest';
import { SHORT_URL_LIMITS_TEXT, UTM_FIELDS, type Utm } from '../../../lib/contracts/short-urls';
import { destinationOf } from './destination';

/**
 * The rule of docs/short-urls.md ("The destination's query"), written the plain way with one
 * URL object per call: the redirect's prepared version must answer exactly the same.
 */
function reference(link: { url: string; utm: Utm }, requestQuery: string) {
  const url = new URL(link.url);
  for (const k of UTM_FIELDS) {
    const v = link.utm[k];
    if (v) url.searchParams.set(`utm_${k}`, v);
  }
  if (requestQuery) {
    // The link's own parameters, but for utm_*, are the link's: the visitor's copies are dropped.
    const fixed = new Set(
      [...url.searchParams.keys()].map((n) => n.toLowerCase()).filter((n) => !n.startsWith('utm_')),
    );
    const incoming = new URLSearchParams(requestQuery);
    for (const name of new Set(incoming.keys())) {
      if (fixed.has(name.toLowerCase())) continue;
      url.searchParams.delete(name);
      for (const v of incoming.getAll(name)) url.searchParams.append(name, v);
    }
  }
  const utm: Utm = {};
  for (const k of UTM_FIELDS) {
    const v = url.searchParams.get(`utm_${k}`);
    if (v) utm[k] = v.slice(0, SHORT_URL_LIMITS_TEXT.utm);
  }
  return { location: url.toString(), utm };
}

const links: { url: string; utm: Utm }[] = [
  { url: 'https://shop.example.com/p1?ref=mail', utm: { source: 'newsletter', medium: 'email' } },
  { url: 'https://shop.example.com/', utm: {} },
  { url: 'https://shop.example.com/a/b?x=1&x=2&utm_source=old#top', utm: { source: 'new' } },
  { url: 'https://shop.example.com/a?', utm: {} },
  { url: 'https://user:pw@shop.example.com:8443/ü path?q=a b', utm: { campaign: 'spring sale' } },
  { url: 'http://shop.example.com/p?utm_term=kept', utm: { content: 'c&d=e' } },
  { url: 'https://shop.example.com/go?next=/home&color=red', utm: { campaign: 'spring' } },
];

const queries = [
  '',
  'utm_medium=sms',
  'utm_medium=sms&utm_medium=push',
  'a=1&b=2&a=3',
  'x=9&ref=web',
  '&',
  '=',
  'utm_source=&utm_campaign=x',
  'q=%E2%9C%93&sp=a+b',
  `utm_content=${'c'.repeat(400)}`,
  // Kept as they are, or re-encoded as the form encoding writes them.
  'fbclid=IwAR2x_Ab-c.d*e&gclid=Cj0KCQ',
  'a&b=&utm_source',
  "a=b=c&ref=%41%7e~!('x')",
  'name=ü ✓&%zz=%E2%9C&x=%2B+%26',
  '?utm_medium=sms&?q=1',
  '&&utm_campaign=x&&',
  'REF=upper&ref=lower',
  'next=https://evil.example/&NEXT=x&Next&ref=web&x=2',
  'color=blue&utm_campaign=own&new=1',
];

describe('destinationOf', () => {
  it('answers what the plain rule answers, for every link and query', () => {
    for (const link of links)
      for (const q of queries) {
        expect(destinationOf(link, q), `${link.url} + ${q}`).toEqual(reference(link, q));
        // The second call uses the link's prepared part.
        expect(destinationOf(link, q), `${link.url} + ${q} (again)`).toEqual(reference(link, q));
      }
  });

  it('lets the request override utm_* values and add parameters, keeping the rest in order', () => {
    const link = { url: 'https://shop.example.com/p?ref=mail', utm: { medium: 'email' } };
    expect(destinationOf(link, 'utm_medium=sms&z=1')).toEqual({
      location: 'https://shop.example.com/p?ref=mail&utm_medium=sms&z=1',
      utm: { medium: 'sms' },
    });
  });

  it('never lets the request replace or repeat a parameter the link sets (but utm_*)', () => {
    const link = { url: 'https://shop.example.com/login?next=/home', utm: {} };
    for (const q of [
      'next=https://evil.example/',
      'NEXT=https://evil.example/',
      'next=https%3A%2F%2Fevil.example%2F&next=x',
      '?next=https://evil.example/',
    ]) {
      const to = new URL(destinationOf(link, q).location);
      expect([...to.searchParams], q).toEqual([['next', '/home']]);
    }
    const to = new URL(destinationOf(link, 'next=//evil.example&lang=de').location);
    expect([...to.searchParams]).toEqual([
      ['next', '/home'],
      ['lang', 'de'],
    ]);
  });
});
