import { expect, test, type Page } from '../fixtures.ts';
import { staffHeaders } from './staff-key.ts';

// The foundation journey: a shopper opens the shop, lands on Glasgow, opens a category,
// loads more deals, opens a deal and sees its options and prices.

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: false });

async function pageType(page: Page) {
  return page.locator('html').getAttribute('data-page-type');
}

test('browse: home → Glasgow → category → load more → deal @mobile', async ({ page }, info) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  const external: string[] = [];
  page.on('request', (r) => {
    const host = new URL(r.url()).hostname;
    if (host !== '127.0.0.1' && host !== 'localhost' && !r.url().startsWith('data:')) external.push(r.url());
  });
  const suffix = info.project.name;

  await page.goto('/');
  await expect(page).toHaveURL(/\/deals\/glasgow$/);
  await expect.poll(() => pageType(page)).toBe('homepage');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/Glasgow/);
  const deals = page.getByRole('list', { name: 'Deals' });
  await expect(deals.getByRole('listitem').first()).toBeVisible();
  await expect(page).toHaveTitle(/Glasgow/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/deals\/glasgow/);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /index, follow/i);
  await shot(page, `1-glasgow-${suffix}`);

  // Open a category from the category navigation.
  const nav = page.getByRole('navigation', { name: 'Categories' });
  const spa = nav.getByRole('link', { name: /^Spa/ }).first();
  await spa.scrollIntoViewIfNeeded();
  await spa.click();
  await expect(page).toHaveURL(/\/deals\/glasgow\/spa/);
  await expect.poll(() => pageType(page)).toBe('category');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/Spa/i);
  const cards = deals.getByRole('listitem');
  await expect(cards.first()).toBeVisible();
  const before = await cards.count();
  await shot(page, `2-category-${suffix}`);

  // Load more appends the next page.
  await page.getByRole('button', { name: 'Load more deals' }).click();
  await expect.poll(() => cards.count()).toBeGreaterThan(before);
  await expect(page.getByRole('status').filter({ hasText: /Showing \d+ of \d+ deals/ })).toBeVisible();

  // Open a deal.
  const firstCard = cards.first().getByRole('link').first();
  const title = (await cards.first().getByRole('heading').first().textContent())?.trim() ?? '';
  await firstCard.click();
  await expect(page).toHaveURL(/\/deals\/glasgow\/spa\/[a-z0-9-]+\/\d+\/[a-z0-9-]+\.html$/);
  await expect.poll(() => pageType(page)).toBe('deal');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  const options = page.getByRole('list', { name: /options/i });
  await expect(options.getByRole('listitem').first()).toBeVisible();
  await expect(options).toContainText(/£\d/);
  await expect(page.locator('s, del').first()).toContainText(/£\d/);
  await expect(page).toHaveTitle(new RegExp(title.slice(0, 20).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /images/);
  await shot(page, `3-deal-${suffix}`);

  expect(external, 'no request leaves the machine').toEqual([]);
  expect(errors, 'no console errors').toEqual([]);
});

test('?page=N links are real links, and page 2 holds the next deals', async ({ page }) => {
  await page.goto('/deals/glasgow');
  const list = page.getByRole('list', { name: 'Deals' });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  const page1 = await list.getByRole('heading').allTextContents();
  const next = page.getByRole('navigation', { name: /pagination/i }).getByRole('link', { name: /2/ }).first();
  await expect(next).toHaveAttribute('href', /[?&]page=2\b/);
  await page.goto('/deals/glasgow?page=2');
  await expect(list.getByRole('listitem').first()).toBeVisible();
  const page2 = await list.getByRole('heading').allTextContents();
  expect(page2.length).toBe(page1.length);
  expect(page2.filter((t) => page1.includes(t))).toEqual([]);
});

test('sort order lives in ?orderBy= and sorts the list', async ({ page }) => {
  await page.goto('/deals/glasgow/restaurants-food');
  await page.getByLabel('Sort by').selectOption({ label: 'Price: low to high' });
  await expect(page).toHaveURL(/[?&]orderBy=pricelow\b/);
  const list = page.getByRole('list', { name: 'Deals' });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  // The list re-renders once the sorted page arrives: wait for that, not a fixed time.
  const prices = () => list.locator('[data-price-pence]').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-price-pence'))));
  await expect.poll(async () => {
    const p = await prices();
    return p.length > 1 && p.every((v, i) => i === 0 || p[i - 1]! <= v);
  }).toBe(true);
});

test('switching location and going back shows each city its own navigation', async ({ page }) => {
  const nav = page.getByRole('navigation', { name: 'Categories' });
  await page.goto('/deals/glasgow');
  await expect(nav.getByRole('link', { name: 'All Glasgow Deals' })).toBeVisible();
  await page.getByRole('link', { name: 'Edinburgh', exact: true }).first().click();
  await expect(page).toHaveURL(/\/deals\/edinburgh$/);
  await expect(nav.getByRole('link', { name: 'All Edinburgh Deals' })).toBeVisible();
  await expect(nav.getByRole('link', { name: /^Spa/ }).first()).toHaveAttribute('href', '/deals/edinburgh/spa');
  await page.goBack();
  await expect(page).toHaveURL(/\/deals\/glasgow$/);
  await expect(nav.getByRole('link', { name: 'All Glasgow Deals' })).toBeVisible();
  await expect(nav.getByRole('link', { name: /^Spa/ }).first()).toHaveAttribute('href', '/deals/glasgow/spa');
});

test('national-deal urls are rewritten to shop', async ({ page }) => {
  await page.goto('/deals/national-deal');
  await expect(page).toHaveURL(/\/deals\/shop$/);
  await expect(page.getByRole('list', { name: 'Deals' }).getByRole('listitem').first()).toBeVisible();
});

test('an unknown page shows the not-found page', async ({ page }) => {
  await page.goto('/deals/glasgow/spa/day-spa/999999999/nothing.html');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/can.t find|not found/i);
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/can.t find|not found/i);
});

test('GraphiQL works offline at /graphql', async ({ page }) => {
  // The shop runs in production: GraphiQL is for internal tools, opened with a staff key in every
  // request's Authorization header (README "Internal tools", as a header-setting extension does).
  await page.setExtraHTTPHeaders(await staffHeaders(page.request));
  const external: string[] = [];
  await page.route('**/*', (route) => {
    const host = new URL(route.request().url()).hostname;
    if (host === '127.0.0.1' || host === 'localhost' || route.request().url().startsWith('blob:') || route.request().url().startsWith('data:')) return route.continue();
    external.push(route.request().url());
    return route.abort();
  });
  await page.goto('/graphql', { waitUntil: 'networkidle' });
  await expect(page.locator('.graphiql-container').first()).toBeVisible();
  // Run the preset homepage query: the answer comes from the real gateway.
  await page.getByRole('button', { name: /execute/i }).first().click();
  await expect(page.locator('.result-window').getByText('"Glasgow"').first()).toBeVisible({ timeout: 20_000 });
  await shot(page, 'graphiql');
  expect(external).toEqual([]);
});
