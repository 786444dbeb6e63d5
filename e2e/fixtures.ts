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

/**
 * Opens a menu with its trigger and picks an item, then (when given) waits for what the pick
 * opens. On a busy machine a click could land while the menu still animated in, or the
 * scroll-into-view before a click fired a scroll event that closes our fixed-position menus (they
 * follow the page): the click then reached the page, nothing opened, and the test waited out its
 * timeout (builder.spec, CI of 2026-11-29). The item is focused and pressed (no scroll, no
 * pointer), and the whole pick is tried again until `opens` is visible.
 */
export async function chooseFromMenu(
  page: Page,
  trigger: string,
  item: string,
  opens?: Locator,
): Promise<void> {
  const menuItem = page.getByRole('menuitem', { name: item });
  await expect(async () => {
    if (opens && (await opens.isVisible())) return;
    if (!(await menuItem.isVisible())) await page.getByRole('button', { name: trigger }).click();
    await menuItem.focus({ timeout: 2_000 });
    await menuItem.press('Enter', { timeout: 2_000 });
    if (opens) await expect(opens).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

/**
 * Waits for a toast (react-toastify) and closes every one on the page, then waits until none is
 * left: toasts sit over the header's buttons (top right). Clicking a toast's close button as a
 * pointer does waited for the toast to stop moving (it slides in, and the others move when one
 * arrives or leaves) while the mouse, resting on the toasts, paused their auto-close: a spec could
 * wait out its timeout (flow-editor.spec). The close buttons are clicked in the page instead (the
 * library's own handler, no pointer, no waiting for the animation).
 */
export async function dismissToasts(page: Page): Promise<void> {
  const toasts = page.locator('.Toastify__toast');
  await expect(toasts.first()).toBeVisible();
  await expect(async () => {
    await page
      .locator('.Toastify__close-button')
      .evaluateAll((buttons) => buttons.forEach((b) => (b as HTMLElement).click()));
    await expect(toasts).toHaveCount(0, { timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
}
