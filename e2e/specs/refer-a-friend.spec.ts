import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '../fixtures.ts';
import { addToBasket, answerCookies, findDeal, newEmail, payByCard, registerAndConfirm, restaurantDeal, RESTAURANTS, SERVICE_TOKEN } from './buying-helpers.ts';

// Issue 18 point 4, refer a friend: shopper A copies their personal link; a new shopper B opens
// it, registers and buys by card; A's page shows the referral pending with its amount and date;
// the shop's referral job is run as of 15 days later (the test shop's clock for that job: the
// checkout's POST /referrals/settle takes asOf only in test shops) and both wallets show £10.

const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const DAY = 86_400_000;

async function newShopperPage(page: Page, xff: string): Promise<Page> {
  const context = await page.context().browser()!.newContext({ baseURL: new URL(page.url()).origin, extraHTTPHeaders: { 'x-forwarded-for': xff } });
  await context.addInitScript(() => window.localStorage.setItem('td:subscribe-popup-dismissed-at', String(Date.now())));
  const other = await context.newPage();
  await answerCookies(other);
  return other;
}

test('a friend registers through the link, buys, and after the refund window both get £10', async ({ page }) => {
  test.setTimeout(180_000);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await answerCookies(page);
  await registerAndConfirm(page, newEmail('raf-referrer'));

  // A: the page, the rules as paid, the link copied.
  await page.goto('/myaccount/refer-a-friend');
  await expect(page.getByRole('heading', { level: 1, name: 'Refer a friend' })).toBeVisible();
  await expect(page.getByText('You are credited for up to 20 friends: 20 × £10 = up to £200.')).toBeVisible();
  const link = await page.getByLabel('Your link to share').inputValue();
  expect(link).toMatch(/\/r\/[A-Za-z0-9_-]{16}$/);
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  // A web share opens its own 550 × 600 window (spec §9): what the page asks window.open for.
  await page.evaluate(() => {
    const opened: string[][] = [];
    (window as unknown as { __opened: string[][] }).__opened = opened;
    window.open = (url?: string | URL, target?: string, features?: string) => {
      opened.push([String(url), String(target), String(features)]);
      return null;
    };
  });
  await page.getByRole('link', { name: /Share on Facebook/ }).click();
  const opened = await page.evaluate(() => (window as unknown as { __opened: string[][] }).__opened);
  expect(opened).toHaveLength(1);
  expect(opened[0]![0]).toContain('https://www.facebook.com/sharer/sharer.php?u=');
  expect(opened[0]![2]).toContain('width=550,height=600');
  await expect(page.getByRole('listitem').filter({ hasText: 'Share by email' }).getByRole('link')).toHaveAttribute('href', /^mailto:\?subject=/);
  const results = await new AxeBuilder({ page }).withTags(tags).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  // B: opens the link (counted, kept in the referral cookie), registers and buys by card.
  const friend = await newShopperPage(page, '10.250.14.7');
  await friend.goto(new URL(link).pathname);
  await expect(friend).toHaveURL(/\/register$/);
  await registerAndConfirm(friend, newEmail('raf-friend'));
  const deal = await findDeal(friend.request, restaurantDeal, RESTAURANTS);
  await addToBasket(friend, deal);
  await payByCard(friend);

  // A: the referral is pending, with what it will pay and when.
  await page.goto('/myaccount/refer-a-friend');
  await expect(page.getByTestId('referral-pending')).toContainText('1 (£10, the first after');
  const item = page.getByRole('region', { name: 'Your referrals' }).getByRole('listitem');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('Morag');
  await expect(item).toContainText('Pending');
  await expect(page.getByTestId('referral-credited')).toHaveText('£0 (0 of 20 friends)');
  await page.screenshot({ path: '/tmp/h/raf/refer-a-friend-pending.png', fullPage: true });

  // The referral job runs as of 15 days later: past the 14-day refund window.
  const settled = await page.request.post('/api/checkout/referrals/settle', { headers: { 'x-service-token': SERVICE_TOKEN }, data: { asOf: new Date(Date.now() + 15 * DAY).toISOString() } });
  expect(settled.status(), await settled.text()).toBe(200);
  expect(((await settled.json()) as { credited: number }).credited).toBeGreaterThanOrEqual(1);

  await page.reload();
  await expect(page.getByTestId('referral-credited')).toHaveText('£10 (1 of 20 friends)');
  await expect(item).toContainText('Credited');
  await page.screenshot({ path: '/tmp/h/raf/refer-a-friend-credited.png', fullPage: true });
  await page.goto('/myaccount/wallet');
  await expect(page.getByTestId('wallet-balance-GBP')).toHaveText('£10');
  await friend.goto('/myaccount/wallet');
  await expect(friend.getByTestId('wallet-balance-GBP')).toHaveText('£10');
  await friend.context().close();
});
