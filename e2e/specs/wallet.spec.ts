import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../fixtures.ts';
import { addToBasket, answerCookies, buyOneVoucherSignedIn, enterCard, findDeal, GOOD_CARD, payButton, pence, plainOptionFirst, restaurantDeal, RESTAURANTS, SERVICE_TOKEN } from './buying-helpers.ts';

// My Wallet (issue 18 point 1) as a shopper meets it: a new shopper's wallet is empty; an expired
// voucher taken as wallet credit (valid 14 days, spec §9) shows as the balance, a history line and
// credit with its use-by date, on /myaccount/wallet and /myaccount/credit; the shopper pays part
// of the next order with it, and the wallet then shows the payment and no credit left to expire.

const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const inWords = (at: Date) => new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', day: 'numeric', month: 'long', year: 'numeric' }).format(at);
/** '£25', '£12.50': the shop's money words. */
const formatted = (p: number) => `£${p % 100 === 0 ? p / 100 : (p / 100).toFixed(2)}`;

test.beforeEach(async ({ page }) => {
  await answerCookies(page);
});

test('a shopper sees wallet credit, its history and expiry date, and pays part of an order with it', async ({ page }) => {
  // Two orders paid by card, the expiry job and the credit: several minutes' work on a busy machine.
  test.setTimeout(240_000);
  const { deal, customerToken, vouchers } = await buyOneVoucherSignedIn(page, 'mywallet');
  const [voucher] = vouchers;
  const amount = formatted(voucher!.paid.amount);

  // Never credited: the wallet says so, from the account menu beside the page.
  await page.goto('/myaccount');
  await page.getByRole('navigation', { name: 'Account sections' }).getByRole('link', { name: 'My Wallet' }).click();
  await expect(page).toHaveURL(/\/myaccount\/wallet$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Wallet' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your wallet is empty' })).toBeVisible();
  await expect(page.getByText('Nothing has been paid into or out of your wallet yet.')).toBeVisible();

  // The expired voucher's value as credit valid 14 days (the operator's run of the expiry job, then the shopper's choice).
  const asOf = new Date(new Date(voucher!.expiresAt).getTime() + 60_000).toISOString();
  const run = await page.request.post('/api/vouchers/expiry/run', { headers: { 'x-service-token': SERVICE_TOKEN }, data: { asOf, customerToken } });
  expect(await run.json()).toEqual({ expired: 1 });
  await page.goto('/myaccount/vouchers');
  const card = page.getByRole('list', { name: 'Your vouchers' }).getByRole('article', { name: deal.title });
  await card.getByRole('button', { name: `Take ${amount} as wallet credit` }).click();
  await card.getByRole('button', { name: 'Confirm: take the credit' }).click();
  await expect(card.getByText('Request Processed', { exact: true })).toBeVisible();
  const until = inWords(new Date(Date.now() + 14 * 86_400_000));

  // My Wallet: the balance with what each part means, the credit with its date, the history line.
  await page.goto('/myaccount/wallet');
  await expect(page.getByTestId('wallet-balance-GBP')).toHaveText(amount);
  await expect(page.getByText('Refundable credit', { exact: true })).toBeVisible();
  await expect(page.getByText(/At checkout it pays up to 10% of each item, up to £5 per item\./)).toBeVisible();
  const lots = page.getByRole('table', { name: 'Credit that expires, soonest first' });
  await expect(lots.getByRole('row')).toHaveCount(2);
  await expect(lots.getByRole('row').nth(1)).toContainText(amount);
  await expect(lots.getByRole('row').nth(1)).toContainText(until);
  const history = page.getByRole('region', { name: 'Wallet history' }).getByRole('listitem');
  await expect(history).toHaveCount(1);
  await expect(history.first()).toContainText(`+${amount}`);
  await expect(history.first()).toContainText(inWords(new Date()));
  await expect(page.getByRole('main').getByRole('link', { name: 'Wallet credit explained' })).toHaveAttribute('href', '/page/wallet-credit-more-info');
  await expect(page.getByRole('main').getByRole('link', { name: 'Wallet terms of use' })).toHaveAttribute('href', '/page/wallettermsofuse');
  const results = await new AxeBuilder({ page }).withTags(tags).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  // The credit page: the same credit with its date, and how credit is used at checkout.
  await page.getByRole('link', { name: 'Your credit and how it is used at checkout' }).click();
  await expect(page).toHaveURL(/\/myaccount\/credit$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your credit' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Credit that expires, soonest first' })).toContainText(until);
  await expect(page.getByText('Wallet credit expires 12 months after it is redeemed into your wallet. Credit for an expired voucher is valid for 14 days.')).toBeVisible();

  // Part of the next order is paid with it, the rest by card.
  const dearer = await findDeal(page.request, (d) => restaurantDeal(d) && plainOptionFirst(d)!.price.amount > voucher!.paid.amount, RESTAURANTS);
  await addToBasket(page, dearer);
  const wallet = page.getByRole('checkbox', { name: 'Use my wallet credit' });
  await wallet.check();
  const total = await page.getByTestId('order-total').textContent();
  await expect.poll(async () => pence(await page.getByTestId('cash-amount').textContent())).toBe(pence(total) - voucher!.paid.amount);
  await enterCard(page, GOOD_CARD);
  await payButton(page).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Purchase Successful' })).toBeVisible();

  // The wallet now: nothing left, the payment in the history (newest first), no credit to expire.
  await page.goto('/myaccount/wallet');
  await expect(page.getByTestId('wallet-balance-GBP')).toHaveText('£0');
  await expect(page.getByRole('table', { name: 'Credit that expires, soonest first' })).toHaveCount(0);
  await expect(history).toHaveCount(3);
  await expect(history.nth(1)).toContainText('Paid towards an order');
  await expect(history.nth(1)).toContainText(`−${amount}`);
  await expect(history.nth(2)).toContainText(`+${amount}`);
  await page.goto('/myaccount/credit');
  await expect(page.getByText('None of your wallet credit has an expiry date at the moment.')).toBeVisible();
});

test('a guest is sent to sign in for the wallet and credit pages', async ({ page }) => {
  for (const path of ['/myaccount/wallet', '/myaccount/credit']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login/);
  }
});
