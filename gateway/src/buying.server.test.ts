/**
 * The buying services wired into the one-process shop (startShop on PGlite): each mounted at
 * /api/<service> behind the service token, the sandboxes at /sandbox/<provider> on the shop's
 * own origin, a guest purchase end to end over real HTTP (the Braintree adapter reaching the
 * sandbox on the shop's loopback port), and the background jobs running and stopped on close.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- response data is asserted on, not typed */
import { BUYING_MESSAGES } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUYING_BASE_PATHS, SANDBOX_BASE_PATHS, selfOrigin, startShop, type RunningShop } from './server.ts';
import { captureLogger, TEST_TOKEN } from './test/helpers.ts';

describe('the shop with the buying services', () => {
  let shop: RunningShop;
  const logger = captureLogger();

  beforeAll(async () => {
    shop = await startShop({ port: 0, dataDir: 'memory://', seedDeals: 30, serviceToken: TEST_TOKEN, logger, jobs: { releaseHoldsMs: 100, reconcileMs: 100 } });
  }, 120_000);
  afterAll(async () => {
    await shop?.close();
  });

  const gql = async (query: string, variables: Record<string, unknown>, cookie = '') => {
    const res = await fetch(`${shop.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    return { body: (await res.json()) as { data: Record<string, any> }, cookies: res.headers.getSetCookie().map((c) => c.split(';')[0]!) };
  };

  it('mounts every buying service at /api/<service>, behind the service token (Z5)', async () => {
    const probes: Record<string, string> = {
      basket: '/basket?customerToken=c_0123456789abcdef',
      checkout: '/checkout/config/gifting',
      payment: '/payment/addon/paymentInstruments?customerToken=c_0123456789abcdef',
      wallet: '/user/wallet?customerToken=c_0123456789abcdef',
      address: '/address/postcode/G12%208TD',
    };
    for (const [name, path] of Object.entries(probes)) {
      const url = `${shop.url}${BUYING_BASE_PATHS[name as keyof typeof BUYING_BASE_PATHS]}${path}`;
      expect((await fetch(url)).status, name).toBe(401);
      expect((await fetch(url, { headers: { 'x-service-token': TEST_TOKEN } })).status, name).toBe(200);
    }
  });

  it('serves the provider sandboxes on its own origin', async () => {
    const origin = encodeURIComponent(shop.url);
    const page = await fetch(`${shop.url}${SANDBOX_BASE_PATHS.braintree}/hosted-fields?clientToken=x&origin=${origin}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<form');
    for (const path of Object.values(SANDBOX_BASE_PATHS)) expect((await fetch(`${shop.url}${path}/no-such-page`)).status).toBe(404);
  });

  it("keeps the sandboxes' server-side endpoints behind the merchant key: nobody lists or makes sales through /sandbox/*", async () => {
    const braintree = `${shop.url}${SANDBOX_BASE_PATHS.braintree}`;
    expect((await fetch(`${braintree}/transactions?orderId=anything`)).status).toBe(401);
    expect((await fetch(`${braintree}/payment_method_nonces/fake-valid-nonce`)).status).toBe(401);
    const sale = await fetch(`${braintree}/transactions`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer guessed' }, body: JSON.stringify({ amount: '10.00', orderId: 'x', paymentMethodNonce: 'fake-valid-nonce' }) });
    expect(sale.status).toBe(401);
    expect((await fetch(`${shop.url}${SANDBOX_BASE_PATHS.klarna}/ordermanagement/v1/orders?merchant_reference1=x`)).status).toBe(401);
  });

  it('a guest buys by card over real HTTP: the adapter reaches the sandbox on the shop\'s loopback port', async () => {
    const deals = await gql('{ location(slug: "glasgow") { deals(first: 20) { edges { node { dealId pricePerPerson products { productId soldOut vipExclusive depositPrice { amount } } } } } } }', {});
    const deal = deals.body.data.location.deals.edges
      .map((e: { node: any }) => e.node)
      .find((d: any) => !d.pricePerPerson && d.products.some((p: any) => !p.soldOut && !p.vipExclusive && !p.depositPrice));
    const product = deal.products.find((p: any) => !p.soldOut && !p.vipExclusive && !p.depositPrice);
    const added = await gql('mutation($i: AddToBasketInput!) { addToBasket(input: $i) { __typename } }', { i: { dealId: deal.dealId, productId: product.productId, quantity: 1 } });
    expect(added.body.data.addToBasket.__typename).toBe('BasketUpdated');
    const cookie = added.cookies.join('; ');
    const view = await gql('{ checkout { ... on Checkout { orderSummary { cashAmount { amount } } } } }', {}, cookie);
    const cash = view.body.data.checkout.orderSummary.cashAmount.amount;
    const placed = await gql(
      'mutation($i: PlaceOrderInput!) { placeOrder(input: $i) { __typename ... on OrderPlaced { message order { status vouchers { status } } } ... on UserError { code message field } } }',
      { i: { idempotencyKey: `shop-${Date.now()}`, method: 'CREDIT_CARD', paymentToken: 'fake-valid-nonce', email: 'guest@example.com', expectedCashAmount: cash } },
      cookie,
    );
    expect(placed.body.data.placeOrder).toEqual({ __typename: 'OrderPlaced', message: BUYING_MESSAGES.purchaseSuccessful, order: { status: 'PAID', vouchers: [{ status: 'Ready to Redeem' }] } });
  });

  it('runs the background jobs without failing', async () => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(logger.lines.filter((l) => l.message.startsWith('Background job failed'))).toEqual([]);
  });

  it('selfOrigin: the loopback origin for the bound address', () => {
    expect(selfOrigin('127.0.0.1', 4000)).toBe('http://127.0.0.1:4000');
    expect(selfOrigin('0.0.0.0', 4000)).toBe('http://127.0.0.1:4000');
    expect(selfOrigin('::', 4000)).toBe('http://[::1]:4000');
    expect(selfOrigin('::1', 4000)).toBe('http://[::1]:4000');
  });
});
