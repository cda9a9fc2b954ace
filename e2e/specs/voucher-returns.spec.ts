import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '../fixtures.ts';
import { addToBasket, answerCookies, deliverToAddressFoundByPostcode, findDeal, gql, newEmail, openDeal, payByCard, plainOptionFirst, registerAndConfirm, SERVICE_TOKEN, type Deal } from './buying-helpers.ts';

// Returns of posted goods (issue 16 point 6) as a shopper lives them: buy goods sent by post
// (a seeded postal deal of the Shop, to a delivery address found by postcode), open My Vouchers,
// "Return this item" with a reason, download the returns label (a PDF with the tracking
// reference), then the carrier's scan and the merchant's receipt come through the vouchers
// service's REST (service token, as a carrier's or merchant's system would send them) and the
// shopper sees Return in Transit, Returned to the Merchant and Refunded; the refund of what the
// voucher was paid is a credit of the sale in the payment sandbox.

const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const MERCHANT_KEY = process.env.E2E_MERCHANT_KEY ?? 'e2e-merchant-key';

test.beforeEach(async ({ page }) => {
  await answerCookies(page);
});

/** A Shop deal sent by post whose first option anyone can buy now (free postage: the buy form's first option). */
async function postalDeal(page: Page): Promise<Deal> {
  const postal = new Set(
    (
      await gql<{ location: { deals: { edges: Array<{ node: { dealId: number; deliveryType: string } }> } } }>(
        page.request,
        '{ location(slug: "shop") { deals(first: 48) { edges { node { dealId deliveryType } } } } }',
      )
    ).location.deals.edges
      .filter((e) => e.node.deliveryType === 'postal')
      .map((e) => e.node.dealId),
  );
  return findDeal(page.request, (d) => postal.has(d.dealId) && openDeal(d) && plainOptionFirst(d) !== null && !d.products.some((p) => p.vipExclusive), { location: 'shop' });
}

/** The signed-in shopper's customer token (the users service's session lookup, as the shop does it). */
async function customerTokenOf(page: Page): Promise<string> {
  const sid = (await page.context().cookies()).find((c) => c.name === '__Host-sid')?.value;
  const session = await page.request.get('/api/users/session', { headers: { 'x-service-token': SERVICE_TOKEN, 'x-session-token': sid! } });
  expect(session.status()).toBe(200);
  return ((await session.json()) as { data: { user: { customerToken: string } } }).data.user.customerToken;
}

test('a shopper returns goods sent by post: a returns label is downloaded, and the return goes on to the refund', async ({ page, request }) => {
  // A whole journey: buying by post, the return, two service events, three reloads and the sandbox.
  test.setTimeout(120_000);
  await registerAndConfirm(page, newEmail('returns'));
  const deal = await postalDeal(page);
  await addToBasket(page, deal);

  // Goods go by post: a delivery address, found by postcode.
  await deliverToAddressFoundByPostcode(page);
  await payByCard(page);

  await page.goto('/myaccount/vouchers');
  const card = page.getByRole('list', { name: 'Your vouchers' }).getByRole('article', { name: deal.title });
  await expect(card.getByText('Ready to Redeem', { exact: true })).toBeVisible();

  // "Return this item" opens the form from the keyboard; confirming without a reason says what is missing.
  const open = card.getByRole('button', { name: 'Return this item' });
  await open.focus();
  await page.keyboard.press('Enter');
  const form = card.getByRole('form', { name: 'Return this item' });
  await expect(form).toBeVisible();
  await expect(form.getByRole('heading', { name: 'Return this item' })).toBeFocused();
  await form.getByRole('button', { name: 'Confirm return' }).click();
  await expect(form.getByText('Please choose why you are sending it back.').first()).toBeVisible();
  await form.getByRole('radio', { name: 'Damaged or faulty' }).check();
  await form.getByRole('textbox', { name: /Anything else the merchant should know/ }).fill('The box arrived crushed.');
  const panel = await new AxeBuilder({ page }).include('.voucher-return__form').withTags(tags).analyze();
  expect(panel.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await form.getByRole('button', { name: 'Confirm return' }).click();

  // Requested: the status word, the progress in the spec's words, the tracking reference and the label.
  await expect(card.getByText('Return Requested', { exact: true }).first()).toBeVisible();
  const progress = card.getByRole('region', { name: 'Your return' });
  await expect(progress.getByRole('heading', { name: 'Your return' })).toBeFocused();
  const steps = progress.getByRole('listitem');
  await expect(steps).toHaveText([/^1?\.? ?Return Requested/, /Return in Transit/, /Returned to the Merchant/, /Refunded/]);
  await expect(steps.nth(0)).toHaveAttribute('aria-current', 'step');
  await expect(card.getByRole('button', { name: 'Return this item' })).toHaveCount(0);
  const tracking = (await progress.locator('.voucher-return__tracking').textContent())!.trim();
  expect(tracking).toMatch(/^TDR-\d{4}-\d{4}-\d{4}$/);

  // The label: a download of a PDF that carries the tracking reference.
  const [download] = await Promise.all([page.waitForEvent('download'), progress.getByRole('link', { name: /^Download returns label/ }).click()]);
  // Named by the tracking reference, never the voucher's redeemable code.
  expect(download.suggestedFilename()).toBe(`returns-label-${tracking}.pdf`);
  const pdf = await readFile((await download.path())!);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const href = (await progress.getByRole('link', { name: /^Download returns label/ }).getAttribute('href'))!;
  // Nobody else's: without this session the label is not given.
  const signedOut = await request.get(href, { maxRedirects: 0 });
  expect(signedOut.status()).toBe(302);
  expect(signedOut.headers()['location']).toBe('/login?redirect=%2Fmyaccount%2Fvouchers');
  // The label is this return's: the PDF's title names its tracking reference (the page's text and
  // QR code are read in the service's tests, services/vouchers/src/returns/returns.test.ts).
  expect(pdf.toString('latin1')).toContain(`(Returns label ${tracking})`);
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/voucher-return-requested.png' });

  // The carrier and the merchant, through the vouchers service (what their systems would send).
  const voucherId = Buffer.from(decodeURIComponent(href.split('/')[3]!), 'base64').toString('utf8').split(':')[2]!;
  const customerToken = await customerTokenOf(page);
  const label = await page.request.get(`/api/vouchers/v1/returns/returns-label?${new URLSearchParams({ customerToken, voucherId })}`, { headers: { 'x-service-token': SERVICE_TOKEN } });
  expect(label.status()).toBe(200);
  const answer = (await label.json()) as { return: { id: string; trackingNumber: string }; voucher: { orderId: string; paid: { amount: number } } };
  expect(answer.return.trackingNumber).toBe(tracking);
  const event = (name: string) =>
    page.request.post(`/api/vouchers/v1/returns/${answer.return.id}/events`, { headers: { 'x-service-token': SERVICE_TOKEN }, data: { event: name, actorRef: name === 'shipped' ? 'carrier:e2e' : 'merchant:e2e' } });

  expect((await event('shipped')).status()).toBe(200);
  await page.reload();
  await expect(card.getByText('Return in Transit', { exact: true }).first()).toBeVisible();
  await expect(progress.getByRole('listitem').nth(1)).toHaveAttribute('aria-current', 'step');

  expect((await event('received')).status()).toBe(200);
  await page.reload();
  await expect(card.locator('.voucher-status')).toHaveText('Refunded');
  await expect(progress.getByRole('listitem').nth(2)).toContainText('Returned to the Merchant');
  await expect(progress.getByRole('listitem').nth(3)).toHaveAttribute('aria-current', 'step');
  for (const i of [0, 1, 2, 3]) await expect(progress.getByRole('listitem').nth(i).locator('time')).toHaveCount(1);
  await expect(progress.getByText(/^Refund of £[\d.,]+ to your original payment method\.$/)).toBeVisible();
  await expect(progress.getByRole('link', { name: /^Download returns label/ })).toHaveCount(0);
  // The history says each step.
  await card.getByText('Help with this voucher').click();
  await card.getByText('Voucher history').click();
  await expect(card.getByText('Return requested: Damaged or faulty')).toBeVisible();
  await expect(card.getByText('The merchant received the returned goods')).toBeVisible();
  const results = await new AxeBuilder({ page }).withTags(tags).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/voucher-return-refunded.png' });

  // The payment sandbox: one credit of what the voucher was paid, named by our refund's id (the
  // provider's refund reference; the refunds job sends it again if the sale had not settled yet).
  const refunded = await page.request.get(`/api/vouchers/v1/returns/returns-label?${new URLSearchParams({ customerToken, returnId: answer.return.id })}`, { headers: { 'x-service-token': SERVICE_TOKEN } });
  const refund = ((await refunded.json()) as { return: { refund: { id: string; cashAmount: { amount: number } } } }).return.refund;
  expect(refund.cashAmount.amount).toBe(answer.voucher.paid.amount);
  const amount = (refund.cashAmount.amount / 100).toFixed(2);
  await expect
    .poll(
      async () => {
        const found = await page.request.get(`/sandbox/braintree/transactions?orderId=${refund.id}`, { headers: { authorization: `Bearer ${MERCHANT_KEY}` } });
        return ((await found.json()) as { transactions: Array<{ type: string; amount: string }> }).transactions.map((t) => ({ type: t.type, amount: t.amount }));
      },
      { timeout: 20_000 },
    )
    .toEqual([{ type: 'credit', amount }]);
});
