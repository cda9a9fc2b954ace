import AxeBuilder from '@axe-core/playwright';
import { expect, pauseClockNow, test, type Page } from '../fixtures.ts';
import { answerCookies } from './buying-helpers.ts';
import { MERCHANT_EMAIL, MERCHANT_PASSWORD, signIn } from './merchant-helpers.ts';

// Issue 19 points 6 and 8: a merchant previews a deal that is not live yet (the demo merchant's
// seeded upcoming deals), staff too, anyone else gets the normal not-found; the paid-campaign
// landing page /welcome shows its campaign's deals, is noindex and never opens the subscribe popup.

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: false });
const robots = (page: Page) => page.locator('head meta[name="robots"]');
const axeViolations = async (page: Page) =>
  (await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze()).violations.map((v) => `${v.id} (${v.nodes.length})`);

test('a merchant previews an upcoming deal from the dashboard: a clear preview, nothing to buy, noindex; others get the not-found', async ({ page, browser, baseURL }) => {
  await answerCookies(page);
  await signIn(page, MERCHANT_EMAIL, MERCHANT_PASSWORD);
  await expect(page).toHaveURL(/\/insights/);
  const upcoming = page.getByRole('region', { name: 'Upcoming deals' });
  await expect(upcoming).toBeVisible();
  const first = upcoming.getByRole('listitem').first();
  await expect(first).toContainText('This deal goes live on');
  await upcoming.scrollIntoViewIfNeeded();
  await shot(page, 'insights-upcoming-deals');
  expect(await axeViolations(page)).toEqual([]);
  const title = (await first.locator('.upcoming-deals__title').textContent())!;
  await first.getByRole('link', { name: `Preview ${title}` }).click();

  await expect(page).toHaveURL(/\/deal-preview\/(glasgow|edinburgh)\/.+\/\d+\/[a-z0-9-]+\.html$/);
  const banner = page.getByRole('region', { name: 'Preview: only you can see this page' });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('This deal goes live on');
  await expect(banner).toContainText('Nothing can be bought from a preview: shoppers can buy the deal once it is live.');
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Options' }).getByRole('listitem')).toHaveCount(2);
  // Nothing to buy: no buy button, no quantity, no basket form anywhere on the page.
  await expect(page.getByRole('button', { name: /buy|basket/i })).toHaveCount(0);
  await expect(robots(page)).toHaveAttribute('content', 'NOINDEX, NOFOLLOW');
  await shot(page, 'deal-preview-merchant');
  expect(await axeViolations(page)).toEqual([]);
  const previewPath = new URL(page.url()).pathname;

  // The served page itself (the merchant's cookies): noindex in the header too, never cached.
  const served = await page.request.get(previewPath);
  expect(served.status()).toBe(200);
  expect(served.headers()['x-robots-tag']).toBe('noindex, nofollow');
  expect(served.headers()['cache-control']).toBe('private, no-store');

  // The deal url with ?dealPreview is the same preview.
  const dealUrl = previewPath.replace(/^\/deal-preview\//, '/deals/');
  await page.goto(`${dealUrl}?dealPreview`);
  await expect(page).toHaveURL(new RegExp(`${previewPath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  await expect(banner).toBeVisible();

  // A guest: the normal not-found, on both url forms, and nothing of the deal.
  const guest = await browser.newContext({ baseURL });
  const guestPage = await guest.newPage();
  await answerCookies(guestPage);
  for (const path of [previewPath, `${dealUrl}?dealPreview`, dealUrl]) {
    const res = await guestPage.goto(path);
    expect(res?.status(), path).toBe(404);
    await expect(guestPage.getByRole('heading', { level: 1, name: 'Sorry, we can’t find that deal' })).toBeVisible();
    await expect(guestPage.getByText(title)).toHaveCount(0);
  }
  await shot(guestPage, 'deal-preview-guest-not-found');

  // Staff (the demo staff person's sign-in) see it.
  await guestPage.goto('/staff/sign-in');
  await guestPage.getByLabel('Email address').fill('staff@thistledeals.example');
  await guestPage.getByLabel('Password').fill('Thistle-Staff-1');
  await guestPage.getByRole('button', { name: 'Sign in' }).click();
  await expect(guestPage.getByRole('heading', { level: 1, name: 'Signed in as Demo Staff' })).toBeVisible();
  expect((await guestPage.goto(previewPath))?.status()).toBe(200);
  await expect(guestPage.getByRole('region', { name: 'Preview: only you can see this page' })).toBeVisible();
  await guest.close();
});

test('/welcome: the campaign a paid link names, its deals, noindex, and no subscribe popup', async ({ page }) => {
  await answerCookies(page);
  const res = await page.goto('/welcome?utm_source=google&utm_medium=cpc&utm_campaign=glasgow-spa-days');
  expect(res?.status()).toBe(200);
  expect(res?.headers()['x-robots-tag']).toBe('noindex');
  await expect(page.getByRole('heading', { level: 1, name: 'Spa days and treatments in Glasgow' })).toBeVisible();
  await expect(page).toHaveTitle('Spa days and treatments in Glasgow | Thistle Deals');
  await expect(robots(page)).toHaveAttribute('content', 'NOINDEX, FOLLOW');
  // One canonical, the campaign shown (whichever parameter named it).
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/welcome\?campaign=glasgow-spa-days$/);
  const deals = page.getByRole('list', { name: 'Spa days and treatments in Glasgow' }).getByRole('link');
  await expect(deals.first()).toBeVisible();
  const dealPaths = (await deals.evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).pathname))).filter((p) => p.endsWith('.html'));
  expect(dealPaths.length).toBeGreaterThan(0);
  for (const path of dealPaths) expect(path).toMatch(/^\/deals\/glasgow\/spa\//);
  await shot(page, 'welcome-campaign');
  expect(await axeViolations(page)).toEqual([]);

  // Any other link: the default welcome campaign, never a 404.
  expect((await page.goto('/welcome?campaign=last-years-sale'))?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Thistle Deals' })).toBeVisible();
});

test.describe('the subscribe popup', () => {
  test.use({ subscribePopup: 'allowed' });
  const popup = (page: Page) => page.getByRole('dialog', { name: /best deals by email/ });

  /** Opens `path` with the page's clock running while it loads, then paused: only runFor moves time. */
  async function openPaused(page: Page, path: string, first = true) {
    await answerCookies(page);
    if (first) await page.clock.install({ time: new Date('2026-11-22T09:00:00Z') });
    else await page.clock.resume();
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await pauseClockNow(page);
  }

  test('never opens on /welcome (page type ppc), while the same visitor gets it on a deals page', async ({ page }) => {
    await openPaused(page, '/welcome?campaign=glasgow-spa-days');
    await page.clock.runFor(10_000);
    await expect(popup(page)).toHaveCount(0);
    // The control: the same fresh visitor on the homepage does get it after 2 seconds.
    await openPaused(page, '/deals/glasgow', false);
    await page.clock.runFor(2000);
    await expect(popup(page)).toBeVisible();
  });
});
