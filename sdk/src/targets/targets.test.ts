import { describe, expect, it } from 'vitest';
import { selectElementSchema, stepSchema } from '../../../lib/contracts/flows';
import { describeTarget, isHashed } from './describe';
import { resolveTarget } from './resolve';

const page = (html: string) => {
  document.body.innerHTML = html;
};
const $ = (selector: string) => document.querySelector(selector)!;
const pickOf = (el: Element) => ({ url: '/', ...describeTarget(el) });

describe('isHashed', () => {
  it.each([
    'css-1x2y3z',
    'sc-bdVaJa',
    'jsx-2912345',
    'emotion-0',
    'Button_primary__3xK9a',
    ':r1:',
    'a3f9c2e1',
    'item-48213',
  ])('refuses %s', (name) => expect(isHashed(name)).toBe(true));
  it.each(['checkout', 'save-button', 'pricing-table', 'step-2', 'deadbeef', 'nav'])(
    'keeps %s',
    (name) => expect(isHashed(name)).toBe(false),
  );
});

describe('describeTarget', () => {
  it('grades a data attribute A and keeps every configured one, plus those the product adds', () => {
    page(
      '<button data-testid="buy" data-cy="buy-cy" data-track="buy-t" id="buy-button">Buy</button>',
    );
    const d = describeTarget($('button'), { attributes: ['data-track'] });
    expect(d.grade).toBe('A');
    expect(d.selector).toBe('[data-testid="buy"]');
    expect(d.candidates.slice(0, 4)).toEqual([
      { kind: 'attr', name: 'data-testid', value: 'buy' },
      { kind: 'attr', name: 'data-cy', value: 'buy-cy' },
      { kind: 'attr', name: 'data-track', value: 'buy-t' },
      { kind: 'id', value: 'buy-button' },
    ]);
    expect(d.candidates.at(-2)).toEqual({ kind: 'role', value: 'button', name: 'Buy' });
    expect(d.text).toBe('Buy');
    expect(d.hint).toBeUndefined();
  });

  it('grades a stable id A', () => {
    page('<div><a id="pricing" href="/p">Pricing</a></div>');
    expect(describeTarget($('a'))).toMatchObject({ grade: 'A', selector: '[id="pricing"]' });
  });

  it('refuses hashed ids and classes: role and name grade B, the path stays structural', () => {
    page(
      '<nav><button id="css-1a2b3c" class="Nav_item__x8Kq2">Sign up</button><button>Log in</button></nav>',
    );
    const d = describeTarget($('button'));
    expect(d.grade).toBe('B');
    expect(d.candidates.some((c) => c.kind === 'id')).toBe(false);
    expect(d.selector).not.toMatch(/css-1a2b3c|Nav_item/);
    expect(document.querySelectorAll(d.selector)).toHaveLength(1);
  });

  it('grades an element named only by its place C, with the attribute to add', () => {
    page('<div><span>12 items</span><span>3 left</span></div>');
    const d = describeTarget($('span + span'));
    expect(d.grade).toBe('C');
    expect(d.hint).toBe(
      'Add data-signpost="3-left" to this element in your site\'s markup so the tour finds it after a redesign.',
    );
    const css = d.candidates.find((c) => c.kind === 'css');
    expect(css).toMatchObject({ fingerprint: '', nth: 0 });
  });

  it('anchors the path to the nearest named ancestor with the position among alike elements', () => {
    page(
      '<article data-testid="p1"><button>Add</button></article><article data-testid="p2"><button>Add</button><button>Add</button></article>',
    );
    const d = describeTarget(document.querySelectorAll('button')[2]!);
    expect(d.candidates.find((c) => c.kind === 'css')).toMatchObject({
      fingerprint: '[data-testid="p2"]',
      nth: 1,
    });
  });

  it('gives what the contract accepts, also with many attributes', () => {
    const many = Array.from({ length: 9 }, (_, i) => `data-a${i}="v${i}"`).join(' ');
    page(`<button data-testid="x" ${many} id="ok">Go</button>`);
    const attributes = Array.from({ length: 9 }, (_, i) => `data-a${i}`);
    expect(() => selectElementSchema.parse(pickOf($('button')))).not.toThrow();
    const d = describeTarget($('button'), { attributes });
    expect(d.candidates).toHaveLength(8);
    expect(() => selectElementSchema.parse({ url: '/', ...d })).not.toThrow();
  });
});

describe('resolveTarget', () => {
  it('finds the element by a candidate when the primary selector no longer matches', () => {
    page('<button data-testid="buy">Buy</button>');
    const pick = { ...pickOf($('button')), selector: '#gone' };
    expect(resolveTarget(pick)).toBe($('button'));
  });

  it('keeps an element an attribute names alone when its wording changed, not when its role did', () => {
    page('<button data-testid="buy">Buy</button>');
    const pick = pickOf($('button'));
    page('<div><button data-testid="buy">Buy now</button></div>');
    expect(resolveTarget(pick)).toBe($('button'));
    page('<a data-testid="buy" href="/b">Buy</a>');
    expect(resolveTarget(pick)).toBeNull();
  });

  it('refuses an element whose text and role contradict the pick, even where the selector points', () => {
    page('<main><div><button>Delete account</button></div><div><a href="/x">Help</a></div></main>');
    const pick = pickOf($('button'));
    // The page changed: the old path now leads to a link with other text.
    page('<main><div><a href="/x">Help</a></div><div><a href="/y">Terms</a></div></main>');
    expect(resolveTarget(pick)).toBeNull();
    // Same role, other text: still not the element picked.
    page('<main><div><button>Cancel</button></div></main>');
    expect(resolveTarget(pick)).toBeNull();
  });

  it('refuses to choose between elements nothing tells apart', () => {
    page('<div><button>Add</button></div>');
    const pick = pickOf($('button'));
    page('<p><button>Add</button></p><section><button>Add</button></section>');
    expect(
      resolveTarget({ ...pick, candidates: pick.candidates.filter((c) => c.kind === 'role') }),
    ).toBeNull();
  });

  it('finds a target inside an open shadow root', () => {
    page('<div id="app-host"></div>');
    const shadow = $('#app-host').attachShadow({ mode: 'open' });
    shadow.innerHTML =
      '<div><button data-testid="inside">Open</button><button>Close</button></div>';
    const inside = shadow.querySelector('button')!;
    const pick = pickOf(inside);
    expect(pick.grade).toBe('A');
    expect(resolveTarget(pick)).toBe(inside);
    const close = shadow.querySelectorAll('button')[1]!;
    expect(resolveTarget(pickOf(close))).toBe(close);
  });

  it('finds a target inside a same-origin iframe', () => {
    page('<iframe></iframe>');
    const doc = ($('iframe') as HTMLIFrameElement).contentDocument!;
    doc.body.innerHTML = '<form><button id="pay">Pay now</button><a href="/t">Terms</a></form>';
    const pay = doc.querySelector('button')!;
    expect(resolveTarget(pickOf(pay))).toBe(pay);
    const terms = doc.querySelector('a')!;
    expect(resolveTarget(pickOf(terms))).toBe(terms);
  });

  it('plays a hand-typed selector with an index or a text among several matches', () => {
    page('<li>One</li><li>Two</li><li>Three</li>');
    expect(resolveTarget({ url: '/', selector: 'li', index: 2 })).toBe(
      document.querySelectorAll('li')[2],
    );
    expect(resolveTarget({ url: '/', selector: 'li', text: 'two' })).toBe(
      document.querySelectorAll('li')[1],
    );
    expect(resolveTarget({ url: '/', selector: 'li', text: 'Four' })).toBeNull();
    expect(resolveTarget({ url: '/', selector: '[[bad', text: 'One' })).toBeNull();
  });
});

describe('the select_element contract', () => {
  it('still reads a step stored before candidates', () => {
    const step = stepSchema.parse({
      id: 's1',
      type: 'tool_tip',
      content: '<p>Hi</p>',
      buttons: [],
      select_element: { url: '/', selector: '#buy' },
    });
    expect(step.select_element).toEqual({ url: '/', selector: '#buy' });
    expect(stepSchema.shape.select_element.parse(null)).toBeNull();
  });

  it('bounds candidates and grades', () => {
    const candidate = { kind: 'css', value: 'a' };
    expect(() =>
      selectElementSchema.parse({ url: '/', selector: 'a', candidates: Array(9).fill(candidate) }),
    ).toThrow();
    expect(() => selectElementSchema.parse({ url: '/', selector: 'a', grade: 'D' })).toThrow();
    expect(() =>
      selectElementSchema.parse({
        url: '/',
        selector: 'a',
        candidates: [{ kind: 'xpath', value: 'a' }],
      }),
    ).toThrow();
  });
});
