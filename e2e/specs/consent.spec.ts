import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

// The cookie banner (UK GDPR / PECR, spec §4): nothing non-essential and no third-party request
// before a choice; Reject keeps it so and is remembered; Accept stores the consent; keyboard and
// axe. Statistical first-party cookies are allowed before a choice (DUAA 2025 exception).
const MARKETING = ['gclid', 'msclkid', 'affiliate', 'brand'];
const STATISTICS = ['ab_group', 'search_group', 'usr_src', 'user_source', 'session_source'];
const ALLOWED_BEFORE_CHOICE = ['dynamic_price', 'location', ...STATISTICS];
const LANDING = '/deals/glasgow?gclid=g1&msclkid=m1&ito=affiliate_awin';

function watchThirdParty(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const host = new URL(request.url()).hostname;
    if (!['127.0.0.1', 'localhost'].includes(host) && !request.url().startsWith('data:')) seen.push(request.url());
  });
  return seen;
}

// The subscribe popup (a modal after 2 s) is not under test here: close it whenever it shows.
test.beforeEach(async ({ page }) => {
  const popup = page.getByRole('dialog', { name: /by email/ });
  await page.addLocatorHandler(popup, async () => {
    await popup.getByRole('button', { name: 'Close' }).click();
  });
});

const banner = (page: Page) => page.getByRole('region', { name: 'Cookies on this site' });
const cookieNames = async (page: Page) => (await page.context().cookies()).map((c) => c.name).sort();

test('before a choice: only necessary and statistical cookies, no third-party requests', async ({ page }) => {
  const thirdParty = watchThirdParty(page);
  await page.goto(LANDING);
  await expect(banner(page)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Deals' }).getByRole('listitem').first()).toBeVisible();
  const names = await cookieNames(page);
  expect(names.filter((n) => !ALLOWED_BEFORE_CHOICE.includes(n))).toEqual([]);
  expect(names.filter((n) => MARKETING.includes(n))).toEqual([]);
  expect(names).not.toContain('td_consent');
  expect(thirdParty).toEqual([]);
  // The banner is in the page flow, not fixed over the content.
  expect(await banner(page).evaluate((el) => getComputedStyle(el).position)).not.toBe('fixed');
});

test('Reject all keeps non-essential cookies away and is remembered', async ({ page }) => {
  const thirdParty = watchThirdParty(page);
  await page.goto('/deals/glasgow');
  await banner(page).getByRole('button', { name: 'Reject all cookies' }).click();
  await expect(page.getByRole('heading', { name: 'Cookie choices saved' })).toBeFocused();
  await expect(banner(page).getByRole('status')).toContainText('rejected non-essential cookies');
  const consent = (await page.context().cookies()).find((c) => c.name === 'td_consent');
  expect(consent?.value).toBe('statistics.marketing.link-building');
  expect(consent?.sameSite).toBe('Lax');
  expect(consent!.expires * 1000 - Date.now()).toBeGreaterThan(364 * 86_400_000);
  await page.goto(LANDING);
  await expect(page.getByRole('list', { name: 'Deals' }).getByRole('listitem').first()).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
  const names = await cookieNames(page);
  expect(names.filter((n) => MARKETING.includes(n) || ['ab_group', 'search_group', 'usr_src', 'user_source', 'session_source'].includes(n))).toEqual([]);
  expect(thirdParty).toEqual([]);
});

test('Accept all stores the consent; marketing cookies follow on the next page', async ({ page }) => {
  await page.goto('/deals/glasgow');
  await banner(page).getByRole('button', { name: 'Accept all cookies' }).click();
  await expect(banner(page).getByRole('status')).toContainText('accepted all cookies');
  expect((await page.context().cookies()).find((c) => c.name === 'td_consent')?.value).toBe('none');
  await banner(page).getByRole('button', { name: 'Hide cookie message' }).click();
  await expect(banner(page)).toHaveCount(0);
  await page.goto(LANDING);
  await expect(page.getByRole('list', { name: 'Deals' }).getByRole('listitem').first()).toBeVisible();
  expect(await cookieNames(page)).toEqual(expect.arrayContaining(['gclid', 'msclkid', 'affiliate']));
});

test('the banner is keyboard operable: Manage, choose a category, save', async ({ page }) => {
  await page.goto('/deals/glasgow');
  await expect(banner(page)).toBeVisible();
  const manage = banner(page).getByRole('button', { name: 'Manage cookies' });
  await manage.focus();
  await page.keyboard.press('Enter');
  const statistics = banner(page).getByRole('checkbox', { name: 'Statistics' });
  await expect(statistics).not.toBeChecked();
  await statistics.focus();
  await page.keyboard.press('Space');
  await expect(statistics).toBeChecked();
  await banner(page).getByRole('button', { name: 'Save my choices' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Cookie choices saved' })).toBeFocused();
  expect((await page.context().cookies()).find((c) => c.name === 'td_consent')?.value).toBe('marketing.link-building');
});

test('axe passes with the banner shown, and with its choices open', async ({ page }) => {
  const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
  await page.goto('/deals/glasgow');
  await expect(page.getByRole('list', { name: 'Deals' }).getByRole('listitem').first()).toBeVisible();
  await expect(banner(page)).toBeVisible();
  const shown = await new AxeBuilder({ page }).withTags(tags).analyze();
  expect(shown.violations.map((v) => `${v.id} (${v.nodes.length})`)).toEqual([]);
  await banner(page).getByRole('button', { name: 'Manage cookies' }).click();
  const manage = await new AxeBuilder({ page }).withTags(tags).analyze();
  expect(manage.violations.map((v) => `${v.id} (${v.nodes.length})`)).toEqual([]);
});

test('the footer reopens the cookie choices at any time', async ({ page }) => {
  await page.goto('/deals/glasgow');
  await banner(page).getByRole('button', { name: 'Reject all cookies' }).click();
  await page.reload();
  await expect(banner(page)).toHaveCount(0);
  await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' }).click();
  await expect(banner(page)).toBeVisible();
  await expect(banner(page).getByRole('button', { name: 'Accept all cookies' })).toBeVisible();
});

test('the link-building script loads only after consent, on /deals pages but never /deals/shop', async ({ page }) => {
  const loads: string[] = [];
  await page.route('https://links.partner.test/**', (route) => {
    loads.push(new URL(route.request().url()).pathname);
    return route.fulfill({ status: 200, contentType: 'text/javascript', body: '/* partner links */' });
  });
  await page.goto('/deals/glasgow');
  await expect(banner(page)).toBeVisible();
  await expect(page.locator('script[data-link-building]')).toHaveCount(0);
  expect(loads).toEqual([]);

  await banner(page).getByRole('button', { name: 'Reject all cookies' }).click();
  await page.goto('/deals/edinburgh');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('script[data-link-building]')).toHaveCount(0);
  expect(loads).toEqual([]);

  await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' }).click();
  await banner(page).getByRole('button', { name: 'Accept all cookies' }).click();
  await expect(page.locator('script[data-link-building]')).toHaveCount(1);
  await expect.poll(() => loads).toEqual(['/lb.js']);

  // /deals/shop is excluded (spec §2).
  const shop = await page.context().newPage();
  await shop.goto('/deals/shop');
  await expect(shop.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(shop.locator('script[data-link-building]')).toHaveCount(0);
});
