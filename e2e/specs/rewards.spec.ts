import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../fixtures.ts';
import { addToBasket, answerCookies, customerTokenOf, findDeal, newEmail, payByCard, plainOptionFirst, registerAndConfirm, RESTAURANTS, restaurantDeal, SERVICE_TOKEN } from './buying-helpers.ts';

// The loyalty club (issue 18 point 6) as a shopper meets it: a paid order's points show pending
// on /myaccount/rewards (recorded with the payment); the order points settle job, run as at just after the 14-day refund window (the
// operator's run of the shop's job for this shopper only), makes them available: Bronze; the
// shopper exchanges some for wallet credit, reads the spec §5 words, and the wallet grows.

const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const headers = { 'x-service-token': SERVICE_TOKEN };

test.beforeEach(async ({ page }) => {
  await answerCookies(page);
});

test('order points become available after the refund window and are exchanged for wallet credit', async ({ page }) => {
  test.setTimeout(240_000); // an account, a purchase and two job runs on a busy machine
  await registerAndConfirm(page, newEmail('rewards'));
  // £50 or more: 500 points or more, Bronze once available (Pink cannot exchange).
  const deal = await findDeal(page.request, (d) => restaurantDeal(d) && plainOptionFirst(d)!.price.amount >= 5000, RESTAURANTS);
  const price = plainOptionFirst(deal)!.price.amount;
  const points = Math.floor(price / 100) * 10;
  // The order's points and the deal page's view.
  const total = points + 1;
  await addToBasket(page, deal);
  await payByCard(page);
  const customerToken = await customerTokenOf(page);

  // Paid: the order's points recorded pending with the payment; the job now settles nothing.
  const now = await page.request.post('/api/rewards/reward/order-points/run', { headers, data: { customerToken } });
  expect(now.status(), await now.text()).toBe(200);
  expect(await now.json()).toEqual({ settled: 0, removed: 0 });
  await page.goto('/myaccount/rewards');
  await expect(page.getByRole('heading', { level: 1, name: 'My Rewards' })).toBeVisible();
  const figures = page.locator('.loyalty-summary__figures');
  await expect(figures.getByText('Pending points')).toBeVisible();
  await expect(figures.locator('div').filter({ hasText: 'Pending points' }).locator('dd')).toHaveText(points.toLocaleString('en-GB'));
  // Viewing the deal page earned a point at once (a club view, spec §7); Pink cannot exchange it.
  await expect(page.getByText('Please select a number between 1 and 1 to exchange your points.')).toBeVisible();
  await expect(page.getByText('Pink members cannot exchange points. You need to reach Bronze or above to exchange your points: 499 more points needed.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Points activity' }).getByText('Points for viewing a deal')).toBeVisible();

  // The job as at just after the refund window: available.
  const asOf = new Date(Date.now() + 15 * 86_400_000).toISOString();
  const later = await page.request.post('/api/rewards/reward/order-points/run', { headers, data: { customerToken, asOf } });
  expect(await later.json()).toMatchObject({ settled: 1 });
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: /Your level: Bronze/ })).toBeVisible();
  await expect(page.getByText(`Please select a number between 1 and ${total} to exchange your points.`)).toBeVisible();
  await expect(page.getByText(`${total} points are worth £${(total / 100).toFixed(2)} at your Bronze rate and £${(Math.floor((total * 110) / 100) / 100).toFixed(2)} at the Silver rate.`)).toBeVisible();
  const results = await new AxeBuilder({ page }).withTags(tags).analyze();
  expect(results.violations).toEqual([]);

  // Too many: the spec §5 words; then 150 points for £1.50.
  const field = page.getByRole('textbox', { name: 'Points to exchange' });
  await field.fill(String(total + 1));
  await page.getByRole('button', { name: 'Exchange points' }).click();
  await expect(page.locator('.error-message')).toContainText(`Please select a number between 1 and ${total} to exchange your points.`);
  await field.fill('150');
  await expect(page.getByText('150 points are worth £1.50 at your Bronze rate and £1.65 at the Silver rate.')).toBeVisible();
  await page.getByRole('button', { name: 'Exchange points' }).click();
  await expect(page.getByText('You exchanged 150 points for £1.50 wallet credit. It is in your wallet now.')).toBeVisible();
  await expect(page.getByText(`Please select a number between 1 and ${total - 150} to exchange your points.`)).toBeVisible();
  // The header's loyalty panel: points and level text, linking here.
  await expect(page.getByTestId('loyalty-panel')).toContainText(`${(total - 150).toLocaleString('en-GB')} points · Bronze`);

  const wallet = await page.request.get(`/api/wallet/user/wallet?customerToken=${encodeURIComponent(customerToken)}`, { headers });
  expect(await wallet.json()).toEqual([{ currency: 'GBP', balance: 150, marketingBalance: 150, refundableBalance: 0 }]);
  await page.goto('/myaccount/wallet');
  await expect(page.getByText(/Loyalty points exchanged \(150 points\)/)).toBeVisible();
});
