import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { answerCookies, deliverToAddressFoundByPostcode, escape, gql, openDeal, payByCard, SERVICE_TOKEN, type Deal } from './buying-helpers.ts';
import { newShopper, signIn, switchTo } from './merchant-helpers.ts';

// Goods posting (issue 17 point 5) as a shopper and the demo shop merchant live it: the shopper
// buys goods of Sparrow & Oak (the demo shop merchant's national goods business) to a delivery
// address found by postcode; the merchant opens "Orders to post", sees the order with that
// address, marks it sent with a tracking reference; the shopper's My Vouchers says "Sent on … by
// Royal Mail, tracking …". Then the shopper sends it back, the carrier's scan comes through the
// vouchers service (as the returns journey does), and the merchant marks the return received: the
// shopper sees it Refunded.

const MERCHANT_EMAIL = 'shop.merchant@thistledeals.example';
const MERCHANT_PASSWORD = 'Thistle-Merchant-1';
const SHOPPER_PASSWORD = 'Heather-2026';
const TRACKING = 'JD0146 0000 1234';
const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const DEAL_FIELDS = `dealId url title pricePerPerson closingDate deliveryType category { slug } merchant { id }
  products { productId title remaining soldOut disabled vipExclusive purchaseCap hasDeposit numberOfNights postagePrice { amount } price { amount } }`;

type Business = { id: string; name: string; catalogueMerchant: { id: string } | null };
type PostalDeal = Deal & { deliveryType: string; merchant: { id: string } };

/** A goods deal of the business sent by post whose first option anyone can buy now (postage allowed). */
async function goodsDealOf(page: Page, business: Business): Promise<PostalDeal> {
  type Data = { location: { deals: { edges: Array<{ node: PostalDeal }>; pageInfo: { hasNextPage: boolean; endCursor: string | null } } } | null };
  let after: string | null = null;
  for (let n = 0; n < 40; n++) {
    const data: Data = await gql<Data>(page.request, `query($after: String) { location(slug: "shop") { deals(first: 48, after: $after) { edges { node { ${DEAL_FIELDS} } } pageInfo { hasNextPage endCursor } } } }`, { after });
    const deal = data.location?.deals.edges
      .map((e) => e.node)
      .find((d) => {
        if (d.merchant.id !== business.catalogueMerchant?.id || d.deliveryType !== 'postal' || !openDeal(d) || d.pricePerPerson || d.products.some((p) => p.vipExclusive)) return false;
        const first = d.products.find((p) => !p.soldOut && !p.disabled && (p.purchaseCap ?? 1) > 0 && (p.remaining ?? 1) > 0);
        return first !== undefined && !first.hasDeposit && !first.numberOfNights && (first.remaining === null || first.remaining >= 5) && first.price.amount <= 20_000;
      });
    if (deal) return deal;
    if (!data.location?.deals.pageInfo.hasNextPage) break;
    after = data.location.deals.pageInfo.endCursor;
  }
  throw new Error(`No buyable goods deal of ${business.name}`);
}

/** From the deal page: its first option (postage included), Buy now; lands on /checkout with the line (buying-helpers' addToBasket, for goods with postage). */
async function buyFirstOption(page: Page, deal: PostalDeal) {
  await page.goto(deal.url);
  const form = page.getByRole('form', { name: 'Buy this deal' });
  await expect(form).toBeVisible();
  const product = deal.products.find((p) => !p.soldOut && !p.disabled && (p.purchaseCap ?? 1) > 0 && (p.remaining ?? 1) > 0)!;
  await expect(form.getByRole('radio', { name: new RegExp(`^${escape(product.title)}`) })).toBeChecked();
  await form.getByRole('button', { name: 'Buy now' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('list', { name: 'Your basket' }).getByRole('listitem').filter({ hasText: deal.title })).toBeVisible();
}

test('a shopper buys goods; the merchant posts them with a tracking reference the shopper sees; a return is marked received', async ({ page }) => {
  test.setTimeout(240_000);
  await answerCookies(page);

  // The demo shop merchant's business, and a goods deal of it.
  await signIn(page, MERCHANT_EMAIL, MERCHANT_PASSWORD);
  await expect(page).toHaveURL(/\/insights$/);
  const businesses = (await gql<{ viewer: { merchant: { businesses: Business[] } | null } | null }>(page.request, '{ viewer { merchant { businesses { id name catalogueMerchant { id } } } } }')).viewer?.merchant?.businesses ?? [];
  const business = businesses.find((b) => b.name === 'Sparrow & Oak');
  expect(business, businesses.map((b) => b.name).join(', ')).toBeDefined();
  const deal = await goodsDealOf(page, business!);

  // The shopper buys it, to an address found by postcode.
  const shopper = await newShopper(page, 'posting');
  await buyFirstOption(page, deal);
  const known = await deliverToAddressFoundByPostcode(page);
  await payByCard(page);
  const orderNumber = (await page.getByRole('heading', { level: 2, name: /^Order \S+$/ }).textContent())!.trim().slice('Order '.length);

  // The merchant: Orders to post, with the address.
  await switchTo(page, MERCHANT_EMAIL, MERCHANT_PASSWORD);
  await expect(page).toHaveURL(/\/insights$/);
  // One business: no picker, its name in the bar.
  await expect(page.getByText('Sparrow & Oak').first()).toBeVisible();
  await page.getByRole('navigation', { name: 'Dashboard sections' }).getByRole('link', { name: 'Orders to post' }).click();
  await expect(page).toHaveURL(/\/insights\/orders$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Orders to post' })).toBeVisible();
  const list = page.getByRole('region', { name: 'Waiting to be posted' });
  const order = list.getByRole('listitem').filter({ has: page.getByRole('heading', { name: new RegExp(`^Order ${escape(orderNumber)}:`) }) });
  await expect(order).toHaveCount(1);
  const address = order.getByRole('group', { name: /^Delivery address for order / });
  await expect(address).toContainText('Morag Campbell');
  await expect(address).toContainText(known.postcode.toUpperCase());
  await order.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/merchant-posting-1-to-post.png', fullPage: true });
  expect((await new AxeBuilder({ page }).withTags(tags).analyze()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  // Marked sent: first without a reference (the error names the field), then with it.
  const form = order.getByRole('form', { name: /^Mark order .+ as sent$/ });
  await form.getByRole('combobox', { name: 'Carrier' }).selectOption('Royal Mail');
  await form.getByRole('button', { name: 'Mark as sent' }).click();
  await expect(form.getByRole('link', { name: 'Tracking reference: Enter the tracking reference.' })).toBeVisible();
  await page.screenshot({ path: '/tmp/merchant-posting-2-error.png', fullPage: true });
  await form.getByRole('textbox', { name: /Tracking reference/ }).fill(TRACKING);
  await form.getByRole('button', { name: 'Mark as sent' }).click();
  await expect(page.getByRole('status').filter({ hasText: /marked sent by Royal Mail/ })).toHaveText(`Order ${orderNumber} marked sent by Royal Mail, tracking ${TRACKING}.`);
  const sentRow = page.getByRole('region', { name: 'Recently sent' }).getByRole('row').filter({ hasText: TRACKING });
  await expect(sentRow).toHaveCount(1);
  await expect(sentRow).toContainText('Ready to Redeem');
  await page.screenshot({ path: '/tmp/merchant-posting-3-sent.png', fullPage: true });

  // The shopper sees how it was sent.
  await switchTo(page, shopper, SHOPPER_PASSWORD);
  await expect(page).toHaveURL(/\/myaccount$/);
  await page.goto('/myaccount/vouchers');
  const card = page.getByRole('list', { name: 'Your vouchers' }).getByRole('article', { name: deal.title });
  await expect(card.getByText(new RegExp(`^Sent on \\d{1,2} \\w+ \\d{4} by Royal Mail, tracking ${TRACKING}$`))).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/merchant-posting-4-shopper.png' });

  // The shopper sends it back; the carrier scans the parcel (its system, through the vouchers service).
  await card.getByRole('button', { name: 'Return this item' }).click();
  const returnForm = card.getByRole('form', { name: 'Return this item' });
  await returnForm.getByRole('radio', { name: 'Damaged or faulty' }).check();
  await returnForm.getByRole('button', { name: 'Confirm return' }).click();
  await expect(card.getByText('Return Requested', { exact: true }).first()).toBeVisible();
  const href = (await card.getByRole('link', { name: /^Download returns label/ }).getAttribute('href'))!;
  const voucherId = Buffer.from(decodeURIComponent(href.split('/')[3]!), 'base64').toString('utf8').split(':')[2]!;
  const sid = (await page.context().cookies()).find((c) => c.name === '__Host-sid')?.value;
  const session = await page.request.get('/api/users/session', { headers: { 'x-service-token': SERVICE_TOKEN, 'x-session-token': sid! } });
  const customerToken = ((await session.json()) as { data: { user: { customerToken: string } } }).data.user.customerToken;
  const label = await page.request.get(`/api/vouchers/v1/returns/returns-label?${new URLSearchParams({ customerToken, voucherId })}`, { headers: { 'x-service-token': SERVICE_TOKEN } });
  const returnId = ((await label.json()) as { return: { id: string } }).return.id;
  expect((await page.request.post(`/api/vouchers/v1/returns/${returnId}/events`, { headers: { 'x-service-token': SERVICE_TOKEN }, data: { event: 'shipped', actorRef: 'carrier:e2e' } })).status()).toBe(200);

  // The merchant has it back.
  await switchTo(page, MERCHANT_EMAIL, MERCHANT_PASSWORD);
  await expect(page).toHaveURL(/\/insights$/);
  await page.goto('/insights/orders');
  const returns = page.getByRole('region', { name: 'Returns on their way' });
  const back = returns.getByRole('listitem').filter({ has: page.getByRole('heading', { name: new RegExp(`^Order ${escape(orderNumber)}:`) }) });
  await expect(back).toBeVisible();
  await back.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/merchant-posting-5-return.png', fullPage: true });
  await back.getByRole('button', { name: /^Mark return received/ }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Return of order/ })).toHaveText(`Return of order ${orderNumber} received: the shopper has been refunded.`);
  await expect(sentRow).toContainText(/Refunded|Returned to the Merchant/);
  expect((await new AxeBuilder({ page }).withTags(tags).analyze()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  // The shopper sees the refund.
  await switchTo(page, shopper, SHOPPER_PASSWORD);
  await expect(page).toHaveURL(/\/myaccount$/);
  await page.goto('/myaccount/vouchers');
  await expect(card.locator('.voucher-status')).toHaveText('Refunded');
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/merchant-posting-6-refunded.png' });
});
