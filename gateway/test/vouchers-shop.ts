/**
 * The shop (createShopApp: /graphql and its routes) over the in-process buying services, as the
 * vouchers tests drive it (refunds, returns, gifts, extension), with a throwaway client dist; a
 * shopper who registers and confirms their email (signed in); and their vouchers bought.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import type { ServiceTarget } from '../src/clients/rest-client.ts';
import type { Logger } from '../src/logger.ts';
import { createShopApp } from '../src/server.ts';
import { Browser, testClientAddress } from '../src/test/accounts-services.ts';
import { captureLogger, TEST_TOKEN } from '../src/test/helpers.ts';
import { openBuyingServices, PASSWORD, type BuyingServices } from './buying-services.ts';

export type ShopApp = ReturnType<typeof createShopApp>['app'];

const appOf = (target: ServiceTarget | undefined) => {
  if (!target || !('app' in target)) throw new Error('an in-process service');
  return target.app;
};

let ipCounter = 0;
let sequence = 0;

/** The shop over `services` (x-rest-calls exposed); `close()` removes its client dist. */
export function shopOver(
  services: BuyingServices,
  logger: Logger = captureLogger(),
  extra: Pick<Parameters<typeof createShopApp>[0], 'merchantsApp' | 'rewardsApp'> = {},
): { app: ShopApp; browser(): Browser; close(): void } {
  const dist = mkdtempSync(join(tmpdir(), 'shop-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Shop</title><div id="root"></div>');
  const { targets } = services;
  const app = createShopApp({
    dealsApp: appOf(targets.deals),
    usersApp: appOf(targets.users),
    buying: {
      basket: { app: appOf(targets.basket) },
      checkout: { app: appOf(targets.checkout) },
      payment: { app: appOf(targets.payment) },
      wallet: { app: appOf(targets.wallet) },
      vouchers: { app: appOf(targets.vouchers) },
      address: { app: appOf(targets.address) },
    },
    serviceToken: TEST_TOKEN,
    clientDist: dist,
    logger,
    gateway: { exposeRestCalls: true, clientAddress: testClientAddress },
    ...extra,
  }).app;
  return {
    app,
    // Each browser its own address: the sign-up and sign-in limits are per address.
    browser: () => new Browser(app, 'http://shop.test', `198.51.100.${(ipCounter += 1) % 250}`),
    close: () => rmSync(dist, { recursive: true, force: true }),
  };
}

/** A new shopper on `b`: registered, their email confirmed (which signs them in). */
export async function signUpOn(services: BuyingServices, b: Browser, who: { firstName: string; lastName?: string; email?: string }): Promise<Browser> {
  const email = who.email ?? `${who.firstName.toLowerCase()}.${Date.now().toString(36)}.${(sequence += 1)}@example.com`;
  const registered = await b.gql(`mutation($input: RegisterInput!) { register(input: $input) { __typename } }`, {
    input: { email, password: PASSWORD, firstName: who.firstName, lastName: who.lastName ?? 'Shopper' },
  });
  expect(registered.body.data.register.__typename).toBe('RegisterAccepted');
  const confirmed = await b.gql(`mutation($t: String!) { confirmEmail(input: { token: $t }) { __typename } }`, { t: await services.linkToken(email, 'confirmEmail') });
  expect(confirmed.body.data.confirmEmail.__typename).toBe('LoginSuccess');
  return b;
}

const ADD = `mutation($i: AddToBasketInput!) { addToBasket(input: $i) { __typename } }`;
const CHECKOUT = `{ checkout { __typename ... on Checkout { orderSummary { cashAmount { amount } } } } }`;

/**
 * `quantity` vouchers of `option` bought by the shopper on `b` with the Braintree sandbox card
 * (`input`: more of PlaceOrderInput, a delivery address for goods): placeOrder's order, with the
 * fields `order` selects (`{ orderNumber vouchers { id } }`), one voucher a unit.
 */
export async function buyVouchers(b: Browser, option: { dealId: number; productId: number }, quantity: number, order: string, input: Record<string, unknown> = {}) {
  const added = await b.gql(ADD, { i: { dealId: option.dealId, productId: option.productId, quantity } });
  expect(added.body.data?.addToBasket.__typename, JSON.stringify(added.body)).toBe('BasketUpdated');
  const view = (await b.gql(CHECKOUT)).body.data.checkout;
  const placed = await b.gql(`mutation($i: PlaceOrderInput!) { placeOrder(input: $i) { __typename ... on OrderPlaced { order ${order} } ... on UserError { code message field } } }`, {
    i: { idempotencyKey: `vouchers-${randomUUID()}`, method: 'CREDIT_CARD', paymentToken: 'fake-valid-nonce', expectedCashAmount: view.orderSummary.cashAmount.amount, ...input },
  });
  expect(placed.body.data?.placeOrder.__typename, JSON.stringify(placed.body)).toBe('OrderPlaced');
  expect(placed.body.data.placeOrder.order.vouchers).toHaveLength(quantity);
  return placed.body.data.placeOrder.order;
}

/** What a describe block's tests share: the services, the shop over them, and an option anyone can buy. */
export interface VouchersShop {
  services: BuyingServices;
  made: ReturnType<typeof shopOver>;
  option: { dealId: number; productId: number; pricePence: number };
}

/**
 * The shop over fresh buying services on `open`'s database for a describe block: filled before
 * its tests, then `ready` (its shoppers and their vouchers); both closed after the tests.
 */
export function openVouchersShop(open: Parameters<typeof openBuyingServices>[0], ready: () => Promise<void>, logger: Logger = captureLogger()): VouchersShop {
  const shop = {} as VouchersShop;
  beforeAll(async () => {
    const services = await openBuyingServices(open);
    Object.assign(shop, { services, made: shopOver(services, logger) });
    shop.option = (await services.buyable(1))[0]!;
    await ready();
  }, 120_000);
  afterAll(async () => {
    shop.made?.close();
    await shop.services?.close();
  });
  return shop;
}
