/**
 * Issue 18 point 5 through the gateway, against the real basket, checkout, payment, deals and
 * users services on one database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set): a member
 * who joined at checkout sees what cancelling does (refundable, until when) and cancels in one
 * step: the membership ends at once and the £4.99 goes back to the card. Z: another shopper sees
 * nothing of it and cannot cancel it; a guest is refused; a stale order number is refused.
 */
import { testDatabases } from '@shop/platform/test-databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBuyingServices, PASSWORD, type BuyingServices } from '../../../test/buying-services.ts';
import { Browser, testClientAddress } from '../../test/accounts-services.ts';
import { captureLogger, TEST_TOKEN } from '../../test/helpers.ts';
import { createGateway, type Gateway } from '../../yoga.ts';

const ERR = '... on UserError { __typename code message field }';
const ADD = `mutation($i: AddToBasketInput!) { addToBasket(input: $i) { __typename ${ERR} } }`;
const SET_VIP = `mutation { setVipOption(input: { checked: true }) { __typename ... on Checkout { orderSummary { cashAmount { amount } } } ${ERR} } }`;
const PLACE = `mutation($i: PlaceOrderInput!) { placeOrder(input: $i) { __typename ... on OrderPlaced { order { orderNumber } } ${ERR} } }`;
const VIEWER = `{ viewer { vipUser vipStatus vipCancellation { orderNumber paidAt refundableUntil refundable amount { amount } } } }`;
const CANCEL = `mutation($i: CancelVipMembershipInput!) { cancelVipMembership(input: $i) { __typename ... on VipMembershipCancelled { refundState cardAmount { amount } walletAmount { amount } viewer { vipUser vipStatus vipCancellation { orderNumber } } } ${ERR} } }`;

let sequence = 0;
const uniqueEmail = (label: string) => `${label}.${Date.now().toString(36)}.${(sequence += 1)}@example.com`;
let ipCounter = 120;
const nextIp = () => `198.51.100.${(ipCounter += 1) % 250}`;
const key = () => `key-${Date.now().toString(36)}-${(sequence += 1)}-${Math.random().toString(36).slice(2)}`;

describe.each(testDatabases())('cancelling VIP membership through the gateway on %s', (_name, open) => {
  let services: BuyingServices;
  let yoga: Gateway;
  const logger = captureLogger();
  let options: { dealId: number; productId: number; pricePence: number }[] = [];

  const browser = () => new Browser(yoga, 'http://shop.test', nextIp());

  async function signedUp(): Promise<Browser> {
    const email = uniqueEmail('vipc');
    const b = browser();
    const registered = await b.gql(`mutation($input: RegisterInput!) { register(input: $input) { __typename } }`, { input: { email, password: PASSWORD, firstName: 'Morag', lastName: 'Vip' } });
    expect(registered.body.data.register.__typename).toBe('RegisterAccepted');
    const confirmed = await b.gql(`mutation($t: String!) { confirmEmail(input: { token: $t }) { __typename } }`, { t: await services.linkToken(email, 'confirmEmail') });
    expect(confirmed.body.data.confirmEmail.__typename).toBe('LoginSuccess');
    return b;
  }

  /** Signs up, buys an option with VIP ticked, pays by card: the order number. */
  async function member(): Promise<{ b: Browser; orderNumber: string }> {
    const b = await signedUp();
    const o = options[0]!;
    expect((await b.gql(ADD, { i: { dealId: o.dealId, productId: o.productId, quantity: 1 } })).body.data.addToBasket.__typename).toBe('BasketUpdated');
    const cash = (await b.gql(SET_VIP)).body.data.setVipOption.orderSummary.cashAmount.amount;
    const placed = (await b.gql(PLACE, { i: { idempotencyKey: key(), method: 'CREDIT_CARD', paymentToken: 'fake-valid-nonce', expectedCashAmount: cash } })).body.data.placeOrder;
    expect(placed.__typename, JSON.stringify(placed)).toBe('OrderPlaced');
    return { b, orderNumber: placed.order.orderNumber };
  }

  beforeAll(async () => {
    services = await openBuyingServices(open);
    yoga = createGateway({ services: services.targets, serviceToken: TEST_TOKEN, logger, exposeRestCalls: true, clientAddress: testClientAddress });
    options = await services.buyable(2);
  });
  afterAll(() => services?.close());

  it('a member cancels within 14 days in one step: ended at once, £4.99 back to the card; a second cancel finds nothing', async () => {
    const { b, orderNumber } = await member();
    const viewer = (await b.gql(VIEWER)).body.data.viewer;
    expect(viewer).toMatchObject({ vipUser: true, vipStatus: 'ACTIVE', vipCancellation: { orderNumber, refundable: true, amount: { amount: 499 } } });
    expect(new Date(viewer.vipCancellation.refundableUntil).getTime()).toBeGreaterThan(Date.now() + 13 * 24 * 60 * 60 * 1000);

    // A stale page (another order number) is refused; nothing changes.
    expect((await b.gql(CANCEL, { i: { orderNumber: 'TD0' } })).body.data.cancelVipMembership).toMatchObject({ __typename: 'NotFoundError', code: 'VIP_NOT_A_MEMBER' });
    expect((await b.gql(VIEWER)).body.data.viewer.vipUser).toBe(true);

    const cancelled = (await b.gql(CANCEL, { i: { orderNumber } })).body.data.cancelVipMembership;
    expect(cancelled.__typename, JSON.stringify(cancelled)).toBe('VipMembershipCancelled');
    // The sale has not settled in the sandbox yet: requested, sent again by the job until it is.
    expect(cancelled).toMatchObject({ refundState: 'REQUESTED', cardAmount: { amount: 499 }, walletAmount: { amount: 0 }, viewer: { vipUser: false, vipCancellation: null } });
    expect(cancelled.viewer.vipStatus).toBe('ELIGIBLE');
    expect((await b.gql(VIEWER)).body.data.viewer).toMatchObject({ vipUser: false, vipCancellation: null });
    expect((await b.gql(CANCEL, { i: { orderNumber } })).body.data.cancelVipMembership).toMatchObject({ __typename: 'NotFoundError', code: 'VIP_NOT_A_MEMBER' });
  });

  it("Z: another shopper sees nothing of someone's membership and cannot cancel it; a guest is refused", async () => {
    const { b, orderNumber } = await member();
    const other = await signedUp();
    expect((await other.gql(VIEWER)).body.data.viewer).toMatchObject({ vipUser: false, vipCancellation: null });
    expect((await other.gql(CANCEL, { i: { orderNumber } })).body.data.cancelVipMembership).toMatchObject({ __typename: 'NotFoundError', code: 'VIP_NOT_A_MEMBER' });
    const guest = browser();
    expect((await guest.gql(CANCEL, { i: { orderNumber } })).body.data.cancelVipMembership).toMatchObject({ __typename: 'UnauthenticatedError', code: 'UNAUTHENTICATED' });
    expect((await guest.gql(CANCEL, { i: { orderNumber: '' } })).body.data.cancelVipMembership).toMatchObject({ __typename: 'ValidationError', field: 'orderNumber' });
    // The member is untouched.
    expect((await b.gql(VIEWER)).body.data.viewer).toMatchObject({ vipUser: true, vipStatus: 'ACTIVE', vipCancellation: { orderNumber, refundable: true } });
  });
});
