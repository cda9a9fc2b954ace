import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../fixtures.ts';
import { answerCookies, escape, firstVoucherCode } from './buying-helpers.ts';
import { businessesOf, dealOfBusinesses, merchantPicksBusiness, merchantSignsIn, newShopper, newShopperBuys, SHOPPER_PASSWORD, switchTo } from './merchant-helpers.ts';

// The merchant's till (issue 17 points 1–3): the demo merchant signs in on the shop's /login and
// lands on /insights, redeems a shopper's voucher of their own business by typing its code, undoes
// it, redeems it again, then uploads a file with that code, a random code and a blank line and
// reads a result per line. The shopper's My Vouchers then says Redeemed. The deal is found
// through GraphQL: one whose catalogue merchant is one of the demo merchant's businesses.

const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

test('a merchant signs in, lands on the till, redeems a code by typing, undoes it, and redeems a file of codes', async ({ page }) => {
  test.setTimeout(180_000);
  await answerCookies(page);

  // The merchant's businesses, as the till's picker lists them.
  await merchantSignsIn(page);
  const picker = page.getByRole('combobox', { name: 'Business' });
  await expect(picker.getByRole('option')).toHaveCount(3);
  const businesses = await businessesOf(page.request);
  expect(businesses.map((b) => b.name).sort()).toEqual((await picker.getByRole('option').allTextContents()).map((l) => l.split(',')[0]).sort());
  await page.screenshot({ path: '/tmp/merchant-till-1-landing.png', fullPage: true });
  await page.getByRole('button', { name: 'Sign out' }).last().click();
  await expect(page).toHaveURL(/\/login/);

  // A shopper buys a voucher of one of those businesses' deals.
  const { deal, business } = await dealOfBusinesses(page.request, businesses);
  const shopper = await newShopperBuys(page, 'till', deal);
  const code = await firstVoucherCode(page);
  expect(code).toMatch(/^[A-Z0-9]{6}-[A-Z0-9]{6}-[A-Z0-9]{6}$/);

  // The merchant signs in on the same login page and lands on the dashboard.
  await merchantPicksBusiness(page, business.id);
  await page.getByRole('navigation', { name: 'Dashboard sections' }).getByRole('link', { name: 'Redeem' }).click();
  await expect(page).toHaveURL(/\/insights\/redeem\?business=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Redeem vouchers' })).toBeVisible();

  // By typing: Redeemed, with the undo deadline; undone; redeemed again.
  const till = page.getByRole('region', { name: 'Redeem a voucher' });
  await till.getByRole('textbox', { name: 'Voucher code' }).fill(code.toLowerCase());
  await till.getByRole('button', { name: 'Redeem' }).click();
  const status = till.getByRole('status');
  await expect(status).toContainText(new RegExp(`^Redeemed: ${escape(code)} \\(${escape(deal.title)}: `));
  await expect(status).toContainText(/You can undo this until \d{2}:\d{2}\./);
  await page.screenshot({ path: '/tmp/merchant-till-2-redeemed.png', fullPage: true });
  expect((await new AxeBuilder({ page }).withTags(tags).analyze()).violations).toEqual([]);
  await till.getByRole('button', { name: 'Undo redemption' }).click();
  await expect(status).toHaveText(`Redemption undone: ${code} is Ready to Redeem again.`);
  await expect(till.getByRole('button', { name: 'Undo redemption' })).toHaveCount(0);
  await till.getByRole('textbox', { name: 'Voucher code' }).fill(code);
  await till.getByRole('button', { name: 'Redeem' }).click();
  await expect(status).toContainText(`Redeemed: ${code}`);

  // A file: that code, a random one and a blank line.
  const file = page.getByRole('region', { name: 'Redeem a file of codes' });
  await file.getByLabel('File of codes', { exact: true }).setInputFiles({ name: 'friday.csv', mimeType: 'text/csv', buffer: Buffer.from(`${code}\n\nZZZZZZ-ZZZZZZ-ZZZZZZ\n`) });
  await file.getByRole('button', { name: 'Upload and redeem' }).click();
  await expect(file.getByRole('status')).toHaveText('friday.csv: 1 already redeemed, 1 not found.');
  const rows = file.getByRole('table', { name: 'Results of friday.csv' }).getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText(new RegExp(`^1${escape(code)}Already redeemed: This voucher was redeemed on `));
  await expect(rows.nth(2)).toHaveText('3ZZZZZZ-ZZZZZZ-ZZZZZZNot found: Sorry, we could not find that voucher code.');
  await page.screenshot({ path: '/tmp/merchant-till-3-file.png', fullPage: true });
  expect((await new AxeBuilder({ page }).withTags(tags).analyze()).violations).toEqual([]);

  // The shopper's My Vouchers says Redeemed.
  await switchTo(page, shopper, SHOPPER_PASSWORD);
  await expect(page).toHaveURL(/\/myaccount$/);
  await page.goto('/myaccount/vouchers');
  const card = page.getByRole('list', { name: 'Your vouchers' }).getByRole('article', { name: deal.title });
  await expect(card.getByText('Redeemed', { exact: true })).toBeVisible();
  await page.screenshot({ path: '/tmp/merchant-till-4-shopper.png', fullPage: true });
});

test('signed out, /insights goes to the login page and back; a shopper is told they have no business', async ({ page }) => {
  await answerCookies(page);
  await page.goto('/insights');
  await expect(page).toHaveURL(/\/login$/);
  // The return path saved on the way (a cookie) would send the new account's confirmation here.
  await newShopper(page, 'notmerchant');
  await page.goto('/insights');
  await expect(page.getByText('This account is not a member of any business on Thistle Deals, so there is no dashboard to show.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Become a merchant' }).last()).toHaveAttribute('href', '/merchant/apply');
});
