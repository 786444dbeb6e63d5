import { chooseFromMenu, dismissToasts, expect, test, type Page } from './fixtures';
import { accountWithBrand, defineEvent, signInDashboard } from './api';

/** The stored flow through the API, without the fields a save always changes. */
async function storedFlow(page: Page, token: string, id: string) {
  const res = await page.request.get(`/v1/flows/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  const { data } = (await res.json()) as { data: Record<string, unknown> };
  const { updated_at: _u, ...rest } = data;
  return rest;
}

test('build a two-step tour, save, reload, preview it, publish and unpublish it', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const acct = await accountWithBrand(request, 'flow');
  const headers = { authorization: `Bearer ${acct.token}` };
  await defineEvent(request, acct, 'signed_up', 'Signed Up');

  await signInDashboard(page, acct);
  await page.goto('/flows');
  // A new tour is edited in memory at /flows/create; the first Save creates it.
  await page.getByRole('link', { name: 'Create product tour' }).first().click();
  await expect(page).toHaveURL(/\/flows\/create$/);

  const title = page.getByRole('textbox', { name: 'Flow title' });
  await title.fill('Welcome tour');
  await title.press('Enter');

  // Step 1: a modal whose button goes to step 2 (added first so it can be chosen).
  await page.getByRole('button', { name: 'Add step' }).click();
  const content = page.getByRole('textbox', { name: 'Step content' });
  await content.click();
  await content.pressSequentially('Welcome to the shop');
  await page.getByRole('button', { name: 'Add step' }).click();
  await expect(page.getByRole('complementary', { name: 'Step 2 editor' })).toBeVisible();
  await page.getByLabel('Step type').selectOption({ label: 'Tooltip' });
  await content.click();
  await content.pressSequentially('Click here to buy');
  await page.getByLabel('CSS selector').fill('#buy');
  // A new button on the last step is "Done" with a dismiss action, which completes the tour there.
  await page.getByRole('button', { name: 'Add button' }).click();
  await expect(page.getByLabel('Button label')).toHaveValue('Done');
  await expect(page.getByRole('button', { name: /Done.*Dismiss flow/ })).toBeVisible();
  await expect(page.getByText('Ends the tour: counts as completed')).toBeVisible();

  await page.getByRole('button', { name: 'Edit step 1' }).click();
  await expect(page.getByRole('complementary', { name: 'Step 1 editor' })).toBeVisible();
  // The node being edited stays in view beside its panel, and node actions keep to one line at
  // the editor's smallest and largest zoom.
  const canvas = page.getByRole('region', { name: 'Flow canvas' });
  const node = page.getByRole('region', { name: 'Step 1', exact: true });
  await expect(async () => {
    const c = (await canvas.boundingBox())!;
    const n = (await node.boundingBox())!;
    expect(n.x).toBeGreaterThanOrEqual(c.x);
    expect(n.x + n.width).toBeLessThanOrEqual(c.x + c.width);
  }).toPass();
  const oneLine = async () => {
    const tops = await Promise.all(
      ['Edit step 1', 'Delete step 1', 'Move step 1 up', 'Move step 1 down'].map(
        async (name) => (await page.getByRole('button', { name }).boundingBox())!,
      ),
    );
    const edit = tops[0]!;
    for (const box of tops) expect(Math.abs(box.y - edit.y)).toBeLessThan(2);
  };
  for (const zoom of ['Zoom Out', 'Zoom In']) {
    const control = page.getByRole('button', { name: zoom });
    for (let i = 0; i < 12 && (await control.isEnabled()); i++) await control.click();
    await oneLine();
  }
  await page.getByRole('button', { name: 'Fit View' }).click();
  await page.getByRole('button', { name: 'Add button' }).click();
  await page.getByLabel('Button label').fill('Next');
  const next = page.getByRole('region', { name: 'Button Next' });
  // A new button goes to the next step already.
  await expect(next.getByLabel('Step for action 1').locator('option:checked')).toHaveText(
    'Step 2 — Click here to buy',
  );
  await page.getByRole('button', { name: 'Close step editor' }).click();

  // Trigger: a URL condition and an event condition.
  await chooseFromMenu(
    page,
    'Add Condition',
    'URL',
    page.getByRole('dialog', { name: 'URL Condition' }),
  );
  const urlDialog = page.getByRole('dialog', { name: 'URL Condition' });
  await urlDialog.getByRole('button', { name: 'Add URL to URLs matches' }).click();
  await urlDialog.getByRole('textbox', { name: 'URL 1 of URLs matches' }).fill('/shop');
  await urlDialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(urlDialog).toBeHidden();

  await page.getByRole('button', { name: 'Add event condition' }).click();
  const eventDialog = page.getByRole('dialog', { name: 'Event' });
  await eventDialog.getByPlaceholder('Find an event').fill('Signed');
  await eventDialog.getByRole('option', { name: /Signed Up/ }).click();
  await eventDialog.getByRole('button', { name: 'Apply' }).click();
  await expect(eventDialog).toBeHidden();

  const triggers = page.getByRole('list', { name: 'Trigger conditions' });
  await expect(triggers.getByRole('listitem')).toHaveCount(2);
  await expect(triggers).toContainText('/shop');
  await expect(triggers).toContainText('signed_up');

  const before = await request.get(`/v1/flows?brand_id=${acct.brandId}`, { headers });
  expect(((await before.json()) as { data: { total: number } }).data.total).toBe(0);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Update product tour successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/flows\/\d+$/);
  const flowId = page.url().split('/').pop()!;
  await dismissToasts(page);
  const saved = await storedFlow(page, acct.token, flowId);
  expect(saved).toMatchObject({ name: 'Welcome tour', publish: false });

  // Reload: the editor shows the same flow, and saving it again changes nothing.
  await page.reload();
  await expect(title).toHaveValue('Welcome tour');
  await expect(page.getByRole('region', { name: 'Step 1' })).toContainText('Welcome to the shop');
  await expect(page.getByRole('region', { name: 'Step 2' })).toContainText('Click here to buy');
  await expect(triggers.getByRole('listitem')).toHaveCount(2);
  await expect(triggers).toContainText('URL matches /shop (exact)');
  await expect(triggers).toContainText('Event signed_up, at least 1 time, in the last 1 days');
  await page.getByRole('button', { name: 'Edit step 1' }).click();
  await expect(page.getByLabel('Step type')).toHaveValue('modal');
  await expect(page.getByRole('button', { name: /Next.*Go to step 2/ })).toBeVisible();
  await page.getByRole('button', { name: 'Edit step 2' }).click();
  await expect(page.getByLabel('Step type')).toHaveValue('tool_tip');
  await expect(page.getByLabel('CSS selector')).toHaveValue('#buy');
  await expect(page.getByRole('button', { name: /Done.*Dismiss flow/ })).toBeVisible();
  await page.getByRole('button', { name: 'Close step editor' }).click();
  await expect(page.getByText(/unsaved changes/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Update product tour successfully')).toBeVisible();
  await dismissToasts(page);
  expect(await storedFlow(page, acct.token, flowId)).toEqual(saved);

  // Preview plays both steps with the real renderer.
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('dialog', { name: 'Preview' });
  await expect(preview.getByText('Step 1 of 2')).toBeVisible();
  await expect(preview.getByText('Welcome to the shop')).toBeVisible();
  await preview.getByRole('button', { name: 'Next' }).click();
  await expect(preview.getByText('Step 2 of 2')).toBeVisible();
  await expect(preview.getByText('Click here to buy')).toBeVisible();
  await preview.getByRole('button', { name: 'Done' }).click();
  await expect(preview.getByText(/Tour ended/)).toBeVisible();
  await preview.getByRole('button', { name: 'Close preview' }).click();

  // Publish, then unpublish, through their dialogs.
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const publish = page.getByRole('dialog', { name: 'Publish Flow' });
  await expect(publish.getByRole('link', { name: 'View install instructions' })).toBeVisible();
  await publish.getByRole('button', { name: 'Publish now' }).click();
  await expect(publish).toBeHidden();
  await dismissToasts(page);
  await expect(page.getByRole('button', { name: 'Unpublish' })).toBeVisible();
  expect(await storedFlow(page, acct.token, flowId)).toMatchObject({ status: 'published' });

  await page.getByRole('button', { name: 'Unpublish' }).click();
  const unpublish = page.getByRole('dialog', { name: 'Unpublish Flow' });
  await expect(unpublish).toContainText('Do you sure want to unpublish this flow "Welcome tour"?');
  await unpublish.getByRole('button', { name: 'Unpublish' }).click();
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toBeVisible();
  expect(await storedFlow(page, acct.token, flowId)).toMatchObject({
    status: 'unpublished',
    name: 'Welcome tour',
  });
});
