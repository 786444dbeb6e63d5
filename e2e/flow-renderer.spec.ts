import { expect, test, type Page } from './fixtures';
import { endReason, openWithRenderer, playTour } from './hostile-page';

/**
 * The tours renderer on hostile pages, in real Chromium: the page hides every element (or all
 * but its content) and restyles text with !important rules, yet the tour shows, works and leaves
 * the page untouched. No server: the renderer is bundled and injected into a page string
 * (e2e/hostile-page.ts).
 */

/** Literally everything hidden, the root and body included. */
const HIDDEN_PAGE = `<!doctype html><html><head><style>
  * { display: none !important; }
  div, p, button { color: red !important; font-size: 40px !important; }
</style></head><body><div id="app"><p id="para">Shop</p><button id="target">Buy</button></div></body></html>`;

/** A milder version that keeps the content visible, so a tooltip has a target to point at. */
const RESTYLED_PAGE = `<!doctype html><html><head><style>
  * { display: none !important; }
  html, body, #app, #app * { display: block !important; }
  div, p, button { color: red !important; font-size: 40px !important; }
  body { margin: 0; height: 3000px; }
  #target { margin: 240px 0 0 360px; width: 160px; height: 48px; }
</style></head><body><div id="app"><p id="para">Shop</p><button id="target">Buy</button></div></body></html>`;

/** Like the editor's preview: a toolbar, then a stage (the container) whose content scrolls. */
const STAGE_PAGE = `<!doctype html><html><head><style>
  body { margin: 0; display: flex; flex-direction: column; height: 100vh; }
  #toolbar { height: 60px; display: flex; align-items: center; gap: 8px; }
  #stage { position: relative; flex: 1; overflow: hidden; margin-left: 100px; }
  #scroller { position: absolute; inset: 0; overflow: auto; }
  #target { margin: 300px 0 900px 200px; width: 160px; height: 48px; }
</style></head><body>
  <div id="toolbar"><button id="restart">Restart</button><button id="close">Close preview</button></div>
  <div id="stage"><div id="scroller"><button id="target">Buy</button></div></div>
</body></html>`;

const STEPS = [
  {
    id: 's1',
    type: 'modal',
    content: '<h2>Welcome aboard</h2><p>Take a <strong>quick</strong> tour.</p>',
    buttons: [
      {
        id: 'b1',
        label: 'Show me',
        background_color: '#2563eb',
        color: '#ffffff',
        actions: [{ type: 'goto', reference_step: 's2' }],
      },
      {
        id: 'b2',
        label: 'Not now',
        background_color: '#e5e7eb',
        color: '#111827',
        actions: [{ type: 'dismiss' }],
      },
    ],
    element_actions: [],
  },
  {
    id: 's2',
    type: 'tool_tip',
    content: '<p>Click here to buy.</p>',
    buttons: [
      {
        id: 'b3',
        label: 'Got it',
        background_color: '#111827',
        color: '#ffffff',
        actions: [{ type: 'dismiss' }],
      },
    ],
    select_element: { url: '/', selector: '#target' },
    element_actions: [],
  },
];

/** Computed styles of a page element, to prove the tour's CSS does not reach it. */
const pageStyle = (page: Page, selector: string) =>
  page.locator(selector).evaluate((el) => {
    const s = getComputedStyle(el);
    return [s.display, s.color, s.fontSize, s.fontFamily, s.margin, s.padding, s.background];
  });

/** Whether the tooltip sits just below its target, overlapping it horizontally. */
const tooltipNear = (page: Page) => async () => {
  const t = (await page.locator('#target').boundingBox())!;
  const b = (await page.getByRole('dialog', { name: 'Tour step 2 of 2' }).boundingBox())!;
  const gap = b.y - (t.y + t.height);
  const overlap = Math.min(t.x + t.width, b.x + b.width) - Math.max(t.x, b.x);
  return gap >= 4 && gap <= 24 && overlap > 0;
};

test('a modal shows, works and stays isolated on a page whose CSS is `* { display: none !important }`', async ({
  page,
}) => {
  const errors = await openWithRenderer(page, HIDDEN_PAGE);
  const before = [await pageStyle(page, '#para'), await pageStyle(page, '#target')];
  expect(before[0]![0]).toBe('none');
  expect(before[0]![1]).toBe('rgb(255, 0, 0)');

  await playTour(page, [STEPS[0]]);
  const modal = page.getByRole('dialog', { name: 'Welcome aboard' });
  await expect(modal).toBeVisible();
  await expect(modal).toContainText('Take a quick tour.');
  const text = modal.locator('p');
  expect(await text.evaluate((el) => getComputedStyle(el).fontSize)).toBe('14px');
  expect(await text.evaluate((el) => getComputedStyle(el).color)).not.toBe('rgb(255, 0, 0)');
  // The page stays as it was: its content still hidden and styled by its own rules only.
  expect([await pageStyle(page, '#para'), await pageStyle(page, '#target')]).toEqual(before);
  await expect(page.locator('#para')).toBeHidden();

  // Keyboard: focus is in the dialog and Tab cycles through its controls only.
  const focusInTour = () =>
    page.evaluate(() => document.activeElement?.hasAttribute('data-signpost-tour') ?? false);
  expect(await focusInTour()).toBe(true);
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press('Tab');
    expect(await focusInTour()).toBe(true);
  }

  await modal.getByRole('button', { name: 'Not now' }).click();
  await expect.poll(() => endReason(page)).toBe('dismissed');
  await expect(page.locator('[data-signpost-tour]')).toHaveCount(0);
  // The root's forced display is given back.
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).display)).toBe(
    'none',
  );
  expect(errors).toEqual([]);
});

test('a tooltip anchors to its target on a page that restyles everything', async ({ page }) => {
  const errors = await openWithRenderer(page, RESTYLED_PAGE);
  const before = [await pageStyle(page, '#para'), await pageStyle(page, '#target')];
  await playTour(page, STEPS);

  await page.getByRole('button', { name: 'Show me' }).click();
  const tip = page.getByRole('dialog', { name: 'Tour step 2 of 2' });
  await expect(tip).toContainText('Click here to buy.');
  await expect(page.getByRole('dialog', { name: 'Welcome aboard' })).toHaveCount(0);
  expect([await pageStyle(page, '#para'), await pageStyle(page, '#target')]).toEqual(before);

  // Below its target, and still there after scrolling.
  await expect.poll(tooltipNear(page)).toBe(true);
  await page.evaluate(() => window.scrollBy(0, 150));
  await expect.poll(tooltipNear(page)).toBe(true);

  await tip.getByRole('button', { name: 'Got it' }).click();
  await expect.poll(() => endReason(page)).toBe('dismissed');
  await expect(page.locator('[data-signpost-tour]')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('in a container the tour stays inside it: the toolbar around it remains usable', async ({
  page,
}) => {
  const errors = await openWithRenderer(page, STAGE_PAGE);
  await playTour(page, STEPS, { inStage: true });
  const modal = page.getByRole('dialog', { name: 'Welcome aboard' });
  await expect(modal).toBeVisible();

  // The backdrop covers the stage only: the toolbar's buttons still receive clicks.
  const hit = (selector: string) =>
    page.locator(selector).evaluate((el) => {
      const r = el.getBoundingClientRect();
      return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2) === el;
    });
  expect(await hit('#restart')).toBe(true);
  expect(await hit('#close')).toBe(true);
  const stage = (await page.locator('#stage').boundingBox())!;
  const card = (await modal.boundingBox())!;
  // Centred in the stage, not in the window.
  expect(Math.abs(card.x + card.width / 2 - (stage.x + stage.width / 2))).toBeLessThan(2);
  expect(Math.abs(card.y + card.height / 2 - (stage.y + stage.height / 2))).toBeLessThan(2);

  // A tooltip in the stage still sits below its target, also once the stage's content scrolls.
  await modal.getByRole('button', { name: 'Show me' }).click();
  await expect.poll(tooltipNear(page)).toBe(true);
  await page.locator('#scroller').evaluate((el) => el.scrollBy(0, 200));
  await expect.poll(tooltipNear(page)).toBe(true);
  await page.locator('#close').click(); // nothing covers it
  await page.getByRole('button', { name: 'Got it' }).click();
  await expect.poll(() => endReason(page)).toBe('dismissed');

  // A banner spans the stage's top edge, below the toolbar.
  await playTour(page, [{ ...STEPS[1], type: 'banner', select_element: undefined }], {
    inStage: true,
  });
  const banner = (await page.getByRole('dialog', { name: 'Tour step 1 of 1' }).boundingBox())!;
  expect(banner.y).toBeCloseTo(stage.y, 0);
  expect(banner.x).toBeCloseTo(stage.x, 0);
  expect(banner.width).toBeCloseTo(stage.width, 0);
  expect(await hit('#restart')).toBe(true);
  expect(errors).toEqual([]);
});
