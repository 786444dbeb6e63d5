import { expect, test, type Page } from '@playwright/test';
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

/**
 * The tours renderer on a hostile page, in real Chromium: the page hides every element and
 * restyles text with !important rules, yet the tour shows, works and leaves the page untouched.
 * No server: the renderer is bundled here and injected into a page set from a string.
 */
const ENTRY = fileURLToPath(new URL('../sdk/src/flows/index.ts', import.meta.url));

const PAGE = `<!doctype html><html><head><style>
  * { display: none !important; }
  html, body, #app, #app * { display: block !important; }
  div, p, button { color: red !important; font-size: 40px !important; }
  body { margin: 0; height: 3000px; }
  #target { margin: 240px 0 0 360px; width: 160px; height: 48px; }
</style></head><body><div id="app"><p id="para">Shop</p><button id="target">Buy</button></div></body></html>`;

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

let bundle = '';
test.beforeAll(async () => {
  const out = await build({
    entryPoints: [ENTRY],
    bundle: true,
    format: 'iife',
    globalName: 'signpostFlows',
    write: false,
  });
  bundle = out.outputFiles[0]!.text;
});

test('a tour shows, works and stays isolated on a page that hides and restyles everything', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.setViewportSize({ width: 1200, height: 800 });
  await page.setContent(PAGE);
  await page.addScriptTag({ content: bundle });
  const before = [await pageStyle(page, '#para'), await pageStyle(page, '#target')];
  expect(before[0]![1]).toBe('rgb(255, 0, 0)');

  await page.evaluate((steps) => {
    const w = window as unknown as {
      signpostFlows: { playTour(o: object): unknown };
      ended?: string;
    };
    w.signpostFlows.playTour({ steps, onEnd: (reason: string) => (w.ended = reason) });
  }, STEPS);

  const modal = page.getByRole('dialog', { name: 'Welcome aboard' });
  await expect(modal).toBeVisible();
  await expect(modal).toContainText('Take a quick tour.');
  const text = modal.locator('p');
  expect(await text.evaluate((el) => getComputedStyle(el).fontSize)).toBe('14px');
  expect(await text.evaluate((el) => getComputedStyle(el).color)).not.toBe('rgb(255, 0, 0)');
  expect([await pageStyle(page, '#para'), await pageStyle(page, '#target')]).toEqual(before);

  // Keyboard: focus is in the dialog and Tab cycles through its controls only.
  const focusInTour = () =>
    page.evaluate(() => document.activeElement?.hasAttribute('data-signpost-tour') ?? false);
  expect(await focusInTour()).toBe(true);
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press('Tab');
    expect(await focusInTour()).toBe(true);
  }

  await modal.getByRole('button', { name: 'Show me' }).click();
  const tip = page.getByRole('dialog', { name: 'Tour step 2 of 2' });
  await expect(tip).toContainText('Click here to buy.');
  await expect(modal).toHaveCount(0);

  // The tooltip sits just below its target, overlapping it horizontally, and follows scrolling.
  const near = async () => {
    const t = (await page.locator('#target').boundingBox())!;
    const b = (await tip.boundingBox())!;
    const gap = b.y - (t.y + t.height);
    const overlap = Math.min(t.x + t.width, b.x + b.width) - Math.max(t.x, b.x);
    return gap >= 4 && gap <= 24 && overlap > 0;
  };
  await expect.poll(near).toBe(true);
  await page.evaluate(() => window.scrollBy(0, 150));
  await expect.poll(near).toBe(true);

  await tip.getByRole('button', { name: 'Got it' }).click();
  await expect
    .poll(() => page.evaluate(() => (window as { ended?: string }).ended))
    .toBe('dismissed');
  await expect(page.locator('[data-signpost-tour]')).toHaveCount(0);
  expect(errors).toEqual([]);
});
