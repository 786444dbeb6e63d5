import type { Page } from '@playwright/test';
import { ROUTES } from '../lib/routes';
import { expect, test } from './fixtures';
import { accountWithBrand, signInDashboard } from './api';
import { pathOf, post, seed, tourBody } from './route-objects';

/**
 * A phone (390 × 844, issue 30 point 4): every dashboard route of the route table renders without
 * horizontal scrolling, tables scroll inside their own box, and the tour editor keeps Publish and
 * Unpublish reachable (docs/product/screens.md, layout).
 */
const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

/** Waits until the page has nothing left loading: no spinner, skeleton or busy region. */
async function settled(page: Page) {
  await page.waitForLoadState('load');
  await expect(page.locator('main, [data-testid="page-spinner"], h1').first()).toBeVisible();
  await expect(
    page.locator(
      '[data-testid="page-spinner"], [data-testid="view-loading"], [aria-busy="true"], [role="status"][aria-label^="Loading"]',
    ),
  ).toHaveCount(0);
}

/**
 * The page's width and, when it is wider than the screen, the elements that stick out of their
 * parent into the page (not those inside a box that scrolls or clips on its own).
 */
function measure(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.scrollWidth;
    const vw = window.innerWidth;
    const clipped = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        if (getComputedStyle(p).overflowX !== 'visible') return true;
      }
      return false;
    };
    const culprits: string[] = [];
    if (width > vw) {
      for (const el of Array.from(document.body.querySelectorAll('*'))) {
        const right = el.getBoundingClientRect().right;
        const parentRight = el.parentElement?.getBoundingClientRect().right ?? 0;
        if (right > vw + 0.5 && parentRight <= vw + 0.5 && !clipped(el))
          culprits.push(
            `${el.tagName.toLowerCase()}.${String(el.getAttribute('class') ?? '')
              .split(' ')
              .slice(0, 6)
              .join('.')} right=${Math.round(right)} "${(el.textContent ?? '').slice(0, 40)}"`,
          );
      }
    }
    // A table wider than the screen must scroll inside a box of its own that fits.
    const looseTables = Array.from(document.querySelectorAll('table')).filter((table) => {
      if (table.getBoundingClientRect().right <= vw + 0.5) return false;
      for (let p = table.parentElement; p && p !== document.body; p = p.parentElement) {
        if (['auto', 'scroll'].includes(getComputedStyle(p).overflowX))
          return p.getBoundingClientRect().right > vw + 0.5;
      }
      return true;
    }).length;
    return { width, culprits: culprits.slice(0, 8), looseTables };
  });
}

const DASHBOARD_ROUTES = ROUTES.filter((r) => !r.public);
/** The tour editor's routes: measured by the editor's own test below, with its header actions. */
const EDITOR_ROUTES = ['/flows/create', '/flows/[id]'];

test('every dashboard route of the route table fits a 390 px phone without horizontal scrolling', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  expect(DASHBOARD_ROUTES.length).toBeGreaterThan(20);
  expect(DASHBOARD_ROUTES.map((r) => r.pattern)).toEqual(expect.arrayContaining(EDITOR_ROUTES));
  const acct = await accountWithBrand(request, 'mobile');
  const ids = await seed(request, acct);
  await signInDashboard(page, acct);

  for (const route of DASHBOARD_ROUTES.filter((r) => !EDITOR_ROUTES.includes(r.pattern))) {
    const path = pathOf(route.pattern, ids);
    await test.step(`${route.pattern} (${path})`, async () => {
      await page.goto(path);
      await settled(page);
      const { width, culprits, looseTables } = await measure(page);
      expect
        .soft(looseTables, `${path}: tables wider than the screen outside a scroll box`)
        .toBe(0);
      expect
        .soft(width, `${path} is ${width} px wide: ${culprits.join(' | ')}`)
        .toBeLessThanOrEqual(PHONE.width);
    });
  }
});

test("Home's checklist gives each step's text the row's width on a phone, not a word per line", async ({
  page,
  request,
}) => {
  const acct = await accountWithBrand(request, 'mobile-home');
  await signInDashboard(page, acct);
  await page.goto('/');
  const steps = page.getByRole('list', { name: 'Getting started steps' }).getByRole('listitem');
  await expect(steps.first()).toBeVisible();
  for (const step of await steps.all()) {
    const row = (await step.boundingBox())!;
    const text = (await step.locator('p').last().boundingBox())!;
    // The text runs under the number's column to the row's end (the state and action sit below).
    expect(text.width).toBeGreaterThan(row.width * 0.6);
  }
  expect((await measure(page)).width).toBeLessThanOrEqual(PHONE.width);
});

test("the tour editor fits a phone and keeps Publish and Unpublish reachable (the header's More actions menu)", async ({
  page,
  request,
}) => {
  const acct = await accountWithBrand(request, 'mobile-editor');
  const flow = await post(request, acct, '/v1/flows', tourBody(acct.brandId, 'Phone tour'));
  await signInDashboard(page, acct);

  /** `name` in the header, through More actions when the header has folded it away. */
  async function reachable(name: string) {
    const direct = page.getByRole('button', { name, exact: true });
    if (await direct.isVisible()) {
      const box = await direct.boundingBox();
      if (box && box.x >= 0 && box.x + box.width <= PHONE.width) return direct;
    }
    await page.getByRole('button', { name: 'More actions' }).click();
    const item = page.getByRole('menuitem', { name, exact: true });
    await expect(item).toBeInViewport({ ratio: 1 });
    return item;
  }

  // A new tour: the page fits and Publish can be reached.
  await page.goto('/flows/create');
  await expect(page.getByRole('textbox', { name: 'Flow title' })).toBeVisible();
  expect((await measure(page)).width).toBeLessThanOrEqual(PHONE.width);
  await expect(await reachable('Publish')).toBeEnabled();
  await page.keyboard.press('Escape');

  // A published tour: Unpublish, then Publish again, each through its dialog.
  await page.goto(`/flows/${flow.id}`);
  await expect(page.getByRole('textbox', { name: 'Flow title' })).toBeVisible();
  expect((await measure(page)).width).toBeLessThanOrEqual(PHONE.width);
  await (await reachable('Unpublish')).click();
  const unpublish = page.getByRole('dialog', { name: 'Unpublish Flow' });
  await unpublish.getByRole('button', { name: 'Unpublish' }).click();
  await expect(unpublish).toBeHidden();
  await (await reachable('Publish')).click();
  const publish = page.getByRole('dialog', { name: 'Publish Flow' });
  await expect(publish.getByRole('button', { name: 'Publish now' })).toBeInViewport({
    ratio: 1,
  });
  await publish.getByRole('button', { name: 'Publish now' }).click();
  await expect(publish).toBeHidden();
  await expect
    .poll(async () => {
      const res = await request.get(`/v1/flows/${flow.id}`, {
        headers: { authorization: `Bearer ${acct.token}` },
      });
      return ((await res.json()) as { data: { status: string } }).data.status;
    })
    .toBe('published');
  expect((await measure(page)).width).toBeLessThanOrEqual(PHONE.width);
});
