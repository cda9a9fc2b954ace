import type { FrameLocator } from '@playwright/test';
import { expect, type APIRequestContext, type Page } from '../fixtures.ts';
import { SERVICE_TOKEN, staffHeaders } from './staff-key.ts';

// Shared steps of the buying journeys (the same steps as buying.spec.ts): the seeded deals found
// through GraphQL, the deal page's buy form, the sandbox's transaction log.

/** The shop's service token (playwright.config.ts sets SERVICE_TOKEN for the shop it starts). */
export { SERVICE_TOKEN };
/** The shop's payment merchant key (playwright.config.ts): the sandboxes' server-side endpoints need it. */
const MERCHANT_KEY = process.env.E2E_MERCHANT_KEY ?? 'e2e-merchant-key';

let counter = 0;
export const newEmail = (name: string) => `${name}.${Date.now().toString(36)}${++counter}@example.co.uk`;

export interface Product {
  productId: number;
  title: string;
  remaining: number | null;
  soldOut: boolean;
  disabled: boolean;
  vipExclusive: boolean;
  purchaseCap: number | null;
  hasDeposit: boolean;
  numberOfNights: number | null;
  postagePrice: { amount: number } | null;
  price: { amount: number };
}
export interface Deal {
  dealId: number;
  url: string;
  title: string;
  pricePerPerson: boolean;
  closingDate: string | null;
  category: { slug: string };
  products: Product[];
}

export async function gql<T>(request: APIRequestContext, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  // Not an SPA operation: sent with a staff key (the shop runs in production: persisted operations only).
  const response = await request.post('/graphql', { data: { query, variables }, headers: { 'x-graphql-csrf': '1', ...(await staffHeaders(request)) } });
  const json = (await response.json()) as { data: T; errors?: Array<{ message: string }> };
  if (json.errors?.length) throw new Error(json.errors.map((e) => e.message).join('; '));
  return json.data;
}

const DEAL_FIELDS = `dealId url title pricePerPerson closingDate category { slug }
  products { productId title remaining soldOut disabled vipExclusive purchaseCap hasDeposit numberOfNights postagePrice { amount } price { amount } }`;

/** The seeded deals of a location (and category), a page of 48 at a time, until `pick` finds one. */
export async function findDeal(request: APIRequestContext, pick: (deal: Deal) => boolean, where: { location?: string; category?: string } = {}): Promise<Deal> {
  const query = `query($location: String!, $category: String, $after: String) {
    location(slug: $location) { deals(first: 48, category: $category, after: $after) { edges { node { ${DEAL_FIELDS} } } pageInfo { hasNextPage endCursor } } }
  }`;
  type Page = { location: { deals: { edges: Array<{ node: Deal }>; pageInfo: { hasNextPage: boolean; endCursor: string | null } } } | null };
  let after: string | null = null;
  for (let page = 0; page < 40; page++) {
    const data: Page = await gql<Page>(request, query, { location: where.location ?? 'glasgow', category: where.category ?? null, after });
    const deals = data.location?.deals;
    const found = deals?.edges.map((e) => e.node).find(pick);
    if (found) return found;
    if (!deals?.pageInfo.hasNextPage) break;
    after = deals.pageInfo.endCursor;
  }
  throw new Error('No seeded deal fits');
}

/** A deal still open for at least a day. */
export const openDeal = (d: Deal) => d.closingDate === null || new Date(d.closingDate).getTime() > Date.now() + 86_400_000;
/** A plain voucher option anyone can buy now: no deposit, no postage, no nights, at most £200. */
const plainOption = (p: Product) =>
  !p.soldOut && !p.disabled && !p.vipExclusive && !p.hasDeposit && !p.numberOfNights && !(p.postagePrice && p.postagePrice.amount > 0) && (p.remaining === null || p.remaining >= 5) && p.price.amount <= 20_000;
export function plainOptionFirst(d: Deal): Product | null {
  const first = d.products.find((p) => !p.soldOut && !p.disabled && (p.purchaseCap ?? 1) > 0 && (p.remaining ?? 1) > 0);
  return first && plainOption(first) ? first : null;
}
/** A restaurant voucher deal whose first buyable option is plain (the buy form chooses it first). */
// Deals with a VIP-exclusive option are left out: the stock view reads the deal's "has a VIP
// option" flag as every option being VIP-only, so a non-VIP shopper cannot buy them (reported).
export const restaurantDeal = (d: Deal) =>
  openDeal(d) && !d.pricePerPerson && d.category.slug === 'restaurants-food' && !d.products.some((p) => p.vipExclusive) && plainOptionFirst(d) !== null;
export const RESTAURANTS = { category: 'restaurants-food' };

export async function answerCookies(page: Page) {
  await page.context().addCookies([{ name: 'td_consent', value: 'none', url: 'http://127.0.0.1' }]);
}

export const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** From the deal page: the first option, `quantity`, Buy now; lands on /checkout with the line. */
export async function addToBasket(page: Page, deal: Deal, quantity = 1) {
  await page.goto(deal.url);
  const form = page.getByRole('form', { name: 'Buy this deal' });
  await expect(form).toBeVisible();
  const product = plainOptionFirst(deal)!;
  await expect(form.getByRole('radio', { name: new RegExp(`^${escape(product.title)}`) })).toBeChecked();
  if (quantity !== 1) await form.getByLabel('Quantity').selectOption(String(quantity));
  await form.getByRole('button', { name: 'Buy now' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your basket' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Your basket' }).getByRole('listitem').filter({ hasText: deal.title })).toBeVisible();
}

/** '£12.50' → 1250. */
export const pence = (text: string | null) => Math.round(Number((text ?? '').replace(/[£,]/g, '')) * 100);

export const payButton = (page: Page) => page.getByRole('button', { name: /^(Pay £|Place order)/ });

/**
 * The one-time nonces the Braintree sandbox's approval pages issued to this page (PayPal, PayPal
 * Credit, Google Pay, Apple Pay), as they come back to the page.
 */
export function watchApprovals(page: Page): string[] {
  const nonces: string[] = [];
  page.on('response', (response) => {
    if (response.request().method() !== 'POST' || new URL(response.url()).pathname !== '/sandbox/braintree/approve' || response.status() !== 201) return;
    void response.json().then((body: { nonce?: string }) => body.nonce && nonces.push(body.nonce), () => {});
  });
  return nonces;
}

/**
 * Whether the sandbox has charged with a nonce: a sale spends it whatever the outcome (single
 * use), and the sandbox's nonce lookup then answers 93107. The shop never shows the order's
 * provider reference, so a journey cannot search the sandbox's sales by order: instead it checks
 * that it approved exactly one nonce and that this one was spent, so no second sale could exist.
 */
export async function nonceSpent(request: APIRequestContext, nonce: string): Promise<boolean> {
  const response = await request.get(`/sandbox/braintree/payment_method_nonces/${encodeURIComponent(nonce)}`, { headers: { authorization: `Bearer ${MERCHANT_KEY}` } });
  if (response.status() === 200) return false;
  const body = (await response.json()) as { errors?: Array<{ code: string }> };
  expect(body.errors?.[0]?.code, `the sandbox knows nonce ${nonce}`).toBe('93107');
  return true;
}

const PASSWORD = 'Heather-2026';

/** Registers a shopper and follows the emailed confirmation link: signed in, on /myaccount. */
export async function registerAndConfirm(page: Page, email: string) {
  await page.goto('/register');
  await page.getByRole('textbox', { name: 'First name' }).fill('Morag');
  await page.getByRole('textbox', { name: 'Last name' }).fill('MacLeod');
  await page.getByRole('textbox', { name: 'Email address' }).fill(email);
  await page.getByLabel('Create a password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
  let link: string | undefined;
  await expect
    .poll(async () => {
      const response = await page.request.get(`/dev/outbox?format=json&to=${encodeURIComponent(email)}`);
      const { messages } = (await response.json()) as { messages: Array<{ text: string }> };
      link = messages.flatMap((m) => m.text.match(/https?:\/\/\S+/g) ?? []).find((u) => new URL(u).pathname === '/confirm-email');
      return link !== undefined;
    })
    .toBe(true);
  const url = new URL(link!);
  await page.goto(url.pathname + url.search);
  await expect(page).toHaveURL(/\/myaccount$/);
}

export const GOOD_CARD = { number: '4111111111111111', expiry: '12/34', cvv: '123', postcode: 'G1 1AA' };

export const cardFrame = (page: Page): FrameLocator => page.frameLocator('iframe[title^="Card details"]');

/**
 * The card typed into the sandbox's hosted fields (an iframe of the provider). Nothing more: the
 * shop's Pay tokenises them (the nonce comes back to the page), as Braintree's own forms do.
 */
export async function enterCard(page: Page, card: typeof GOOD_CARD) {
  const frame = cardFrame(page);
  await frame.getByLabel('Card number').fill(card.number);
  await frame.getByLabel('Expiry date (MM/YY)').fill(card.expiry);
  await frame.getByLabel('Security code (CVV)').fill(card.cvv);
  await frame.getByLabel('Billing postcode').fill(card.postcode);
  // The frame has no button of its own.
  await expect(frame.getByRole('button')).toHaveCount(0);
}

/** The signed-in shopper's customer token, from the users service's session route. */
export async function customerTokenOf(page: Page): Promise<string> {
  const sid = (await page.context().cookies()).find((c) => c.name === '__Host-sid')?.value;
  expect(sid, 'the session cookie').toBeTruthy();
  const session = await page.request.get('/api/users/session', { headers: { 'x-service-token': SERVICE_TOKEN, 'x-session-token': sid! } });
  expect(session.status()).toBe(200);
  return ((await session.json()) as { data: { user: { customerToken: string } } }).data.user.customerToken;
}

/** Credits the signed-in shopper's wallet through the wallet service's operator route. */
export async function creditWallet(page: Page, amount: number) {
  const customerToken = await customerTokenOf(page);
  const credit = await page.request.post('/api/wallet/wallet/credit', {
    headers: { 'x-service-token': SERVICE_TOKEN },
    data: { customerToken, currency: 'GBP', amount, bucket: 'refundable', reason: 'E2E goodwill credit', ref: `e2e-${Date.now()}-${++counter}` },
  });
  expect(credit.status(), await credit.text()).toBe(201);
}

/** "£12.50", "£20", "−£5" (a true minus, or a hyphen) as signed pence. */
function signedPence(text: string | null): number {
  const t = (text ?? '').trim();
  const m = /^([−-])?£(\d{1,3}(?:,\d{3})*|\d+)(?:\.(\d{2}))?$/.exec(t);
  if (!m) throw new Error(`Not an amount: "${t}"`);
  const pence = Number(m[2]!.replace(/,/g, '')) * 100 + Number(m[3] ?? 0);
  return m[1] ? -pence : pence;
}

/**
 * Issue 14 C: the price breakdown on the page (the confirmation, or the checkout's order summary)
 * as the shopper reads it, checked to add up: the parts make the total, the total less the wallet
 * credit is what is paid now. Answers the figures read, in pence.
 */
export async function expectBreakdownAddsUp(page: Page): Promise<{ parts: Array<{ kind: string; label: string; amount: number }>; total: number; wallet: number; payNow: number }> {
  const list = page.getByTestId('price-breakdown').first();
  await expect(list).toBeVisible();
  const rows = await list.locator('[data-part]').evaluateAll((els) =>
    els.map((el) => ({ kind: el.getAttribute('data-part') ?? '', label: el.querySelector('dt')?.textContent ?? '', amount: el.querySelector('dd')?.textContent ?? '' })),
  );
  const read = rows.map((r) => ({ kind: r.kind, label: r.label.trim(), amount: signedPence(r.amount) }));
  const parts = read.filter((r) => !['total', 'wallet', 'pay-now'].includes(r.kind));
  const total = read.find((r) => r.kind === 'total')?.amount;
  const wallet = -(read.find((r) => r.kind === 'wallet')?.amount ?? 0);
  const payNow = read.find((r) => r.kind === 'pay-now')?.amount;
  expect(parts.length, 'the breakdown names at least one part').toBeGreaterThan(0);
  expect(total, 'the breakdown shows a total').toBeDefined();
  expect(payNow, 'the breakdown shows what is paid now').toBeDefined();
  expect(parts.reduce((s, p) => s + p.amount, 0), `the parts (${parts.map((p) => `${p.label} ${p.amount}`).join(', ')}) add up to the total`).toBe(total);
  expect(total! - wallet, 'the total less the wallet credit is what is paid now').toBe(payNow);
  return { parts, total: total!, wallet, payNow: payNow! };
}

/**
 * A new shopper (registered and confirmed, signed in) buys one voucher of a restaurant deal by
 * card; returns the deal, the shopper's customer token and their vouchers as the vouchers service
 * holds them (its REST feed, with the service token: what an operator's job sees).
 */
export async function buyOneVoucherSignedIn(page: Page, label: string) {
  const email = newEmail(label);
  await registerAndConfirm(page, email);
  const deal = await findDeal(page.request, restaurantDeal, RESTAURANTS);
  await addToBasket(page, deal);
  await enterCard(page, GOOD_CARD);
  await payButton(page).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Purchase Successful' })).toBeVisible();
  const sid = (await page.context().cookies()).find((c) => c.name === '__Host-sid')?.value;
  const session = await page.request.get('/api/users/session', { headers: { 'x-service-token': SERVICE_TOKEN, 'x-session-token': sid! } });
  const customerToken = ((await session.json()) as { data: { user: { customerToken: string } } }).data.user.customerToken;
  const feed = await page.request.get(`/api/vouchers/voucher/feeds/voucher?customerToken=${encodeURIComponent(customerToken)}`, { headers: { 'x-service-token': SERVICE_TOKEN } });
  const vouchers = ((await feed.json()) as { edges: Array<{ node: { id: string; expiresAt: string; paid: { amount: number } } }> }).edges.map((e) => e.node);
  return { email, deal, customerToken, vouchers };
}

/** On the checkout: pays by card (GOOD_CARD) and waits for "Purchase Successful". */
export async function payByCard(page: Page) {
  await enterCard(page, GOOD_CARD);
  await payButton(page).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Purchase Successful' })).toBeVisible();
}

/**
 * On the checkout of goods sent by post: the delivery address found by postcode (the address
 * service's first Byres Road suggestion) for Morag Campbell. Returns the suggestion chosen.
 */
export async function deliverToAddressFoundByPostcode(page: Page) {
  const delivery = page.getByRole('group', { name: 'Delivery address' });
  await expect(delivery).toBeVisible();
  const [known] = (await gql<{ addressSuggestions: Array<{ postcode: string; label: string }> }>(page.request, '{ addressSuggestions(query: "Byres Road") { postcode label } }')).addressSuggestions;
  await delivery.getByRole('textbox', { name: 'Find your address by postcode' }).fill(known!.postcode);
  await delivery.getByRole('button', { name: 'Find address' }).click();
  await delivery.getByRole('combobox', { name: 'Choose your address' }).selectOption({ label: known!.label });
  await delivery.getByRole('textbox', { name: 'Full name' }).fill('Morag Campbell');
  return known!;
}

/** On "Purchase Successful": the code of the first voucher bought. */
export const firstVoucherCode = async (page: Page) => (await page.getByRole('list', { name: 'Vouchers' }).getByRole('listitem').first().locator('code').textContent())!.trim();
