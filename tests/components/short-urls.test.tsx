import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ShortUrlDetailsView } from '@/features/short-urls/components/details/short-url-details-view';
import { ShortUrlsView } from '@/features/short-urls/components/short-urls-view';
import { SHORT_URL_PAGE_SIZE } from '@/features/short-urls/lib/query-keys';
import { SHORT_URL_LIMITS_TEXT, type ShortUrlInput } from '@/lib/contracts/short-urls';
import { formatDate } from '@/lib/format';
import { MESSAGES } from '@/lib/messages';
import { createShortUrl, getShortUrl, getShortUrlReport, listShortUrls } from '@/api/short-urls';
import { useBrandStore } from '@/stores/brand';
import { db, loadMockDb, type MockBrand, type MockDbState } from '../mocks/db';
import { server } from '../mocks/node';
import { addShortUrl, mockShortUrlReport } from '../mocks/short-urls.handlers';
import { setRoute } from '../setup/router';
import { addBrand, renderWithProviders, signInAs } from './test-utils';

const SLUG_FORMAT = MESSAGES.shortUrls.slugFormat(
  SHORT_URL_LIMITS_TEXT.slugMin,
  SHORT_URL_LIMITS_TEXT.slugMax,
);

let brand: MockBrand;
const link = (extra: Partial<ShortUrlInput> = {}): ShortUrlInput => ({
  brand_id: brand.id,
  url: 'https://shop.example.com/spring-sale',
  ...extra,
});
const at = (d: number) => ({ updated_at: new Date(Date.UTC(2026, 10, d, 9)).toISOString() });

/** Method, path and query string of every call to the short-link API. */
const calls: { method: string; path: string; query: Record<string, string> }[] = [];
const record = ({ request }: { request: Request }) => {
  const url = new URL(request.url);
  if (url.pathname.startsWith('/v1/short-urls'))
    calls.push({
      method: request.method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
    });
};

const table = () => screen.getByRole('table', { name: 'Short links' });
const rowOf = (slug: string) =>
  within(table())
    .getByRole('link', { name: new RegExp(`/s/${slug}$`) })
    .closest('tr') as HTMLElement;
const slugs = () =>
  within(table())
    .getAllByRole('rowheader')
    .map((c) => /\/s\/([^/\s]+)/.exec(c.textContent ?? '')?.[1]);

beforeEach(() => {
  setRoute('/shorten-urls');
  calls.length = 0;
  server.events.on('request:start', record);
  const { user } = signInAs({ plan: 'growth' });
  brand = addBrand(user, 'Shop');
  useBrandStore.getState().setBrandId(brand.id);
});
afterEach(() => {
  // The product stays chosen: the next test chooses its own (before the page unmounts, a change
  // would update it outside the test).
  server.events.removeListener('request:start', record);
});

describe('ShortUrlsView (/shorten-urls)', () => {
  it('asks for a product first', () => {
    useBrandStore.getState().setBrandId(null);
    renderWithProviders(<ShortUrlsView />);
    expect(screen.getByText('No tracked product')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create short link' })).not.toBeInTheDocument();
  });

  it("lists the product's links with their counts, copies a short URL", async () => {
    const other = addBrand(
      db.users.find((u) => u.email === 'ada@example.com')!,
      'Blog',
    );
    addShortUrl({ brand_id: other.id, url: 'https://blog.example.com', slug: 'blog-post' });
    const spring = addShortUrl(link({ slug: 'spring' }), {
      clicks: 1234,
      unique_clicks: 987,
      ...at(10),
    });
    addShortUrl(
      link({ slug: 'old-one', url: 'https://shop.example.com/old', disabled: true }),
      at(9),
    );
    addShortUrl(
      link({
        slug: 'gone',
        url: 'https://shop.example.com/gone',
        expires_at: '2020-01-01T00:00:00Z',
      }),
      at(8),
    );
    const { user } = renderWithProviders(<ShortUrlsView />);

    expect(await screen.findByRole('heading', { name: 'Shorten URLs' })).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Short links' });
    expect(slugs()).toEqual(['spring', 'old-one', 'gone']);
    expect(calls[0]?.query).toMatchObject({ brand_id: String(brand.id), cursor: '1' });
    const cells = within(rowOf('spring'))
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(0, 5)).toEqual([
      'https://shop.example.com/spring-sale',
      '1,234',
      '987',
      formatDate(spring.created_at),
      'Active',
    ]);
    expect(within(rowOf('spring')).getByRole('link', { name: spring.short_url })).toHaveAttribute(
      'href',
      `/shorten-urls/${spring.id}`,
    );
    expect(
      within(rowOf('spring')).getByTitle('https://shop.example.com/spring-sale'),
    ).toBeVisible();
    expect(within(rowOf('old-one')).getByText('Disabled')).toBeInTheDocument();
    expect(within(rowOf('gone')).getByText('Expired')).toBeInTheDocument();
    expect(screen.getByText('Showing 3 of 3 short links')).toBeInTheDocument();

    await user.click(
      within(rowOf('spring')).getByRole('button', { name: `Copy ${spring.short_url}` }),
    );
    expect(await navigator.clipboard.readText()).toBe(spring.short_url);
    expect(await screen.findByText(MESSAGES.shortUrls.copied)).toBeInTheDocument();
  });

  it('searches by slug or destination and pages with Load more', async () => {
    for (let i = 1; i <= SHORT_URL_PAGE_SIZE + 2; i += 1)
      addShortUrl(link({ slug: `promo-${i}`, url: `https://shop.example.com/p/${i}` }), at(i));
    addShortUrl(link({ slug: 'winter', url: 'https://other.example.com/coats' }), at(1));
    const { user } = renderWithProviders(<ShortUrlsView />);
    await screen.findByRole('table', { name: 'Short links' });
    expect(slugs()).toHaveLength(SHORT_URL_PAGE_SIZE);
    expect(
      screen.getByText(`Showing ${SHORT_URL_PAGE_SIZE} of 23 short links`),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(slugs()).toHaveLength(23));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(calls.at(-1)?.query.cursor).toBe('2');

    await user.type(screen.getByLabelText('Search short links'), 'coats');
    await waitFor(() => expect(slugs()).toEqual(['winter']));
    expect(calls.at(-1)?.query).toMatchObject({ search: 'coats', cursor: '1' });

    await user.clear(screen.getByLabelText('Search short links'));
    await user.type(screen.getByLabelText('Search short links'), 'nothing-like-it');
    expect(await screen.findByText(MESSAGES.shortUrls.listNoMatches)).toBeInTheDocument();
  });

  it('shows the empty state with a way to create', async () => {
    renderWithProviders(<ShortUrlsView />);
    const empty = await screen.findByRole('region', { name: 'No short links' });
    expect(within(empty).getByText(MESSAGES.shortUrls.listEmpty)).toBeInTheDocument();
    expect(within(empty).getByRole('button', { name: 'Create short link' })).toBeInTheDocument();
  });

  it('creates a link: field checks, a taken slug from the server, UTM values and an expiry', async () => {
    addShortUrl({ brand_id: brand.id, url: 'https://shop.example.com', slug: 'taken' });
    const { user } = renderWithProviders(<ShortUrlsView />);
    await screen.findByRole('table', { name: 'Short links' });
    await user.click(screen.getAllByRole('button', { name: 'Create short link' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Create short link' });
    const d = within(dialog);

    await user.click(d.getByRole('button', { name: 'Create short link' }));
    expect(await d.findByText(MESSAGES.shortUrls.urlRequired)).toBeInTheDocument();
    await user.type(d.getByLabelText('Destination URL'), 'ftp://files.example.com');
    await user.click(d.getByRole('button', { name: 'Create short link' }));
    expect(await d.findByText(MESSAGES.shortUrls.urlInvalid)).toBeInTheDocument();
    await user.clear(d.getByLabelText('Destination URL'));
    await user.type(d.getByLabelText('Destination URL'), 'https://shop.example.com/sale?x=1');
    await user.type(d.getByLabelText('Custom slug (optional)'), 'no spaces!');
    await user.click(d.getByRole('button', { name: 'Create short link' }));
    expect(await d.findByText(SLUG_FORMAT)).toBeInTheDocument();
    await user.clear(d.getByLabelText('Custom slug (optional)'));
    await user.type(d.getByLabelText('Custom slug (optional)'), 'api');
    await user.click(d.getByRole('button', { name: 'Create short link' }));
    expect(await d.findByText(MESSAGES.shortUrls.slugReserved('api'))).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    // Taken: only the server knows; its message lands under the slug.
    await user.clear(d.getByLabelText('Custom slug (optional)'));
    await user.type(d.getByLabelText('Custom slug (optional)'), 'TAKEN');
    await user.click(d.getByRole('button', { name: 'Create short link' }));
    expect(await d.findByText(MESSAGES.shortUrls.slugTaken('TAKEN'))).toBeInTheDocument();
    expect(d.getByLabelText('Custom slug (optional)')).toHaveAttribute('aria-invalid', 'true');

    await user.clear(d.getByLabelText('Custom slug (optional)'));
    await user.type(d.getByLabelText('Custom slug (optional)'), 'sale-2026');
    expect(d.queryByLabelText('UTM source')).not.toBeInTheDocument();
    await user.click(d.getByRole('button', { name: 'UTM parameters (optional)' }));
    await user.type(d.getByLabelText('UTM source'), 'newsletter');
    await user.type(d.getByLabelText('UTM campaign'), 'spring');
    await user.type(d.getByLabelText('Expires (optional)'), '2030-12-31T23:59');
    await user.type(
      d.getByLabelText('After expiry, send to (optional)'),
      'https://shop.example.com/over',
    );
    await user.click(d.getByRole('button', { name: 'Create short link' }));

    expect(await screen.findByText(MESSAGES.shortUrls.created)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Create short link' })).not.toBeInTheDocument(),
    );
    const saved = db.shortUrls.find((l) => l.slug === 'sale-2026');
    expect(saved).toMatchObject({
      brand_id: brand.id,
      url: 'https://shop.example.com/sale?x=1',
      utm: { source: 'newsletter', campaign: 'spring' },
      expires_at: new Date(2030, 11, 31, 23, 59).toISOString(),
      expired_url: 'https://shop.example.com/over',
      disabled: false,
    });
    expect(await screen.findByRole('link', { name: /\/s\/sale-2026$/ })).toBeInTheDocument();
  });

  it('creates a link with a random slug when none is given', async () => {
    const { user } = renderWithProviders(<ShortUrlsView />);
    await user.click(await screen.findByRole('button', { name: 'Create short link' }));
    const d = within(await screen.findByRole('dialog', { name: 'Create short link' }));
    await user.type(d.getByLabelText('Destination URL'), 'https://shop.example.com/');
    await user.click(d.getByRole('button', { name: 'Create short link' }));
    expect(await screen.findByText(MESSAGES.shortUrls.created)).toBeInTheDocument();
    expect(db.shortUrls).toHaveLength(1);
    expect(db.shortUrls[0]!.slug).toMatch(/^[A-Za-z0-9]{7}$/);
  });

  it('shows a refusal that is about no field above the form, and in a toast', async () => {
    server.use(
      http.post('*/v1/short-urls', () =>
        HttpResponse.json(
          { message: 'Plan limit', status: 403, code: 'plan_limit_reached' },
          { status: 403 },
        ),
      ),
    );
    const { user } = renderWithProviders(<ShortUrlsView />);
    await user.click(await screen.findByRole('button', { name: 'Create short link' }));
    const d = within(await screen.findByRole('dialog', { name: 'Create short link' }));
    await user.type(d.getByLabelText('Destination URL'), 'https://shop.example.com/');
    await user.click(d.getByRole('button', { name: 'Create short link' }));
    expect(await d.findByRole('alert')).toHaveTextContent('Plan limit');
    expect(
      await screen.findByText(MESSAGES.shortUrls.failedToSave('Plan limit')),
    ).toBeInTheDocument();
  });

  it('offers Try again when the list fails', async () => {
    let fail = true;
    server.use(
      http.get('*/v1/short-urls', () =>
        fail
          ? HttpResponse.json({ message: 'Boom', status: 500, code: 'internal' }, { status: 500 })
          : undefined,
      ),
    );
    addShortUrl(link({ slug: 'spring' }));
    const { user } = renderWithProviders(<ShortUrlsView />);
    expect(
      await screen.findAllByText(MESSAGES.shortUrls.failedToGetList('Boom'), { exact: false }),
    ).not.toHaveLength(0);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Short links' })).toBeInTheDocument();
  });

  it('edits a link: the form starts from it and saves the changes', async () => {
    const spring = addShortUrl(link({ slug: 'spring', utm: { source: 'mail' } }));
    const { user } = renderWithProviders(<ShortUrlsView />);
    await screen.findByRole('table', { name: 'Short links' });
    await user.click(within(rowOf('spring')).getByRole('button', { name: 'Edit spring' }));
    const d = within(await screen.findByRole('dialog', { name: 'Edit short link' }));
    expect(d.getByLabelText('Destination URL')).toHaveValue('https://shop.example.com/spring-sale');
    expect(d.getByLabelText('Custom slug (optional)')).toHaveValue('spring');
    // The UTM section opens by itself when the link has values.
    expect(d.getByLabelText('UTM source')).toHaveValue('mail');
    await user.clear(d.getByLabelText('Destination URL'));
    await user.type(d.getByLabelText('Destination URL'), 'https://shop.example.com/summer');
    await user.clear(d.getByLabelText('Custom slug (optional)'));
    await user.type(d.getByLabelText('Custom slug (optional)'), 'summer');
    await user.click(d.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(MESSAGES.shortUrls.updated)).toBeInTheDocument();
    expect(db.shortUrls.find((l) => l.id === spring.id)).toMatchObject({
      slug: 'summer',
      url: 'https://shop.example.com/summer',
      utm: { source: 'mail' },
    });
    expect(await screen.findByRole('link', { name: /\/s\/summer$/ })).toBeInTheDocument();
  });

  it('disables and enables a link', async () => {
    const spring = addShortUrl(link({ slug: 'spring', utm: { source: 'mail' } }));
    const { user } = renderWithProviders(<ShortUrlsView />);
    await screen.findByRole('table', { name: 'Short links' });
    await user.click(within(rowOf('spring')).getByRole('button', { name: 'Disable spring' }));
    expect(await screen.findByText(MESSAGES.shortUrls.disabledDone('spring'))).toBeInTheDocument();
    expect(db.shortUrls.find((l) => l.id === spring.id)).toMatchObject({
      disabled: true,
      slug: 'spring',
      utm: { source: 'mail' },
    });
    expect(await within(rowOf('spring')).findByText('Disabled')).toBeInTheDocument();
    await user.click(within(rowOf('spring')).getByRole('button', { name: 'Enable spring' }));
    expect(await screen.findByText(MESSAGES.shortUrls.enabledDone('spring'))).toBeInTheDocument();
    expect(db.shortUrls.find((l) => l.id === spring.id)?.disabled).toBe(false);
  });

  it('deletes a link only after the confirmation', async () => {
    addShortUrl(link({ slug: 'spring' }), at(2));
    addShortUrl(link({ slug: 'keep-me' }), at(1));
    const { user } = renderWithProviders(<ShortUrlsView />);
    await screen.findByRole('table', { name: 'Short links' });
    await user.click(within(rowOf('spring')).getByRole('button', { name: 'Delete spring' }));
    let confirm = await screen.findByRole('dialog', { name: 'Delete short link' });
    expect(confirm).toHaveTextContent(MESSAGES.shortUrls.deleteConfirm('spring'));
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(db.shortUrls).toHaveLength(2);

    await user.click(within(rowOf('spring')).getByRole('button', { name: 'Delete spring' }));
    confirm = await screen.findByRole('dialog', { name: 'Delete short link' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(MESSAGES.shortUrls.deleted)).toBeInTheDocument();
    await waitFor(() => expect(slugs()).toEqual(['keep-me']));
    expect(db.shortUrls.map((l) => l.slug)).toEqual(['keep-me']);
  });
});

describe('ShortUrlDetailsView (/shorten-urls/[id])', () => {
  const reportCalls = () => calls.filter((c) => c.path.endsWith('/report'));
  const total = (name: string) =>
    within(screen.getByRole('list', { name: 'Totals' })).getByRole('listitem', { name });

  it('shows the totals, the top lists, and asks again with bots when the box is ticked', async () => {
    const spring = addShortUrl(link({ slug: 'spring', utm: { source: 'newsletter' } }), {
      clicks: 40,
      unique_clicks: 30,
      bot_clicks: 5,
    });
    setRoute('/shorten-urls/[id]', { id: String(spring.id) });
    const stored = db.shortUrls.find((l) => l.id === spring.id)!;
    const humans = mockShortUrlReport(stored, brand, {
      date_preset: 'past_30_day',
      granularity: 'day',
      include_bots: false,
    });
    const withBots = mockShortUrlReport(stored, brand, {
      date_preset: 'past_30_day',
      granularity: 'day',
      include_bots: true,
    });
    expect(withBots.totals.clicks).toBeGreaterThan(humans.totals.clicks);

    const { user } = renderWithProviders(<ShortUrlDetailsView />);
    expect(await screen.findByRole('heading', { name: spring.short_url })).toBeInTheDocument();
    await waitFor(() =>
      expect(total('Clicks')).toHaveTextContent(humans.totals.clicks.toLocaleString('en-US')),
    );
    expect(total('Unique clicks')).toHaveTextContent(
      humans.totals.unique_clicks.toLocaleString('en-US'),
    );
    expect(total('Bot clicks')).toHaveTextContent(String(humans.totals.bot_clicks));
    expect(reportCalls()[0]?.query).toEqual({
      date_preset: 'past_30_day',
      granularity: 'day',
      include_bots: 'false',
    });

    // The chart of clicks and unique clicks (no canvas here: its legend and numbers).
    const legend = await screen.findByRole('list', { name: 'Legend' });
    expect(legend).toHaveTextContent('Clicks');
    expect(legend).toHaveTextContent('Unique clicks');

    const countries = screen.getByRole('region', { name: 'Top countries' });
    expect(within(countries).getByText('US')).toBeInTheDocument();
    expect(within(countries).getByText(String(humans.countries[0]!.clicks))).toBeInTheDocument();
    const sources = screen.getByRole('region', { name: 'Top UTM sources' });
    expect(within(sources).getByText('newsletter')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Top referrers' })).toHaveTextContent('(none)');
    expect(screen.getByRole('region', { name: 'Top devices and browsers' })).toHaveTextContent(
      'Desktop · Chrome',
    );

    const bots = screen.getByRole('checkbox', { name: 'Include bots and link previews' });
    expect(bots).not.toBeChecked();
    await user.click(bots);
    await waitFor(() =>
      expect(total('Clicks')).toHaveTextContent(withBots.totals.clicks.toLocaleString('en-US')),
    );
    expect(reportCalls().at(-1)?.query.include_bots).toBe('true');

    await user.selectOptions(screen.getByLabelText('Group by'), 'week');
    await waitFor(() => expect(reportCalls().at(-1)?.query.granularity).toBe('week'));
    await user.selectOptions(screen.getByLabelText('Date range'), 'past_7_day');
    await waitFor(() =>
      expect(reportCalls().at(-1)?.query).toEqual({
        date_preset: 'past_7_day',
        granularity: 'week',
        include_bots: 'true',
      }),
    );
  });

  it('says so for a link that is not there', async () => {
    setRoute('/shorten-urls/[id]', { id: '999' });
    renderWithProviders(<ShortUrlDetailsView />);
    expect(await screen.findByText(MESSAGES.shortUrls.notFound)).toBeInTheDocument();
  });
});

describe('short links mock API', () => {
  it('refuses what the API refuses, with the same messages', async () => {
    await expect(
      createShortUrl({ brand_id: brand.id, url: 'javascript:alert(1)' }),
    ).rejects.toMatchObject({
      status: 400,
      message: MESSAGES.shortUrls.urlInvalid,
    });
    await createShortUrl({ brand_id: brand.id, url: 'https://shop.example.com', slug: 'Mine' });
    await expect(
      createShortUrl({ brand_id: brand.id, url: 'https://shop.example.com', slug: 'mine' }),
    ).rejects.toMatchObject({ status: 409, message: MESSAGES.shortUrls.slugTaken('mine') });
    // Another owner's link is not found.
    const theirs = addBrand(signInAs({ email: 'eve@example.com' }).user, 'Theirs');
    const hidden = addShortUrl({ brand_id: theirs.id, url: 'https://eve.example.com' });
    signInAs({ email: 'ada2@example.com' });
    await expect(getShortUrl(hidden.id)).rejects.toMatchObject({ status: 404 });
  });

  it('answers the same report every time, with every bucket of the range', async () => {
    const clicked = addShortUrl(link({ slug: 'clicked' }), { clicks: 3 });
    const params = { date_preset: 'past_7_day', granularity: 'day', include_bots: false } as const;
    const first = await getShortUrlReport(clicked.id, params);
    expect(first.series).toHaveLength(7);
    expect(await getShortUrlReport(clicked.id, params)).toEqual(first);
    const never = addShortUrl(link({ slug: 'never' }));
    expect((await getShortUrlReport(never.id, params)).totals).toEqual({
      clicks: 0,
      unique_clicks: 0,
      bot_clicks: 0,
    });
    await expect(
      getShortUrlReport(clicked.id, { ...params, date_preset: 'custom_range' }),
    ).rejects.toMatchObject({ status: 400 });
  });

  it('starts with no links after loading a snapshot saved before they existed', async () => {
    const { shortUrls: _links, demoShortUrlBrands: _demo, ...old } = structuredClone(db);
    loadMockDb(old as MockDbState);
    expect(db.shortUrls).toEqual([]);
    const page = await listShortUrls({ brand_id: brand.id, cursor: '1', limit: 20 });
    expect(page).toEqual({ data: [], total: 0, nextCursor: null });
  });
});
