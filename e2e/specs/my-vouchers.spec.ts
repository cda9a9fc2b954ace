import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../fixtures.ts';
import { addToBasket, answerCookies, enterCard, escape, findDeal, GOOD_CARD, newEmail, payButton, plainOptionFirst, registerAndConfirm, restaurantDeal, RESTAURANTS } from './buying-helpers.ts';

// My Vouchers (spec §2 /myaccount/vouchers, account layout) as a shopper uses it: buy signed in,
// open the page from the account menu, read the voucher (spec §3 status words, its London use-by
// date), reveal its hidden code and find the confirmation page's code, read how to redeem it and
// its history in the help panel, and filter by a status with no vouchers. Then what a holder
// does with a voucher (issue 16 points 4 and 5): open its printed PDF, show the QR code the
// merchant scans, and refund one of two to the card in two clicks. Every deal comes from the
// shop's seeded database, found through GraphQL.

const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

test.beforeEach(async ({ page }) => {
  await answerCookies(page);
});

test('a shopper buys, opens My Vouchers from the account menu, reveals the code and filters by status', async ({ page }) => {
  await registerAndConfirm(page, newEmail('vouchers'));
  const deal = await findDeal(page.request, restaurantDeal, RESTAURANTS);
  await addToBasket(page, deal);
  await enterCard(page, GOOD_CARD);
  await payButton(page).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Purchase Successful' })).toBeVisible();
  const bought = page.getByRole('list', { name: 'Vouchers' }).getByRole('listitem');
  await expect(bought).toHaveCount(1);
  const code = (await bought.locator('code').textContent())!.trim();
  expect(code).toMatch(/^[A-Z0-9]{6}-[A-Z0-9]{6}-[A-Z0-9]{6}$/);
  // Signed in: the confirmation points to My Vouchers.
  await expect(page.getByText('See your vouchers in My Vouchers')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'My Vouchers', exact: true })).toHaveAttribute('href', '/myaccount/vouchers');

  // From the account menu (spec §2 mini account menu), back on the deals: the checkout layout has none.
  await page.getByRole('main').getByRole('link', { name: 'Back to deals' }).click();
  await expect(page.getByRole('list', { name: 'Deals' }).getByRole('listitem').first()).toBeVisible();
  await page.getByRole('banner').getByRole('button', { name: /^Hi / }).click();
  await page.getByRole('menuitem', { name: 'My Vouchers' }).click();
  await expect(page).toHaveURL(/\/myaccount\/vouchers$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Vouchers' })).toBeVisible();
  await expect(page).toHaveTitle(/^My Vouchers/);
  await expect(page.getByRole('navigation', { name: 'Account sections' }).getByRole('link', { name: 'My Vouchers' })).toHaveAttribute('aria-current', 'page');

  const list = page.getByRole('list', { name: 'Your vouchers' });
  const card = list.getByRole('article', { name: deal.title });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(card.getByRole('link', { name: deal.title })).toHaveAttribute('href', deal.url);
  await expect(card.getByText('Ready to Redeem', { exact: true })).toBeVisible();
  await expect(card.getByText('print the voucher and use it to redeem')).toBeVisible();
  await expect(card).toContainText(/Use by \d{1,2} [A-Z][a-z]+ \d{4}/);
  await expect(page.getByRole('status').filter({ hasText: 'Showing 1 of 1 voucher' })).toBeAttached();

  // The code is hidden until asked for; the keyboard reveals it.
  const [first] = code.split('-');
  await expect(card.getByText(`${first}-••••••-••••••`)).toBeVisible();
  await expect(card.getByText(code)).toHaveCount(0);
  const showCode = card.getByRole('button', { name: 'Show code' });
  await expect(showCode).toHaveAttribute('aria-expanded', 'false');
  await showCode.focus();
  await page.keyboard.press('Enter');
  await expect(card.getByRole('button', { name: 'Hide code' })).toHaveAttribute('aria-expanded', 'true');
  await expect(card.getByTestId('voucher-code')).toHaveText(code);

  // The help panel: how to redeem, and the voucher's history (read when its section opens).
  await card.getByText('Help with this voucher').click();
  await card.getByText('How to redeem').click();
  await expect(card.getByRole('link', { name: 'The deal’s details and fine print' })).toHaveAttribute('href', deal.url);
  await card.getByText('Voucher history').click();
  await expect(card.getByText(/^Issued with order /)).toBeVisible();
  const results = await new AxeBuilder({ page }).withTags(tags).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  // The whole page from its top (the account menu beside it is sticky).
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: '/tmp/my-vouchers.png', fullPage: true });

  // A status with none of them: its own empty state, and a way back to all.
  await page.getByRole('combobox', { name: 'Show' }).selectOption({ label: 'Redeemed' });
  await expect(page).toHaveURL(/\/myaccount\/vouchers\?status=redeemed$/);
  await expect(page.getByRole('heading', { name: 'No vouchers to show' })).toBeVisible();
  await expect(page.getByText(new RegExp(`You have no vouchers with the status .Redeemed.`))).toBeVisible();
  await expect(page.getByRole('list', { name: 'Your vouchers' })).toHaveCount(0);
  const empty = await new AxeBuilder({ page }).withTags(tags).analyze();
  expect(empty.violations.map((v) => `empty: ${v.id} (${v.nodes.length})`)).toEqual([]);
  await page.getByRole('link', { name: 'Show all vouchers' }).click();
  await expect(page).toHaveURL(/\/myaccount\/vouchers$/);
  await expect(page.getByRole('list', { name: 'Your vouchers' }).getByRole('article', { name: new RegExp(escape(deal.title)) })).toBeVisible();
});

test('a holder prints a voucher, shows its QR code, and refunds one of two to the card in two clicks', async ({ page, request }) => {
  await registerAndConfirm(page, newEmail('refund'));
  // Two units of a plain restaurant voucher.
  const deal = await findDeal(page.request, (d) => restaurantDeal(d) && (plainOptionFirst(d)!.purchaseCap ?? 10) >= 2 && (plainOptionFirst(d)!.remaining ?? 10) >= 5, RESTAURANTS);
  await addToBasket(page, deal, 2);
  await enterCard(page, GOOD_CARD);
  await payButton(page).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Purchase Successful' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Vouchers' }).getByRole('listitem')).toHaveCount(2);

  await page.goto('/myaccount/vouchers');
  const cards = page.getByRole('list', { name: 'Your vouchers' }).getByRole('article', { name: deal.title });
  await expect(cards).toHaveCount(2);
  const card = cards.first();
  const other = cards.nth(1);

  // The printed voucher: a PDF from the shop with this browser's session, private, inline.
  const print = card.getByRole('link', { name: /^Print voucher/ });
  await expect(print).toHaveAttribute('target', '_blank');
  const href = (await print.getAttribute('href'))!;
  expect(href).toMatch(/^\/myaccount\/vouchers\/[^/]+\/voucher\.pdf$/);
  const pdf = await page.request.get(href);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect(pdf.headers()['content-disposition']).toMatch(/^inline; filename="voucher-[A-Z0-9]{6}-[A-Z0-9]{6}-[A-Z0-9]{6}\.pdf"$/);
  expect(pdf.headers()['cache-control']).toBe('private, no-store');
  expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  // Without the session: to the login page; it is nobody else's either.
  const signedOut = await request.get(href, { maxRedirects: 0 });
  expect(signedOut.status()).toBe(302);
  expect(signedOut.headers()['location']).toBe('/login?redirect=%2Fmyaccount%2Fvouchers');

  // The QR code comes with the code, for the merchant to scan: an svg in the card, never a link.
  await expect(card.getByRole('img', { name: 'QR code for the merchant to scan' })).toHaveCount(0);
  await card.getByRole('button', { name: 'Show code' }).click();
  const qr = card.getByRole('img', { name: 'QR code for the merchant to scan' });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((el) => el.tagName.toLowerCase())).toBe('svg');
  await expect(card.locator('a[href*="/merchant/redeem/"]')).toHaveCount(0);
  await expect(card).not.toContainText('/merchant/redeem/');
  await card.getByRole('button', { name: 'Hide code' }).click();

  // Refund: the first click opens the panel, the card is the default; the second makes it.
  await card.getByRole('button', { name: 'Refund' }).click();
  const panel = card.getByRole('form', { name: 'Refund this voucher' });
  await expect(panel).toBeVisible();
  const toCard = panel.getByRole('radio', { name: /^Refund £[\d.,]+ to your payment method$/ });
  await expect(toCard).toBeChecked();
  await expect(panel.getByRole('radio', { name: 'As wallet credit instead' })).not.toBeChecked();
  const amount = /£[\d.,]+/.exec((await panel.getByText(/^Refund £[\d.,]+ to your payment method$/).textContent()) ?? '')![0];
  const open = await new AxeBuilder({ page }).include('.voucher-refund').withTags(tags).analyze();
  expect(open.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/refund-panel.png' });
  await panel.getByRole('button', { name: 'Confirm refund' }).click();

  await expect(card.getByText('Refunded', { exact: true })).toBeVisible();
  const done = card.getByRole('status').filter({ hasText: 'Refund of' });
  await expect(done).toHaveText(`Refund of ${amount} on its way to your payment method`);
  await expect(done).toBeFocused();
  await expect(card.getByRole('button', { name: 'Refund' })).toHaveCount(0);
  await expect(card.getByRole('link', { name: /^Print voucher/ })).toHaveCount(0);
  // Its history says so; the other voucher is as it was.
  await card.getByText('Help with this voucher').click();
  await card.getByText('Voucher history').click();
  await expect(card.getByText('Refunded to the payment method')).toBeVisible();
  await expect(other.getByText('Ready to Redeem', { exact: true })).toBeVisible();
  await expect(other.getByRole('button', { name: 'Refund' })).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/refunded.png' });

  // A reload reads it from the vouchers service: still Refunded, and only the other can be refunded.
  await page.reload();
  await expect(cards.filter({ hasText: 'Refunded' })).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Refund' })).toHaveCount(1);
  const results = await new AxeBuilder({ page }).withTags(tags).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});

test('a new shopper with no vouchers is told so and offered the deals', async ({ page }) => {
  await registerAndConfirm(page, newEmail('novouchers'));
  await page.goto('/myaccount/vouchers');
  await expect(page.getByRole('heading', { level: 1, name: 'My Vouchers' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'You have no vouchers yet' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse today’s deals' })).toHaveAttribute('href', '/deals/glasgow');
});

test('a signed-out visitor is sent to sign in', async ({ page }) => {
  await page.goto('/myaccount/vouchers');
  await expect(page).toHaveURL(/\/login$/);
});
