import type { Request } from '@playwright/test';
import { expect, test, type Page } from '../fixtures.ts';

// Search (issue 4): the header's suggestions, the /search page with its URL state, filters,
// order, pages, sponsored results, the empty state, and the category pages' price filter.

const deals = (page: Page) => page.getByRole('list', { name: 'Deals', exact: true });
const titles = (page: Page) => deals(page).getByRole('listitem').getByRole('heading', { level: 3 }).allTextContents();
const prices = async (page: Page) =>
  (await deals(page).locator('[data-price-pence]').evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-price-pence')))));

/** A GraphQL mutation of the sponsored search, by event type. */
const sponsoredEvent = (type: 'IMPRESSION' | 'CLICK') => (request: Request) => {
  if (!request.url().endsWith('/graphql') || request.method() !== 'POST') return false;
  const body = request.postDataJSON() as { operationName?: string; variables?: { input?: { type?: string } } } | null;
  return body?.operationName === 'sponsoredEventsMutation' && body.variables?.input?.type === type;
};

async function waitForResults(page: Page) {
  await expect(page.locator('.search-results')).toHaveAttribute('aria-busy', 'false');
  await expect(deals(page).getByRole('listitem').first()).toBeVisible();
}

test('header search: suggestions for a typo, chosen with the keyboard; Enter searches as typed', async ({ page }) => {
  await page.goto('/deals/glasgow');
  await expect(deals(page).getByRole('listitem').first()).toBeVisible();
  const box = page.getByRole('combobox', { name: 'Search deals' });
  const listbox = page.getByRole('listbox', { name: 'Search suggestions' });

  // One character asks nothing; from two, suggestions come (typo-tolerant: "afternon").
  await box.pressSequentially('afternon', { delay: 40 });
  await expect(listbox).toBeVisible();
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  await expect(listbox.getByRole('group', { name: 'Searches' })).toBeVisible();
  await expect(listbox.getByRole('option', { name: /afternoon tea/i }).first()).toBeVisible();

  // Down moves through the options (the input keeps focus), Escape closes and keeps the words.
  await box.press('ArrowDown');
  const first = listbox.getByRole('option').first();
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);
  await box.press('ArrowDown');
  await expect(first).toHaveAttribute('aria-selected', 'false');
  await box.press('ArrowUp');
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await box.press('Escape');
  await expect(listbox).toBeHidden();
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await expect(box).toHaveValue('afternon');

  // Down opens the list again on the first option, a search for the corrected words; Enter follows it.
  await box.press('ArrowDown');
  await expect(first).toHaveAttribute('aria-selected', 'true');
  const chosen = (await first.textContent())!.trim();
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=afternoon&location=glasgow/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Results for "${chosen}"`);
  await waitForResults(page);

  // With no option active, Enter submits the words as typed (the plain GET form).
  await box.fill('');
  await box.pressSequentially('spa', { delay: 40 });
  await expect(listbox).toBeVisible();
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=spa&location=glasgow$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for "spa"');
  await expect(listbox).toBeHidden();
});

test('search: sponsored results and their impression, price and category filters, sort, pages, back and a shared link', async ({ page }) => {
  await page.goto('/deals/glasgow');
  await expect(deals(page).getByRole('listitem').first()).toBeVisible();
  const impression = page.waitForRequest(sponsoredEvent('IMPRESSION'));
  await page.getByRole('combobox', { name: 'Search deals' }).fill('spa');
  await page.getByRole('combobox', { name: 'Search deals' }).press('Enter');
  await expect(page).toHaveURL(/\/search\?q=spa&location=glasgow$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for "spa"');
  await waitForResults(page);
  await expect(page.getByText(/^\d+ deals$/).first()).toBeVisible();

  // Sponsored results (when the service has some) are labelled, link with usr_src, and one
  // impression is posted for them.
  const sponsored = page.getByRole('list', { name: /^Sponsored/ });
  await expect(page.getByRole('heading', { name: /^Sponsored/ })).toBeVisible();
  await expect(sponsored.getByText('Sponsored', { exact: true }).first()).toBeVisible();
  await expect(sponsored.getByRole('link').first()).toHaveAttribute('href', /\?usr_src=sponsored_search_1$/);
  const posted = await impression;
  const input = (posted.postDataJSON() as { variables: { input: { adIds: string[]; dealIds: string[]; sessionId: string } } }).variables.input;
  expect(input.adIds.length).toBeGreaterThan(0);
  expect(input.dealIds).toHaveLength(input.adIds.length);
  const answer = await (await posted.response())!.json();
  expect(answer.data.recordSponsoredEvents).toMatchObject({ __typename: 'SponsoredEventsRecorded' });

  // Price: the upper thumb, by keyboard, one step down (£1000+ → £100): the URL says maxPrice=100.
  const max = page.getByRole('slider', { name: 'Maximum price' });
  await max.focus();
  await max.press('ArrowLeft');
  await expect(max).toHaveAttribute('aria-valuetext', '£100');
  await expect(page).toHaveURL(/maxPrice=100(&|$)/);
  await waitForResults(page);
  await expect(max).toBeFocused();
  expect(Math.max(...(await prices(page)))).toBeLessThanOrEqual(100_00);

  // Category facet (with its count): a link, the URL says category=spa.
  const categories = page.getByRole('list', { name: 'Category', exact: true });
  await categories.getByRole('link', { name: /^Spa\b/ }).click();
  await expect(page).toHaveURL(/category=spa(&|$)/);
  await waitForResults(page);
  await expect(categories.getByRole('link', { name: /^Spa\b/ })).toHaveAttribute('aria-current', 'true');
  await expect(page.getByRole('list', { name: 'Filters in use' }).getByRole('link')).toHaveCount(2);

  // Sort: price low to high.
  await page.getByLabel('Sort by').selectOption('pricelow');
  await expect(page).toHaveURL(/orderBy=pricelow/);
  await waitForResults(page);
  await expect.poll(async () => {
    const p = await prices(page);
    return p.every((v, i) => i === 0 || p[i - 1]! <= v);
  }).toBe(true);
  const firstPage = await titles(page);
  expect(firstPage.length).toBe(12);

  // Page 2 by its link, then back: the same first page as before.
  await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/page=2/);
  await waitForResults(page);
  await expect.poll(() => titles(page)).not.toEqual(firstPage);
  const secondPage = await titles(page);
  const secondUrl = page.url();
  await page.goBack();
  await expect(page).not.toHaveURL(/page=2/);
  await expect.poll(() => titles(page)).toEqual(firstPage);
  await expect(page.getByRole('slider', { name: 'Maximum price' })).toHaveAttribute('aria-valuetext', '£100');

  // A shared link (opened directly) shows the same results.
  await page.goto(secondUrl);
  await waitForResults(page);
  await expect.poll(() => titles(page)).toEqual(secondPage);
  await expect(page.getByLabel('Sort by')).toHaveValue('pricelow');

  // Clear filters keeps the words.
  await page.getByRole('link', { name: 'Clear filters' }).first().click();
  await expect(page).toHaveURL(/\/search\?q=spa&location=glasgow&orderBy=pricelow$/);

  // The header's "from £X" is the cheapest result of every page (not the first of this page):
  // the first deal when sorted by price, low to high.
  await page.goto('/search?q=spa&location=glasgow');
  await waitForResults(page);
  const summary = page.locator('.search-header__summary');
  await expect(summary).toContainText(/ · from £[\d,]+\.\d\d$/);
  const fromPence = Math.round(Number((await summary.textContent())!.match(/from £([\d,]+\.\d\d)$/)![1]!.replace(/,/g, '')) * 100);
  expect(Math.min(...(await prices(page)))).toBeGreaterThanOrEqual(fromPence);
  await page.goto('/search?q=spa&location=glasgow&orderBy=pricelow');
  await waitForResults(page);
  expect((await prices(page))[0]).toBe(fromPence);
  await expect(summary).toContainText(`from £${(fromPence / 100).toFixed(2)}`);
});

test('a sponsored result opened posts the click', async ({ page }) => {
  await page.goto('/search?q=spa&location=glasgow');
  await waitForResults(page);
  const sponsored = page.getByRole('list', { name: /^Sponsored/ });
  await expect(sponsored.getByRole('link').first()).toBeVisible();
  const click = page.waitForRequest(sponsoredEvent('CLICK'));
  await sponsored.getByRole('link').first().click();
  await expect(page).toHaveURL(/\.html\?usr_src=sponsored_search_1$/);
  const posted = await click;
  const answer = await (await posted.response())!.json();
  expect(answer.data.recordSponsoredEvents).toMatchObject({ __typename: 'SponsoredEventsRecorded' });
});

test('nonsense words: an empty state with a way on', async ({ page }) => {
  await page.goto('/search?q=zzqxjvbw&location=glasgow');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for "zzqxjvbw"');
  await expect(page.getByRole('heading', { name: 'No deals found for "zzqxjvbw"' })).toBeVisible();
  await expect(deals(page)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Search all locations' })).toBeVisible();
  await page.getByRole('list', { name: 'Popular searches' }).getByRole('link', { name: 'Afternoon tea' }).click();
  await expect(page).toHaveURL(/\/search\?q=afternoon\+tea&location=glasgow$/);
  await waitForResults(page);
});

test('category page: the price slider and VIP switch filter the deals, in the URL', async ({ page }) => {
  await page.goto('/deals/glasgow/spa');
  await expect(deals(page).getByRole('listitem').first()).toBeVisible();
  const max = page.getByRole('slider', { name: 'Maximum price' });
  await max.focus();
  await max.press('ArrowLeft');
  await max.press('ArrowLeft');
  await expect(max).toHaveAttribute('aria-valuetext', '£50');
  await expect(page).toHaveURL(/\/deals\/glasgow\/spa\?maxPrice=50$/);
  await expect.poll(async () => Math.max(...(await prices(page)))).toBeLessThanOrEqual(50_00);
  const min = page.getByRole('slider', { name: 'Minimum price' });
  await min.focus();
  await min.press('End'); // stops below the upper thumb: £20
  await expect(min).toHaveAttribute('aria-valuetext', '£20');
  await expect(page).toHaveURL(/minPrice=20&maxPrice=50|maxPrice=50&minPrice=20/);
  await expect.poll(async () => Math.min(...(await prices(page)))).toBeGreaterThanOrEqual(20_00);
  await page.getByRole('switch', { name: /VIP deals only/ }).check();
  await expect(page).toHaveURL(/vip=true/);
  await page.goBack();
  await expect(page).not.toHaveURL(/vip=true/);
  await expect(page.getByRole('switch', { name: /VIP deals only/ })).not.toBeChecked();
});

test('search page screenshots @mobile', async ({ page }, testInfo) => {
  await page.goto('/search?q=spa&location=glasgow');
  await waitForResults(page);
  await page.screenshot({ path: testInfo.outputPath(`search-${testInfo.project.name}.png`), fullPage: false });
  if (testInfo.project.name === 'mobile') {
    const toggle = page.getByRole('button', { name: /^Filters/ });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('slider', { name: 'Maximum price' })).toBeVisible();
    await page.getByRole('heading', { name: 'Filter results' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('search-mobile-filters.png'), fullPage: false });
  }
  await page.getByRole('combobox', { name: 'Search deals' }).fill('');
  await page.getByRole('combobox', { name: 'Search deals' }).pressSequentially('afternon', { delay: 40 });
  await expect(page.getByRole('listbox', { name: 'Search suggestions' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath(`suggestions-${testInfo.project.name}.png`), fullPage: false });
  await page.goto('/search?q=zzqxjvbw&location=glasgow');
  await expect(page.getByRole('heading', { name: /No deals found/ })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath(`search-empty-${testInfo.project.name}.png`), fullPage: true });
  await page.goto('/deals/glasgow/spa?maxPrice=100');
  await expect(deals(page).getByRole('listitem').first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath(`category-${testInfo.project.name}.png`), fullPage: false });
});
