import { expect, test, type Page } from '../fixtures.ts';

// The deals lists of issue 4 other than search: recently viewed (panel and page), recommended,
// buy again, early-bird, special events, near-me and guides, against the real shop and its seed.

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/screenshots/${name}.png` });

const mainGrid = (page: Page) => page.getByRole('list', { name: 'Deals', exact: true });
const recentPanel = (page: Page) => page.getByRole('region', { name: 'Recently viewed' });
const cardTitles = (list: ReturnType<Page['getByRole']>) => list.getByRole('listitem').getByRole('heading').allTextContents();

/** The deal page urls of the first `n` cards of Glasgow's homepage grid. */
async function glasgowDealUrls(page: Page, n: number): Promise<string[]> {
  await page.goto('/deals/glasgow');
  await expect(mainGrid(page).getByRole('listitem').first()).toBeVisible();
  const hrefs = await mainGrid(page).getByRole('listitem').getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
  expect(hrefs.length).toBeGreaterThanOrEqual(n);
  return hrefs.slice(0, n);
}

/** Opens a deal page and waits until it has loaded (so it is recorded as viewed). */
async function viewDeal(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByRole('list', { name: 'Deal options' })).toBeVisible();
}

test('recently viewed: newest first, 4 in the panel, 5 on the page, and clearing empties both', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));

  const urls = await glasgowDealUrls(page, 5);
  // A new visitor has no history: no panel at all.
  await expect(recentPanel(page)).toHaveCount(0);
  const titleOf = new Map<string, string>();
  for (const url of urls) {
    const card = mainGrid(page).getByRole('listitem').filter({ has: page.locator(`a[href="${url}"]`) });
    titleOf.set(url, (await card.getByRole('heading').textContent())!.trim());
  }

  // View three deals the way a shopper does: open a card, come back.
  for (const url of urls.slice(0, 3)) {
    await mainGrid(page).locator(`a[href="${url}"]`).click();
    await expect(page.getByRole('list', { name: 'Deal options' })).toBeVisible();
    await page.goBack();
    await expect(mainGrid(page).getByRole('listitem').first()).toBeVisible();
  }
  const panelList = recentPanel(page).getByRole('list', { name: 'Recently viewed' });
  await expect(panelList.getByRole('listitem')).toHaveCount(3);
  expect(await cardTitles(panelList)).toEqual([urls[2], urls[1], urls[0]].map((u) => titleOf.get(u!)));
  await expect(recentPanel(page).getByRole('link', { name: 'See all recently viewed deals' })).toHaveAttribute('href', '/recently-viewed');

  // Two more: the panel shows the newest 4.
  await viewDeal(page, urls[3]!);
  await viewDeal(page, urls[4]!);
  await page.goto('/deals/glasgow');
  await expect(panelList.getByRole('listitem')).toHaveCount(4);
  expect(await cardTitles(panelList)).toEqual([urls[4], urls[3], urls[2], urls[1]].map((u) => titleOf.get(u!)));

  // Category pages show the panel below their grid too.
  await page.goto('/deals/glasgow/spa');
  await expect(mainGrid(page).getByRole('listitem').first()).toBeVisible();
  await expect(panelList.getByRole('listitem')).toHaveCount(4);

  // The page lists all 5 kept, newest first.
  await page.goto('/deals/glasgow');
  await recentPanel(page).getByRole('link', { name: 'See all recently viewed deals' }).click();
  await expect(page).toHaveURL(/\/recently-viewed$/);
  await expect(page.locator('html')).toHaveAttribute('data-page-type', 'recentlyViewed');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Recently viewed');
  const pageList = page.getByRole('main').getByRole('list', { name: 'Recently viewed' });
  await expect(pageList.getByRole('listitem')).toHaveCount(5);
  expect(await cardTitles(pageList)).toEqual([...urls].reverse().map((u) => titleOf.get(u)));
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/i);

  // Clear history: the list goes, the shopper is told, the homepage panel is gone.
  await page.getByRole('button', { name: 'Clear history' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'history is cleared' })).toBeVisible();
  await expect(pageList).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('link', { name: 'Browse deals in Glasgow' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('td_recently_viewed'))).toBeNull();
  await page.goto('/deals/glasgow');
  await expect(mainGrid(page).getByRole('listitem').first()).toBeVisible();
  await expect(recentPanel(page)).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('recommended for you: a homepage panel, then 25 a page up to 40 in all', async ({ page }) => {
  await page.goto('/deals/glasgow');
  const panel = page.getByRole('region', { name: 'Recommended for you' });
  await expect(panel.getByRole('list', { name: 'Recommended for you' }).getByRole('listitem').first()).toBeVisible();
  await panel.getByRole('link', { name: 'See all recommended deals' }).click();
  await expect(page).toHaveURL(/\/recommended-for-you$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Recommended for you');
  const list = page.getByRole('list', { name: 'Recommended for you' });
  await expect(list.getByRole('listitem')).toHaveCount(25);
  await page.getByRole('button', { name: 'Load more deals' }).click();
  await expect.poll(() => list.getByRole('listitem').count()).toBeGreaterThan(25);
  const all = await list.getByRole('listitem').count();
  expect(all).toBeLessThanOrEqual(40);
  // 40 is the end: no more to load.
  await expect(page.getByRole('button', { name: 'Load more deals' })).toHaveCount(0);
});

test('special event: title, description and deals, paged with ?page=N and Load more', async ({ page }) => {
  await page.goto('/deals/glasgow/special/valentines');
  await expect(page.locator('html')).toHaveAttribute('data-page-type', 'special');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Valentine's Day");
  await expect(page.getByText('Dinner for two, couples spa days')).toBeVisible();
  await expect(page).toHaveTitle(/Valentine's Day/);
  const list = page.getByRole('list', { name: 'Event offers' });
  await expect(list.getByRole('listitem')).toHaveCount(9);
  const page1 = await cardTitles(list);

  // ?page=2 is a real link to the next 9.
  const two = page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Page 2', exact: true });
  await expect(two).toHaveAttribute('href', '/deals/glasgow/special/valentines?page=2');
  await two.click();
  await expect(page).toHaveURL(/\?page=2$/);
  // The old page stays on screen until the new one is in: wait for it to say page 2.
  await expect(two).toHaveAttribute('aria-current', 'page');
  await expect(list.getByRole('listitem')).toHaveCount(9);
  const page2 = await cardTitles(list);
  expect(page2.filter((t) => page1.includes(t))).toEqual([]);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/deals\/glasgow\/special\/valentines\?page=2$/);

  // Load more appends page 3 in place.
  await page.getByRole('button', { name: 'Load more deals' }).click();
  await expect.poll(() => list.getByRole('listitem').count()).toBeGreaterThan(9);

  // An unknown event is a friendly 404.
  await page.goto('/deals/glasgow/special/no-such-event');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('can’t find that event');
});

test('near me: the hub lists areas with counts, an area lists its deals nearest first', async ({ page }) => {
  await page.goto('/near-me');
  await expect(page).toHaveTitle('Deals Near You - Local Restaurants, Spas & Things To Do');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Deals near you');
  const glasgow = page.getByRole('region', { name: 'Glasgow' });
  const westEnd = glasgow.getByRole('link', { name: /^West End\s?, \d+ deals?$/ });
  await expect(westEnd).toBeVisible();
  await westEnd.click();
  await expect(page).toHaveURL(/\/near-me\/glasgow\/west-end$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Deals near West End, Glasgow');
  await expect(page).toHaveTitle(/Deals Near Me in West End, Glasgow/);
  const list = page.getByRole('list', { name: 'Offers near West End' });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  // Each deal says where it is.
  await expect(list.getByRole('listitem').first()).toContainText(/Where: .+/);

  // The location page lists its areas; unknown ones are 404s.
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Glasgow' }).click();
  await expect(page).toHaveURL(/\/near-me\/glasgow$/);
  await expect(page.getByRole('list', { name: 'Areas of Glasgow' }).getByRole('link', { name: /Finnieston/ })).toBeVisible();
  await page.goto('/near-me/glasgow/atlantis');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('can’t find that area');
  await page.goto('/near-me/atlantis');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('can’t find that area');
});

test('guides: a listicle guide, a feed guide, a moved guide and a missing one', async ({ page }) => {
  await page.goto('/guides/best-afternoon-tea-glasgow');
  await expect(page.locator('html')).toHaveAttribute('data-page-type', 'guide');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('The Best Afternoon Tea in Glasgow');
  await expect(page.getByText('Finger sandwiches, warm scones')).toBeVisible();
  await expect(page.getByText('Most afternoon teas need booking ahead')).toBeVisible();
  const picks = page.getByRole('list', { name: 'Our picks' });
  await expect(picks.getByRole('listitem')).toHaveCount(5);
  await expect(picks.getByRole('listitem').first().getByRole('heading', { level: 2 })).toHaveText(/Best for a special occasion/);
  await expect(picks.getByRole('listitem').first()).toContainText('A proper three-tier spread');
  await expect(picks.getByRole('listitem').first().getByRole('heading', { level: 3 })).toBeVisible(); // the deal's card

  // A guide that is not a listicle shows its deals feed.
  await page.goto('/guides/affiliate/student-deals');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Student Deals in Glasgow');
  await expect(page.getByRole('list', { name: 'Picks from this guide' }).getByRole('listitem').first()).toBeVisible();

  // A moved guide: a permanent redirect to where it lives now.
  const response = await page.request.get('/guides/old-spa-guide', { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  await page.goto('/guides/old-spa-guide');
  await expect(page).toHaveURL(/\/guides\/spa-days-edinburgh$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Spa Days in Edinburgh');

  await page.goto('/guides/no-such-guide');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('can’t find that guide');
});

test('early-bird lists the location’s deals and switches location', async ({ page }) => {
  await page.goto('/early-bird?location=glasgow');
  await expect(page.locator('html')).toHaveAttribute('data-page-type', 'early-bird');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Early-bird deals in Glasgow');
  const list = page.getByRole('list', { name: 'Early-bird offers' });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  const glasgow = await cardTitles(list);
  await page.getByRole('navigation', { name: 'Early-bird deals in' }).getByRole('link', { name: 'Edinburgh' }).click();
  await expect(page).toHaveURL(/\/early-bird\?location=edinburgh$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Early-bird deals in Edinburgh');
  await expect(list.getByRole('listitem').first()).toBeVisible();
  expect(await cardTitles(list)).not.toEqual(glasgow);
});

test('buy again: guests are asked to sign in, and the has-deals flag is reset', async ({ page }) => {
  await page.goto('/deals/glasgow');
  await page.evaluate(() => localStorage.setItem('td_has_buy_again', 'true'));
  await page.goto('/buy-again');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Buy again');
  await expect(page.getByRole('heading', { name: 'Sign in to see your past purchases' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true })).toHaveAttribute('href', '/login');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('td_has_buy_again'))).toBeNull();
});

/** Waits until the pictures of a part of the page that are on screen have loaded (they load lazily). */
async function picturesLoaded(page: Page, scope: ReturnType<Page['getByRole']> | ReturnType<Page['locator']>) {
  await expect
    .poll(() =>
      scope.locator('img').evaluateAll((imgs) =>
        (imgs as HTMLImageElement[])
          .filter((img) => {
            const r = img.getBoundingClientRect();
            return r.width > 0 && r.left < window.innerWidth && r.top < window.innerHeight && r.bottom > 0;
          })
          .every((img) => img.complete && img.naturalWidth > 0),
      ),
    )
    .toBe(true);
}

const top = (page: Page) => page.evaluate(() => window.scrollTo(0, 0));

test('screenshots: homepage panels, a guide and a near-me area @mobile', async ({ page }, info) => {
  const suffix = info.project.name;
  const urls = await glasgowDealUrls(page, 4);
  for (const url of urls) await viewDeal(page, url);
  await page.goto('/deals/glasgow');
  const recent = recentPanel(page);
  await expect(recent.getByRole('listitem')).toHaveCount(4);
  await recent.scrollIntoViewIfNeeded();
  await picturesLoaded(page, recent);
  await shot(page, `lists-home-recent-${suffix}`);
  const recommended = page.getByRole('region', { name: 'Recommended for you' });
  await expect(recommended.getByRole('listitem').first()).toBeVisible();
  await recommended.scrollIntoViewIfNeeded();
  await picturesLoaded(page, recommended);
  await shot(page, `lists-home-recommended-${suffix}`);

  for (const [path, ready, name] of [
    ['/guides/best-afternoon-tea-glasgow', page.getByRole('list', { name: 'Our picks' }), 'guide'],
    ['/near-me', page.getByRole('region', { name: 'Glasgow' }), 'near-me-hub'],
    ['/near-me/glasgow/west-end', page.getByRole('list', { name: 'Offers near West End' }), 'near-me-area'],
    ['/recently-viewed', page.getByRole('main').getByRole('list', { name: 'Recently viewed' }), 'recently-viewed'],
    ['/recommended-for-you', page.getByRole('list', { name: 'Recommended for you' }), 'recommended'],
    ['/early-bird', page.getByRole('list', { name: 'Early-bird offers' }), 'early-bird'],
    ['/deals/glasgow/special/valentines', page.getByRole('list', { name: 'Event offers' }), 'special'],
    ['/buy-again', page.getByRole('heading', { name: 'Sign in to see your past purchases' }), 'buy-again'],
  ] as const) {
    await page.goto(path);
    await expect(ready).toBeVisible();
    await top(page);
    await picturesLoaded(page, page.getByRole('main'));
    await shot(page, `lists-${name}-${suffix}`);
    await page.getByRole('main').screenshot({ path: `test-results/screenshots/lists-${name}-main-${suffix}.png` });
  }
});
