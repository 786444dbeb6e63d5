import { expect, test as base, type Locator, type Page } from '@playwright/test';

/**
 * Every e2e test runs under the dashboard's Content-Security-Policy and fails when Chromium
 * reports a violation (it logs each refused script, style, connection or frame as a console error).
 */
export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ page }, use) => {
      const violations: string[] = [];
      page.on('console', (msg) => {
        const text = msg.text();
        if (/Content Security Policy|Content-Security-Policy/i.test(text)) violations.push(text);
      });
      await use(violations);
      expect(violations, 'CSP violations reported in the console').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
export type { Page } from '@playwright/test';

/**
 * Opens a menu with its trigger and picks an item. On a busy machine a click can land while the
 * menu still animates in: the page takes it as a click outside and the menu closes under the
 * pointer, and a plain `click()` then waits for an item that is gone. Opens it again until the
 * pick goes through (a few seconds at most per try).
 */
const browserName = (page: Page) => page.context().browser()?.browserType().name();

/**
 * Types `text` into a field, replacing what it holds. Firefox over WebDriver BiDi sets a field's
 * value with `fill()` without React seeing the change (the form keeps the old value), so there it
 * is typed key by key, as a person would; other browsers fill.
 */
export async function typeInto(field: Locator, text: string): Promise<void> {
  if (browserName(field.page()) !== 'firefox') return field.fill(text);
  await field.click();
  await field.press('ControlOrMeta+a');
  await field.press('Delete');
  await field.pressSequentially(text);
}

export async function chooseFromMenu(page: Page, trigger: string, item: string): Promise<void> {
  const menuItem = page.getByRole('menuitem', { name: item });
  await expect(async () => {
    if (!(await menuItem.isVisible())) await page.getByRole('button', { name: trigger }).click();
    // Firefox: Playwright's scroll-into-view before a click fires a scroll event, which closes
    // the fixed-position menu (it follows the page); an item focused and pressed is not scrolled.
    if (browserName(page) === 'firefox') {
      await menuItem.focus({ timeout: 2_000 });
      await menuItem.press('Enter', { timeout: 2_000 });
    } else await menuItem.click({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}
