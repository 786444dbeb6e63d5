import { expect, test as base, type Page } from '@playwright/test';

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
export async function chooseFromMenu(page: Page, trigger: string, item: string): Promise<void> {
  const menuItem = page.getByRole('menuitem', { name: item });
  await expect(async () => {
    if (!(await menuItem.isVisible())) await page.getByRole('button', { name: trigger }).click();
    await menuItem.click({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}
