/**
 * Reliability M1, the last-unit race, through the gateway on PostgreSQL: 20 rounds, each a fresh
 * option with 10 units left and 64 guests (each their own browser, address and email) who put it in
 * their basket and then all place their order at once by card (the Braintree sandbox approves every
 * card). After every round: exactly 10 orders paid, 54 answered with a clear StockError (never a
 * payment taken, never a 500), the units sold and none held, one capture per paid order and nothing
 * else at the provider, and the orders' and stock's Part D invariants. Labelled evidence only on
 * PostgreSQL (PGlite serialises every transaction, so it cannot race).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invariantViolations } from '@shop/checkout/test/fixture';
import { stockInvariantViolations, stockSnapshot } from '@shop/deals/stock/index';
import { testDatabases } from '@shop/platform/test-databases';
import { Browser, testClientAddress } from '../../test/accounts-services.ts';
import { openBuyingServices, type BuyingServices } from '../../../test/buying-services.ts';
import { TEST_TOKEN } from '../../test/helpers.ts';
import { createGateway, type Gateway } from '../../yoga.ts';

const ROUNDS = 20;
const BUYERS = 64;
const UNITS = 10;

const ADD = `mutation($i: AddToBasketInput!) { addToBasket(input: $i) { __typename } }`;
const PLACE = `mutation($i: PlaceOrderInput!) { placeOrder(input: $i) { __typename
  ... on OrderPlaced { order { orderNumber status } }
  ... on OrderPending { order { orderNumber } }
  ... on PaymentError { code message }
  ... on StockError { code message productId available }
  ... on UserError { code message field } } }`;

const postgres = testDatabases().filter(([name]) => name === 'postgres');

describe.skipIf(postgres.length === 0)('M1: the last-unit race through the gateway (PostgreSQL)', () => {
  let services: BuyingServices;
  let yoga: Gateway;
  let options: { dealId: number; productId: number; pricePence: number }[] = [];

  beforeAll(async () => {
    services = await openBuyingServices(postgres[0]![1]);
    yoga = createGateway({ services: services.targets, serviceToken: TEST_TOKEN, logger: { info() {}, warn() {}, error() {} } as never, clientAddress: testClientAddress });
    options = await services.buyable(ROUNDS);
    expect(options).toHaveLength(ROUNDS);
  }, 60_000);
  afterAll(() => services?.close());

  it(`${ROUNDS} rounds of ${BUYERS} guests for ${UNITS} units: exactly ${UNITS} paid, the rest a clear sold-out answer, nothing charged for them, invariants after each`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const option = options[round]!;
      await services.db.updateTable('deals.product').set({ remaining: UNITS, purchase_cap: null }).where('id', '=', option.productId).execute();
      const before = await stockSnapshot(services.db, [option.productId]);
      const sandboxBefore = services.braintree.transactions().length;
      const buyers = Array.from({ length: BUYERS }, (_, i) => new Browser(yoga, 'http://shop.test', `203.0.113.${(round * BUYERS + i) % 250}`));
      const added = await Promise.all(buyers.map((b) => b.gql(ADD, { i: { dealId: option.dealId, productId: option.productId, quantity: 1 } })));
      expect(added.map((r) => r.body.data?.addToBasket.__typename)).toEqual(Array(BUYERS).fill('BasketUpdated'));

      const answers = await Promise.all(
        buyers.map((b, i) =>
          b.gql(PLACE, {
            i: { idempotencyKey: `m1-${round}-${i}-${Date.now()}`, method: 'CREDIT_CARD', paymentToken: 'fake-valid-nonce', email: `m1.${round}.${i}@example.com`, expectedCashAmount: option.pricePence },
          }),
        ),
      );
      expect(answers.every((r) => r.status === 200 && !r.body.errors), JSON.stringify(answers.find((r) => r.body.errors)?.body)).toBe(true);
      const results = answers.map((r) => r.body.data.placeOrder);
      const paid = results.filter((p) => p.__typename === 'OrderPlaced');
      const refused = results.filter((p) => p.__typename === 'StockError');
      expect(paid.map((p) => p.order.status)).toEqual(Array(UNITS).fill('PAID'));
      expect(refused).toHaveLength(BUYERS - UNITS);
      for (const r of refused) {
        expect(['DEAL_SOLD_OUT', 'INSUFFICIENT_STOCK']).toContain(r.code);
        expect(r.message).toMatch(/sold out|not enough left/);
      }

      // The database: sold 10, none held, none left; one capture per paid order and no other charge.
      const product = await services.db.selectFrom('deals.product').select(['remaining']).where('id', '=', option.productId).executeTakeFirstOrThrow();
      expect(product.remaining).toBe(0);
      const held = await services.db.selectFrom('deals.stock_hold').select((eb) => eb.fn.countAll<number>().as('n')).where('product_id', '=', option.productId).where('order_id', 'is', null).executeTakeFirstOrThrow();
      expect(Number(held.n)).toBe(0);
      const orderIds = (await services.db.selectFrom('orders.orders').select(['id', 'status']).where('order_number', 'in', paid.map((p) => p.order.orderNumber)).execute()).map((o) => o.id as string);
      expect(orderIds).toHaveLength(UNITS);
      const charged = services.braintree.transactions().slice(sandboxBefore);
      expect(charged.map((t) => t.orderId).sort()).toEqual([...orderIds].sort());
      expect(await invariantViolations(services.db)).toEqual({});
      expect(await stockInvariantViolations(services.db, before)).toEqual([]);
    }
  }, 180_000);
});
