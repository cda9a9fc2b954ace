/**
 * My Vouchers through the gateway against the real services (vouchers, checkout, payment, basket,
 * deals, users, wallet) on one fresh database (PGlite, and PostgreSQL when TEST_DATABASE_URL is
 * set), buying with the Braintree sandbox (gateway/test/buying-services.ts):
 *
 * - a signed-in shopper's viewer.vouchers pages newest first with cursors and totalCount, filters
 *   by status, and shows each voucher's fields (status words and description, price, deal,
 *   refund window, redeem illustration); its REST calls do not grow with the page (B3);
 * - node(id) of a voucher, with its history for the holder; the holder of a claimed gift reads it
 *   through the vouchers service, the buyer still through the order;
 * - Z1: another shopper's list is empty and their node(id) of it is null, as for a random id; a
 *   guest has no viewer and gets null too;
 * - V: forged cursors and sizes are BAD_USER_INPUT naming the argument.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- response data is asserted on, not typed */
import { refundableUntil, VOUCHER_STATUS_DESCRIPTIONS } from '@shop/domain/voucher-status';
import { testDatabases } from '@shop/platform/test-databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBuyingServices, PASSWORD, type BuyingServices } from '../../../test/buying-services.ts';
import { encodeCursor } from '../../relay/connection.ts';
import { toGlobalId } from '../../relay/global-id.ts';
import { Browser, testClientAddress } from '../../test/accounts-services.ts';
import { captureLogger, TEST_TOKEN } from '../../test/helpers.ts';
import { createGateway, type Gateway } from '../../yoga.ts';
import { REDEEM_ILLUSTRATION_ENUM, redeemIllustrationOf } from './redeem-illustration.ts';

const VOUCHER_FIELDS = `id code status statusCode statusDescription orderNumber title dealId dealProductId expiresAt recipientName
  price { amount currency formatted } paidAt refundableUntil extendedMonths redeemIllustration deal { dealId title url }`;
const VOUCHERS = `query($first: Int, $after: String, $status: VoucherStatus) { viewer { vouchers(first: $first, after: $after, status: $status) {
  totalCount edges { cursor node { ${VOUCHER_FIELDS} } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } } }`;
const NODE = `query($id: ID!) { node(id: $id) { __typename id ... on Voucher { code status orderNumber history { event fromStatus toStatus actor reason at } } } }`;
const ADD = `mutation($i: AddToBasketInput!) { addToBasket(input: $i) { __typename } }`;
const CHECKOUT = `{ checkout { __typename ... on Checkout { orderSummary { cashAmount { amount } } } } }`;
const PLACE = `mutation($i: PlaceOrderInput!) { placeOrder(input: $i) { __typename ... on OrderPlaced { order { orderNumber vouchers { id code } } } } }`;

let sequence = 0;
const uniqueEmail = (label: string) => `${label}.${Date.now().toString(36)}.${(sequence += 1)}@example.com`;
let ipCounter = 60;
const nextIp = () => `198.51.100.${(ipCounter += 1) % 250}`;
const key = () => `key-${Date.now().toString(36)}-${(sequence += 1)}-${Math.random().toString(36).slice(2)}`;
const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** The voucher's own id (the service's UUID) from its global id Voucher:{orderNumber}:{voucherId}. */
const uuidOf = (globalId: string) => Buffer.from(globalId, 'base64').toString().split(':')[2]!;

describe.each(testDatabases())('My Vouchers through the gateway on %s', (_name, open) => {
  let services: BuyingServices;
  let yoga: Gateway;
  const logger = captureLogger();
  let options: { dealId: number; productId: number; pricePence: number }[] = [];
  let shopper: Browser;
  /** The shopper's two orders: 2 units of options[0], then 1 unit of options[1]. */
  const bought: { orderNumber: string; vouchers: { id: string; code: string }[] }[] = [];

  const browser = () => new Browser(yoga, 'http://shop.test', nextIp());

  async function signedUp(): Promise<Browser> {
    const email = uniqueEmail('holder');
    const b = browser();
    const registered = await b.gql(`mutation($input: RegisterInput!) { register(input: $input) { __typename } }`, {
      input: { email, password: PASSWORD, firstName: 'Kirsty', lastName: 'Holder' },
    });
    expect(registered.body.data.register.__typename).toBe('RegisterAccepted');
    const confirmed = await b.gql(`mutation($t: String!) { confirmEmail(input: { token: $t }) { __typename } }`, { t: await services.linkToken(email, 'confirmEmail') });
    expect(confirmed.body.data.confirmEmail.__typename).toBe('LoginSuccess');
    return b;
  }

  async function buy(b: Browser, option: { dealId: number; productId: number }, quantity: number) {
    const added = await b.gql(ADD, { i: { dealId: option.dealId, productId: option.productId, quantity } });
    expect(added.body.data?.addToBasket.__typename, JSON.stringify(added.body)).toBe('BasketUpdated');
    const view = (await b.gql(CHECKOUT)).body.data.checkout;
    const placed = await b.gql(PLACE, { i: { idempotencyKey: key(), method: 'CREDIT_CARD', paymentToken: 'fake-valid-nonce', expectedCashAmount: view.orderSummary.cashAmount.amount } });
    expect(placed.body.data?.placeOrder.__typename, JSON.stringify(placed.body)).toBe('OrderPlaced');
    return placed.body.data.placeOrder.order as { orderNumber: string; vouchers: { id: string; code: string }[] };
  }

  const vouchersOf = async (b: Browser, variables: Record<string, unknown> = {}) => {
    const res = await b.gql(VOUCHERS, variables);
    expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
    return res.body.data.viewer.vouchers;
  };
  const nodeIdOf = async (code: string) => (await vouchersOf(shopper, { first: 20 })).edges.find((e: any) => e.node.code === code).node.id as string;

  beforeAll(async () => {
    services = await openBuyingServices(open);
    yoga = createGateway({ services: services.targets, serviceToken: TEST_TOKEN, logger, exposeRestCalls: true, clientAddress: testClientAddress });
    options = await services.buyable(3);
    shopper = await signedUp();
    bought.push(await buy(shopper, options[0]!, 2));
    // A later order: its voucher comes first (created_at is the paying transaction's time).
    await new Promise((r) => setTimeout(r, 5));
    bought.push(await buy(shopper, options[1]!, 1));
  }, 120_000);
  afterAll(() => services?.close());

  it('viewer.vouchers pages newest first, one at a time, with cursors and the total', async () => {
    const seen: string[] = [];
    let after: string | null = null;
    for (let page = 0; page < 3; page++) {
      const list: any = await vouchersOf(shopper, { first: 1, after });
      expect(list.totalCount).toBe(3);
      expect(list.edges).toHaveLength(1);
      expect(list.pageInfo).toMatchObject({ hasNextPage: page < 2, hasPreviousPage: page > 0, endCursor: list.edges[0].cursor, startCursor: list.edges[0].cursor });
      seen.push(list.edges[0].node.code);
      after = list.pageInfo.endCursor;
    }
    // The later order's voucher first, then the two of the first order; each once.
    expect(seen[0]).toBe(bought[1]!.vouchers[0]!.code);
    expect(seen.slice(1).sort()).toEqual(bought[0]!.vouchers.map((v) => v.code).sort());
    const past = await vouchersOf(shopper, { first: 1, after });
    expect(past).toMatchObject({ totalCount: 3, edges: [], pageInfo: { hasNextPage: false, hasPreviousPage: true, endCursor: null } });
    // The default page (the voucher feed's 10) holds them all, in the same order.
    const all = await vouchersOf(shopper);
    expect(all.edges.map((e: any) => e.node.code)).toEqual(seen);
    expect(all.pageInfo.hasNextPage).toBe(false);
  });

  it("each voucher's fields: status words and description, price, its deal, the refund window, how it is redeemed", async () => {
    const list = await vouchersOf(shopper, { first: 3 });
    const latest = list.edges[0].node;
    const option = options[1]!;
    const deal = await services.db.selectFrom('deals.deal').select(['title', 'delivery_type', 'booking_calendar_on_redemption']).where('id', '=', option.dealId).executeTakeFirstOrThrow();
    expect(latest).toMatchObject({
      status: 'Ready to Redeem',
      statusCode: 'READY_TO_REDEEM',
      statusDescription: VOUCHER_STATUS_DESCRIPTIONS['Ready to Redeem'],
      orderNumber: bought[1]!.orderNumber,
      dealId: option.dealId,
      dealProductId: option.productId,
      recipientName: null,
      extendedMonths: 0,
      price: { amount: option.pricePence, currency: 'GBP', formatted: expect.stringMatching(/^£\d/) },
      deal: { dealId: option.dealId, title: deal.title, url: expect.stringMatching(/\.html$/) },
      redeemIllustration: REDEEM_ILLUSTRATION_ENUM[redeemIllustrationOf({ deliveryType: deal.delivery_type, bookingCalendarOnRedemption: deal.booking_calendar_on_redemption })],
    });
    expect(latest.code).toMatch(/^[A-Z0-9]{6}-[A-Z0-9]{6}-[A-Z0-9]{6}$/);
    expect(latest.refundableUntil).toBe(refundableUntil(new Date(latest.paidAt)).toISOString());
    expect(new Date(latest.expiresAt).getTime()).toBeGreaterThan(Date.now());
    // The same id as through its order: Voucher:{orderNumber}:{voucherId}.
    expect(Buffer.from(latest.id, 'base64').toString()).toMatch(new RegExp(`^Voucher:${bought[1]!.orderNumber}:[0-9a-f-]{36}$`));
    expect(latest.id).toBe(bought[1]!.vouchers[0]!.id);
  });

  it('B3: the list costs the same REST calls for 1 voucher as for 3 (the deals in one batch; history is read on demand)', async () => {
    const one = await shopper.gql(VOUCHERS, { first: 1 });
    const three = await shopper.gql(VOUCHERS, { first: 3 });
    expect(three.body.data.viewer.vouchers.edges).toHaveLength(3);
    expect(Number(three.headers.get('x-rest-calls'))).toBe(Number(one.headers.get('x-rest-calls')));
  });

  it('status filters the list, and its total', async () => {
    const ready = await vouchersOf(shopper, { status: 'READY_TO_REDEEM' });
    expect(ready.totalCount).toBe(3);
    const none = await vouchersOf(shopper, { status: 'REDEEMED' });
    expect(none).toMatchObject({ totalCount: 0, edges: [], pageInfo: { hasNextPage: false, endCursor: null } });
    // A merchant redeems one (the service's own route); the filters follow.
    const code = bought[0]!.vouchers[0]!.code;
    const dealId = options[0]!.dealId;
    const redeemed = await services.vouchersApp.fetch(
      new Request('http://vouchers.internal/redemptions', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-service-token': TEST_TOKEN },
        body: JSON.stringify({ code, dealIds: [dealId], merchantRef: 'merchant:test' }),
      }),
    );
    expect(redeemed.status).toBe(200);
    const after = await vouchersOf(shopper, { status: 'REDEEMED' });
    expect(after.totalCount).toBe(1);
    expect(after.edges[0].node).toMatchObject({ code, status: 'Redeemed', statusCode: 'REDEEMED', statusDescription: null });
    expect((await vouchersOf(shopper, { status: 'READY_TO_REDEEM' })).totalCount).toBe(2);
    expect((await vouchersOf(shopper)).totalCount).toBe(3);
  });

  it("node(id) answers the holder with the voucher's history, oldest first", async () => {
    const code = bought[1]!.vouchers[0]!.code;
    const res = await shopper.gql(NODE, { id: await nodeIdOf(code) });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.node).toMatchObject({ __typename: 'Voucher', code, status: 'Ready to Redeem', orderNumber: bought[1]!.orderNumber });
    expect(res.body.data.node.history).toEqual([
      { event: 'issue', fromStatus: null, toStatus: 'Ready to Redeem', actor: 'system', reason: `Issued with order ${bought[1]!.orderNumber}`, at: expect.any(String) },
    ]);
    // The same history on the list, when asked for.
    const withHistory = await shopper.gql(`{ viewer { vouchers(first: 3) { edges { node { code history { event toStatus } } } } } }`);
    const redeemed = withHistory.body.data.viewer.vouchers.edges.find((e: any) => e.node.code === bought[0]!.vouchers[0]!.code).node;
    expect(redeemed.history).toEqual([
      { event: 'issue', toStatus: 'Ready to Redeem' },
      { event: 'redeem', toStatus: 'Redeemed' },
    ]);
  });

  it('Z1: another shopper sees none of them, and node(id) of one is null like a random id; a guest has no viewer', async () => {
    const other = await signedUp();
    expect(await vouchersOf(other)).toMatchObject({ totalCount: 0, edges: [], pageInfo: { hasNextPage: false } });
    expect(await vouchersOf(other, { status: 'READY_TO_REDEEM' })).toMatchObject({ totalCount: 0, edges: [] });
    const id = await nodeIdOf(bought[1]!.vouchers[0]!.code);
    const orderNumber = bought[1]!.orderNumber;
    const voucherId = uuidOf(id);
    const random = toGlobalId('Voucher', `${orderNumber}:00000000-0000-4000-8000-000000000000`);
    // Its own id, a random one, a malformed one, and its voucher under another order (retyped).
    const retyped = toGlobalId('Voucher', `${bought[0]!.orderNumber}:${voucherId}`);
    for (const nodeId of [id, random, retyped, toGlobalId('Voucher', 'not-a-voucher'), toGlobalId('Voucher', orderNumber)]) {
      expect((await other.gql(NODE, { id: nodeId })).body).toEqual({ data: { node: null } });
    }
    // The list itself on another customer's Customer node is never reached: node(Customer) is the viewer only.
    const guest = browser();
    expect((await guest.gql(`{ viewer { id vouchers { totalCount } } }`)).body).toEqual({ data: { viewer: null } });
    expect((await guest.gql(NODE, { id })).body).toEqual({ data: { node: null } });
  });

  it('a claimed gift: its new holder reads it (list and node) through the vouchers service; the buyer still through the order', async () => {
    const recipient = await signedUp();
    const recipientToken = await services.customerTokenOf(recipient);
    const gift = bought[0]!.vouchers[1]!;
    const id = await nodeIdOf(gift.code);
    expect(id).toBe(gift.id);
    // What claiming a gift does to the voucher (the claim itself is not built yet): its holder changes.
    await services.db.updateTable('vouchers.voucher').set({ customer_token: recipientToken }).where('id', '=', uuidOf(id)).execute();
    const theirs = await vouchersOf(recipient);
    expect(theirs.totalCount).toBe(1);
    expect(theirs.edges[0].node).toMatchObject({ id, code: gift.code });
    const node = (await recipient.gql(NODE, { id })).body.data.node;
    expect(node).toMatchObject({ __typename: 'Voucher', id, code: gift.code });
    expect(node.history.map((h: any) => h.event)).toEqual(['issue']);
    // The buyer's list no longer has it; its order still does (node by the order path), without the holder's history.
    expect((await vouchersOf(shopper)).totalCount).toBe(2);
    const buyers = (await shopper.gql(NODE, { id })).body.data.node;
    expect(buyers).toMatchObject({ __typename: 'Voucher', id, code: gift.code, history: [] });
  });

  it('V: forged cursors and sizes are BAD_USER_INPUT naming the argument; a position-only cursor reads from the start', async () => {
    const refused = async (variables: Record<string, unknown>, field: string) => {
      const res = await shopper.gql(VOUCHERS, variables);
      expect(res.status).toBe(200);
      expect(res.body.errors, JSON.stringify(variables)).toEqual([expect.objectContaining({ extensions: expect.objectContaining({ code: 'BAD_USER_INPUT', field }) })]);
    };
    await refused({ after: 'not a cursor' }, 'after');
    await refused({ after: b64url({ o: 0, k: 'forged-keyset' }) }, 'after');
    await refused({ after: encodeCursor({ o: 0, k: b64url(['2026-01-01T00:00:00.000Z', 'not-a-uuid']) }) }, 'after');
    await refused({ after: b64url({ o: 500 }) }, 'after');
    await refused({ first: 0 }, 'first');
    await refused({ first: -3 }, 'first');
    const all = await vouchersOf(shopper, { first: 20 });
    const second = await vouchersOf(shopper, { first: 1, after: b64url({ o: 0 }) });
    expect(second.edges.map((e: any) => e.node.code)).toEqual([all.edges[1].node.code]);
    expect(second.pageInfo).toMatchObject({ hasNextPage: all.edges.length > 2, hasPreviousPage: true });
    // A page larger than the find feed's 20 is cut to 20 (and first: 1000 is no error).
    expect((await vouchersOf(shopper, { first: 1000 })).edges).toHaveLength(all.edges.length);
    expect(logger.lines.filter((l) => l.level === 'error')).toEqual([]);
  });
});
