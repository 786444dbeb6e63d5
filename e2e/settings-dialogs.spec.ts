import { accountWithBrand, signInDashboard } from './api';
import { expect, test, type Page } from './fixtures';

/**
 * Dialogs are above the page, the Theme section's live tour preview included: the preview plays
 * the SDK's renderer with the theme's z-index (up to the top of the page), confined to a stage
 * that is a stacking context of its own. Before, its tooltip was drawn over every dialog of
 * Settings (Add endpoint, the Data dialogs) and took their clicks.
 */

/**
 * Scrolls the page (a modal only stops the wheel) until the preview's tooltip, as far as its stage
 * shows it, is under `control`, and returns a point of the control that the tooltip covers: a
 * click there is the one the tooltip used to take.
 */
async function pointOverPreview(page: Page, control: string): Promise<{ x: number; y: number }> {
  return page.evaluate(async (selector) => {
    const stage = document.querySelector('[data-testid="theme-preview-stage"]');
    const card = stage?.querySelector('[data-signpost-tour]')?.shadowRoot?.querySelector('.card');
    const el = document.querySelector(selector);
    if (!stage || !card || !el) throw new Error(`no preview tooltip or no ${selector}`);
    const overlap = (
      a: DOMRect,
      b: { left: number; right: number; top: number; bottom: number },
    ) => ({
      left: Math.max(a.left, b.left),
      right: Math.min(a.right, b.right),
      top: Math.max(a.top, b.top),
      bottom: Math.min(a.bottom, b.bottom),
    });
    const shown = () => overlap(card.getBoundingClientRect(), stage.getBoundingClientRect());
    // The stage clips the tooltip and the tooltip follows its target on scroll: a few steps.
    for (let step = 0; step < 4; step++) {
      const tip = shown();
      const target = el.getBoundingClientRect();
      window.scrollBy(0, (tip.top + tip.bottom) / 2 - (target.top + target.height / 2));
      for (let i = 0; i < 3; i++) await new Promise((done) => requestAnimationFrame(done));
    }
    const after = el.getBoundingClientRect();
    const hit = overlap(after, shown());
    if (hit.left >= hit.right || hit.top >= hit.bottom)
      throw new Error('no tooltip under the control');
    return {
      x: (hit.left + hit.right) / 2 - after.left,
      y: (hit.top + hit.bottom) / 2 - after.top,
    };
  }, control);
}

test('the Add endpoint dialog is above the theme preview and takes its own clicks', async ({
  page,
  request,
}) => {
  const acct = await accountWithBrand(request, 'settings-dialogs');
  await signInDashboard(page, acct);
  await page.goto('/settings');
  await expect(page.getByTestId('theme-preview-stage').getByRole('dialog')).toBeVisible();

  await page
    .getByRole('region', { name: 'Webhooks' })
    .getByRole('button', { name: 'Add endpoint' })
    .click();
  const form = page.getByRole('dialog', { name: 'Add endpoint' });
  const url = form.getByRole('textbox', { name: 'Endpoint URL' });
  await expect(url).toBeVisible();
  await url.evaluate((el) => el.setAttribute('data-testid', 'dialog-endpoint-url'));
  const position = await pointOverPreview(page, '[data-testid="dialog-endpoint-url"]');

  // A real click where the tooltip is: Playwright refuses it when another element would get it.
  await url.click({ position, timeout: 5_000 });
  await expect(url).toBeFocused();
  await url.pressSequentially('https://hooks.example.com/in');
  await expect(url).toHaveValue('https://hooks.example.com/in');
  // The dialog's own Close, clicked too, closes it.
  await form.getByRole('button', { name: 'Close' }).click({ timeout: 5_000 });
  await expect(form).toBeHidden();
});
