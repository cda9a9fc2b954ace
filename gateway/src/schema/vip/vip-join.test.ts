/**
 * Joining VIP from /deals/vip (issue 18 point 5) through the gateway, against the real basket,
 * checkout, payment, deals and users services (PGlite, and PostgreSQL when TEST_DATABASE_URL is set):
 * a signed-in non-member with no basket joins, the checkout holds the membership alone at £4.99
 * (capped: the checkout's price, whatever else), pays by card and is a member for a year; a member
 * cannot join again (refused, and an order with nothing else in it is refused too); a guest is
 * asked to sign in; the choice is never assumed.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- response data is asserted on, not typed */
import { ERROR_MESSAGES, VIP_PRICE_PENCE } from '@shop/domain';
import { testDatabases } from '@shop/platform/test-databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBuyingServices, PASSWORD, type BuyingServices } from '../../../test/buying-services.ts';
import { Browser, testClientAddress } from '../../test/accounts-services.ts';
import { captureLogger, TEST_TOKEN } from '../../test/helpers.ts';
import { createGateway, type Gateway } from '../../yoga.ts';

const ERR = '... on UserError { __typename code message field }';
const SUMMARY = '... on Checkout { canPay orderSummary { vip { amount } totalOrderAmount { amount } cashAmount { amount } } vipOffer { price { amount } checked } basket { lines { productId } } }';
const JOIN = `mutation($a: Boolean!) { joinVip(input: { accept: $a }) { __typename ${SUMMARY} ${ERR} } }`;
const CHECKOUT = `{ checkout { __typename ${SUMMARY} ${ERR} } }`;
const PLACE = `mutation($i: PlaceOrderInput!) { placeOrder(input: $i) { __typename ... on OrderPlaced { order { orderNumber } } ${ERR} } }`;
const VIEWER = `{ viewer { vipUser vipStatus vipValidUntil } }`;

let sequence = 0;
const uniqueEmail = (label: string) => `${label}.${Date.now().toString(36)}.${(sequence += 1)}@example.com`;
let ipCounter = 120;
const nextIp = () => `198.51.100.${(ipCounter += 1) % 250}`;
const key = () => `key-${Date.now().toString(36)}-${(sequence += 1)}-${Math.random().toString(36).slice(2)}`;

describe.each(testDatabases())('joining VIP from /deals/vip through the gateway on %s', (_name, open) => {
  let services: BuyingServices;
  let yoga: Gateway;
  const logger = captureLogger();

  const browser = () => new Browser(yoga, 'http://shop.test', nextIp());
  async function signedUp(): Promise<Browser> {
    const email = uniqueEmail('vipjoin');
    const b = browser();
    const registered = await b.gql(`mutation($input: RegisterInput!) { register(input: $input) { __typename } }`, { input: { email, password: PASSWORD, firstName: 'Iona', lastName: 'Join' } });
    expect(registered.body.data.register.__typename).toBe('RegisterAccepted');
    const confirmed = await b.gql(`mutation($t: String!) { confirmEmail(input: { token: $t }) { __typename } }`, { t: await services.linkToken(email, 'confirmEmail') });
    expect(confirmed.body.data.confirmEmail.__typename).toBe('LoginSuccess');
    return b;
  }
  const place = (b: Browser, cash: number) => b.gql(PLACE, { i: { idempotencyKey: key(), method: 'CREDIT_CARD', paymentToken: 'fake-valid-nonce', expectedCashAmount: cash } });

  beforeAll(async () => {
    services = await openBuyingServices(open);
    yoga = createGateway({ services: services.targets, serviceToken: TEST_TOKEN, logger, exposeRestCalls: true, clientAddress: testClientAddress });
  });
  afterAll(() => services?.close());

  it('a non-member with no basket joins: the membership alone at £4.99, paid by card, a member for a year; then never sold again', async () => {
    const b = await signedUp();
    expect((await b.gql(CHECKOUT)).body.data.checkout.__typename).toBe('NotFoundError');
    // Never assumed: accept false changes nothing.
    expect((await b.gql(JOIN, { a: false })).body.data.joinVip).toMatchObject({ __typename: 'ValidationError', field: 'accept' });
    const joined = (await b.gql(JOIN, { a: true })).body.data.joinVip;
    expect(joined, JSON.stringify(joined)).toMatchObject({
      __typename: 'Checkout',
      canPay: true,
      basket: { lines: [] },
      vipOffer: { price: { amount: VIP_PRICE_PENCE }, checked: true },
      orderSummary: { vip: { amount: 499 }, totalOrderAmount: { amount: 499 }, cashAmount: { amount: 499 } },
    });
    // Asking for more than the checkout charges is refused (the cost is the checkout's, capped at 4.99).
    expect((await place(b, 999)).body.data.placeOrder).toMatchObject({ code: 'PRICE_CHANGED' });
    const before = Date.now();
    const placedRes = await place(b, 499);
    const placed = placedRes.body.data?.placeOrder;
    expect(placedRes.body.errors, JSON.stringify(logger.lines.filter((l) => l.level === 'error'))).toBeUndefined();
    expect(placed.__typename, JSON.stringify(placed)).toBe('OrderPlaced');
    const viewer = (await b.gql(VIEWER)).body.data.viewer;
    expect(viewer).toMatchObject({ vipUser: true, vipStatus: 'ACTIVE' });
    const yearOn = new Date(before);
    yearOn.setUTCMonth(yearOn.getUTCMonth() + 12);
    expect(Math.abs(new Date(viewer.vipValidUntil).getTime() - yearOn.getTime())).toBeLessThan(60_000);
    const paid = await services.db.selectFrom('orders.orders' as any).select(['vip', 'cash_amount', 'status'] as any).where('customer_token' as any, 'is not', null).where('vip' as any, '>', 0).execute();
    expect(paid.some((o: any) => Number(o.vip) === 499 && Number(o.cash_amount) === 499 && o.status === 'PAID')).toBe(true);

    // A member cannot buy it twice: joining is refused, and the membership alone is not offered, charged or placeable.
    expect((await b.gql(JOIN, { a: true })).body.data.joinVip).toEqual({ __typename: 'ValidationError', code: 'VIP_ALREADY_MEMBER', message: ERROR_MESSAGES.VIP_ALREADY_MEMBER, field: 'accept' });
    const after = (await b.gql(CHECKOUT)).body.data.checkout;
    expect(after).toMatchObject({ __typename: 'Checkout', canPay: false, vipOffer: null, orderSummary: { vip: { amount: 0 }, cashAmount: { amount: 0 } } });
    expect((await place(b, 0)).body.data.placeOrder).toMatchObject({ code: 'BASKET_EMPTY' });
    expect((await place(b, 499)).body.data.placeOrder.__typename).not.toBe('OrderPlaced');
  });

  it('a guest is asked to sign in: nothing is made or ticked', async () => {
    const guest = browser();
    expect((await guest.gql(JOIN, { a: true })).body.data.joinVip).toEqual({ __typename: 'ValidationError', code: 'VIP_NEEDS_ACCOUNT', message: ERROR_MESSAGES.VIP_NEEDS_ACCOUNT, field: 'accept' });
    expect((await guest.gql(CHECKOUT)).body.data.checkout.__typename).toBe('NotFoundError');
  });

  it('a basket with nothing in it and VIP not ticked still cannot be paid', async () => {
    const b = await signedUp();
    const joined = (await b.gql(JOIN, { a: true })).body.data.joinVip;
    expect(joined.__typename).toBe('Checkout');
    const unticked = (await b.gql(`mutation { setVipOption(input: { checked: false }) { __typename ... on Checkout { canPay orderSummary { cashAmount { amount } } } } }`)).body.data.setVipOption;
    expect(unticked).toEqual({ __typename: 'Checkout', canPay: false, orderSummary: { cashAmount: { amount: 0 } } });
    expect((await place(b, 0)).body.data.placeOrder).toMatchObject({ code: 'BASKET_EMPTY' });
  });
});
