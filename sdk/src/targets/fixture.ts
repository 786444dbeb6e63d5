/**
 * The robustness fixture (docs/flows.md, "Targets"): one shop page rendered by two builds of the
 * same app. Build 2 is build 1 after a redesign: other CSS-module hashes (class names and
 * generated ids), one sibling inserted before each target and wrapper divs around sections,
 * cards and some targets. Each of the 100 targets carries `data-key` (an attribute no target
 * strategy reads) so a test can tell the element found from the one picked.
 */
export const FIXTURE_TARGETS = 100;

export function fixturePage(build: 1 | 2): string {
  const hash = (name: string) => {
    let h = 2166136261 ^ build;
    for (const c of name) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
    return (h >>> 0).toString(36).slice(0, 5);
  };
  const cls = (name: string) => `${name}__${hash(name)}`;
  const redesign = build === 2;
  let key = 0;
  /** A target: its key, and in build 2 a "New" badge before it. */
  const t = (html: string) => {
    const keyed = html.replace(/^<(\w+)/, `<$1 data-key="t${key++}"`);
    return (redesign ? `<span class="${cls('Badge_new')}">New</span>` : '') + keyed;
  };
  const wrap = (html: string, name = 'Layout_wrap') =>
    redesign ? `<div class="${cls(name)}">${html}</div>` : html;
  const section = (name: string, body: string) =>
    `<section class="${cls(`${name}_root`)}">${wrap(body)}</section>`;
  const range = (n: number) => Array.from({ length: n }, (_, i) => i);

  // Grade A: data attributes of test tools and stable ids.
  const attrs = ['data-testid', 'data-cy', 'data-test', 'data-signpost'];
  const named = range(14).map((i) =>
    t(
      `<button class="${cls('Button_primary')}" ${attrs[i % 4]}="action-${i}">Action ${i}</button>`,
    ),
  );
  const ids = range(10).map((i) =>
    t(`<a id="section-link-${i}" href="/s/${i}" class="${cls('Nav_link')}">Section ${i}</a>`),
  );
  // Grade B: generated ids (refused), unique labels, headings, icon buttons with a label.
  const hashedIds = range(10).map((i) =>
    t(`<button id="css-${hash(`id${i}`)}" class="${cls('Toolbar_button')}">Tool ${i}</button>`),
  );
  const links = range(20).map((i) =>
    t(`<a href="/help/${i}" class="${cls('Footer_link')}">Help topic ${i}</a>`),
  );
  const headings = range(8).map((i) => t(`<h2 class="${cls('Title_h2')}">Chapter ${i}</h2>`));
  const icons = range(5).map((i) =>
    t(`<button aria-label="Share ${i}" class="${cls('Icon_button')}"><svg></svg></button>`),
  );
  // Product cards: the same "Add to cart" in each; 10 cards are named, 5 are not.
  const cards = range(15).map((i) => {
    const name = i < 10 ? ` data-testid="product-${i}"` : '';
    const price = i < 5 ? t(`<span class="${cls('Price_value')}">$${i}9.99</span>`) : '';
    const star = i < 5 ? t(`<span class="${cls('Icon_star')}"></span>`) : '';
    const button = t(`<button class="${cls('Card_buy')}">Add to cart</button>`);
    const body = `<h3>Product ${i}</h3>${price}${star}${wrap(button, 'Card_action')}`;
    return wrap(`<article class="${cls('Card_root')}"${name}>${body}</article>`);
  });
  // Grade C: text in plain elements, nothing else to name them.
  const stats = range(8).map((i) =>
    wrap(t(`<div class="${cls('Stat_value')}">${(i + 1) * 1234} visits</div>`), 'Stat_box'),
  );
  return [
    `<header class="${cls('Header_root')}"><nav>${ids.join('')}</nav></header>`,
    `<main class="${cls('Main_root')}">`,
    section('Toolbar', hashedIds.join('') + icons.join('')),
    section('Actions', named.join('')),
    section('Cards', cards.join('')),
    section('Stats', headings.join('') + stats.join('')),
    `</main>`,
    `<footer class="${cls('Footer_root')}"><ul>${links.map((l) => `<li>${l}</li>`).join('')}</ul></footer>`,
  ].join('');
}
