import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../fixtures.ts';
import { addToBasket, answerCookies, buyOneVoucherSignedIn, plainOptionFirst, SERVICE_TOKEN } from './buying-helpers.ts';

// An expired voucher's paid value as wallet credit valid 14 days (spec §9) as a shopper meets it:
// buy a voucher signed in; the expiry job runs as at just after its date (the operator's run of the
// shop's job, for this shopper only: a real voucher lasts months); My Vouchers shows it Expired with
// "Take £… as wallet credit" and until when the credit would be valid; the shopper confirms, reads
// where the money went and until when, and the card says Request Processed; the next checkout
// offers the wallet balance.

const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const inWords = (at: Date) => new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', day: 'numeric', month: 'long', year: 'numeric' }).format(at);
/** '£25', '£12.50': the shop's money words. */
const formatted = (pence: number) => `£${pence % 100 === 0 ? pence / 100 : (pence / 100).toFixed(2)}`;

test.beforeEach(async ({ page }) => {
  await answerCookies(page);
});

test('an expired voucher is taken as wallet credit, spent at the next checkout', async ({ page }) => {
  const { deal, customerToken, vouchers } = await buyOneVoucherSignedIn(page, 'expired');
  const [voucher] = vouchers;
  expect(voucher!.paid.amount).toBe(plainOptionFirst(deal)!.price.amount);
  const amount = formatted(voucher!.paid.amount);

  // The expiry job, as at a minute after the voucher's date, for this shopper's vouchers only.
  const asOf = new Date(new Date(voucher!.expiresAt).getTime() + 60_000).toISOString();
  const run = await page.request.post('/api/vouchers/expiry/run', { headers: { 'x-service-token': SERVICE_TOKEN }, data: { asOf, customerToken } });
  expect(run.status(), await run.text()).toBe(200);
  expect(await run.json()).toEqual({ expired: 1 });

  await page.goto('/myaccount/vouchers');
  const card = page.getByRole('list', { name: 'Your vouchers' }).getByRole('article', { name: deal.title });
  await expect(card.getByText('Expired', { exact: true })).toBeVisible();
  const until = inWords(new Date(Date.now() + 14 * 86_400_000));
  const take = card.getByRole('button', { name: `Take ${amount} as wallet credit` });
  await expect(take).toBeVisible();
  await expect(card.getByText(`Valid for 14 days from today, until ${until}.`)).toBeVisible();
  const results = await new AxeBuilder({ page }).withTags(tags).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  // The keyboard opens the confirmation and confirms.
  await take.focus();
  await page.keyboard.press('Enter');
  const panel = card.getByRole('region', { name: "Take this voucher's value as wallet credit" });
  await expect(panel).toContainText(`${amount} goes into your Thistle Deals wallet at once, to spend at checkout on any deal until ${until}`);
  await page.screenshot({ path: '/tmp/voucher-expired-credit-confirm.png', fullPage: true });
  await panel.getByRole('button', { name: 'Confirm: take the credit' }).click();
  await expect(card.getByText(`${amount} is now in your wallet, to spend at checkout until ${until}.`)).toBeFocused();
  await expect(card.getByText('Request Processed', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: /as wallet credit/ })).toHaveCount(0);
  await page.screenshot({ path: '/tmp/voucher-expired-credit-done.png', fullPage: true });

  // The next checkout offers the balance.
  await addToBasket(page, deal);
  await expect(page.getByRole('checkbox', { name: 'Use my wallet credit' })).toBeVisible();
  await expect(page.getByText(`Your balance is ${amount}.`)).toBeVisible();
});
