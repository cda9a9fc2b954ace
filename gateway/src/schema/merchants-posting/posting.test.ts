/**
 * Goods posting through the shop's /graphql (issue 17 point 5), over the real services on one fresh
 * database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set): a shopper buys goods of two
 * businesses with a delivery address (the checkout's paying transaction copies it to the vouchers
 * service), and a member of one business:
 *
 * - sees its paid orders to post with the address (MerchantBusiness.ordersToPost), never the other's;
 * - marks one sent (markVoucherSent): a bad tracking reference names the field; the shopper sees
 *   Voucher.sent; sentOrders lists it; another reference later is a PostingError;
 * - Z: another business's voucher is the same NotFoundError as a random id; naming the other
 *   business is NotFoundError on businessId; a shopper has no business; signed out, UnauthenticatedError;
 * - a return on its way (returnsOnTheirWay) is marked received (markReturnReceived) and refunded.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- response data is asserted on, not typed */
import { SERVICE_TOKEN_HEADER } from '@shop/platform';
import { testDatabases } from '@shop/platform/test-databases';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { BuyingServices } from '../../../test/buying-services.ts';
import { openMerchantShop, type MerchantShop } from '../../../test/merchant-shop.ts';
import type { Browser } from '../../test/accounts-services.ts';
import { TEST_TOKEN } from '../../test/helpers.ts';

const TO_POST = `query($b: ID!) { viewer { merchant { business(id: $b) {
  ordersToPost(first: 10) { edges { cursor node { voucherId orderNumber dealId optionTitle lineQuantity paidAt status deliverTo { name line1 line2 town county postcode } sent { carrier } } } pageInfo { hasNextPage endCursor } }
  sentOrders(first: 10) { edges { node { voucherId status sent { carrier trackingReference sentAt } } } }
  returnsOnTheirWay(first: 10) { edges { node { voucherId orderNumber optionTitle reason trackingNumber } } }
} } } }`;
const SENT = `mutation($i: MarkVoucherSentInput!) { markVoucherSent(input: $i) { __typename
  ... on VoucherMarkedSent { order { voucherId status sent { carrier trackingReference sentAt } } }
  ... on UserError { code message field } } }`;
const RECEIVED = `mutation($i: MarkReturnReceivedInput!) { markReturnReceived(input: $i) { __typename
  ... on ReturnMarkedReceived { voucherId status }
  ... on UserError { code message field } } }`;
const MY_VOUCHERS = `{ viewer { vouchers(first: 20) { edges { node { id code status sent { carrier trackingReference sentAt } } } } } }`;
const RETURN = `mutation($i: RequestVoucherReturnInput!) { requestVoucherReturn(input: $i) { __typename ... on VoucherReturnRequested { voucher { return { id } } } } }`;
const ADDRESS = { name: 'Morag Campbell', line1: '21 Byres Road', town: 'Glasgow', postcode: 'g11 5rd' };
const RANDOM_ID = '00000000-0000-4000-8000-000000000000';

const uuidOf = (globalId: string) => Buffer.from(globalId, 'base64').toString().split(':')[2]!;

describe.each(testDatabases())('goods posting through the shop on %s', (_name, open) => {
  let services: BuyingServices;
  let made: MerchantShop['made'];
  let merchant: Browser;
  let holder: Browser;
  let shopper: Browser;
  let mine: { id: number; gid: string };
  let theirs: { id: number; gid: string };
  let myUnits: { id: string; code: string }[];
  let theirUnits: { id: string; code: string }[];

  // Postal options anyone can buy now, of two different businesses.
  const where = sql`d.delivery_type = 'postal'`;
  openMerchantShop(open, { merchant: { firstName: 'Fergus', lastName: 'Post' }, holder: { firstName: 'Morag', lastName: 'Campbell' }, where, vouchers: { mine: 2, theirs: 1, input: { deliveryAddress: ADDRESS } } }, (shop) => {
    ({ services, made, merchant, holder, shopper, mine, theirs, myVouchers: myUnits, theirVouchers: theirUnits } = shop);
  });

  const gql = async (b: Browser, query: string, variables?: Record<string, unknown>) => {
    const res = await b.gql(query, variables);
    expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
    return res.body.data;
  };
  const dashboard = async (b: Browser = merchant, gid = mine.gid) => (await gql(b, TO_POST, { b: gid })).viewer?.merchant?.business ?? null;
  const markSent = async (input: Record<string, unknown>, b: Browser = merchant) => (await gql(b, SENT, { i: { businessId: mine.gid, carrier: 'ROYAL_MAIL', trackingReference: 'JD0146 0000 1234', ...input } })).markVoucherSent;

  it('ordersToPost: the business\'s paid goods with the delivery address, never another business\'s', async () => {
    const business = await dashboard();
    const nodes = business.ordersToPost.edges.map((e: any) => e.node);
    expect(nodes.map((n: any) => n.voucherId).sort()).toEqual(myUnits.map((u) => uuidOf(u.id)).sort());
    expect(nodes[0]).toMatchObject({
      lineQuantity: 2,
      status: 'Ready to Redeem',
      optionTitle: expect.any(String),
      orderNumber: expect.any(String),
      deliverTo: { name: 'Morag Campbell', line1: '21 Byres Road', line2: null, town: 'Glasgow', county: null, postcode: 'G11 5RD' },
      sent: null,
    });
    expect(business.ordersToPost.pageInfo.hasNextPage).toBe(false);
    expect(business.sentOrders.edges).toEqual([]);
  });

  it('markVoucherSent: a bad tracking reference names the field; sent, the shopper sees the tracking; another reference later is a PostingError', async () => {
    const unit = uuidOf(myUnits[0]!.id);
    expect(await markSent({ voucherId: unit, trackingReference: 'x' })).toMatchObject({ __typename: 'ValidationError', field: 'trackingReference', message: expect.stringMatching(/^Enter the tracking reference/) });
    const sent = await markSent({ voucherId: unit });
    expect(sent).toMatchObject({ __typename: 'VoucherMarkedSent', order: { voucherId: unit, status: 'Ready to Redeem', sent: { carrier: 'Royal Mail', trackingReference: 'JD0146 0000 1234' } } });
    // The same again (a second click): the same answer.
    expect(await markSent({ voucherId: unit })).toEqual(sent);
    const mineNow = (await gql(holder, MY_VOUCHERS)).viewer.vouchers.edges.map((e: any) => e.node);
    expect(mineNow.find((v: any) => v.id === myUnits[0]!.id).sent).toEqual(sent.order.sent);
    expect(mineNow.find((v: any) => v.id === myUnits[1]!.id).sent).toBeNull();
    const business = await dashboard();
    expect(business.ordersToPost.edges.map((e: any) => e.node.voucherId)).toEqual([uuidOf(myUnits[1]!.id)]);
    expect(business.sentOrders.edges.map((e: any) => e.node)).toEqual([{ voucherId: unit, status: 'Ready to Redeem', sent: sent.order.sent }]);
    expect(await markSent({ voucherId: unit, carrier: 'DPD', trackingReference: '15501234567890' })).toEqual({
      __typename: 'PostingError',
      code: 'VOUCHER_ALREADY_SENT',
      message: expect.stringMatching(/^This order was already marked sent on .+ by Royal Mail, tracking JD0146 0000 1234\.$/),
      field: 'trackingReference',
    });
  });

  it('Z: another business\'s goods are the same NotFoundError as a random id; naming that business, a shopper or signed out never reach them', async () => {
    const foreign = uuidOf(theirUnits[0]!.id);
    const viaMine = await merchant.gql(SENT, { i: { businessId: mine.gid, voucherId: foreign, carrier: 'EVRI', trackingReference: 'H00AB1234' } });
    const random = await merchant.gql(SENT, { i: { businessId: mine.gid, voucherId: RANDOM_ID, carrier: 'EVRI', trackingReference: 'H00AB1234' } });
    expect(viaMine.body).toEqual(random.body);
    expect(viaMine.body.data.markVoucherSent).toMatchObject({ __typename: 'NotFoundError', field: 'voucherId' });
    expect(await markSent({ businessId: theirs.gid, voucherId: foreign })).toMatchObject({ __typename: 'NotFoundError', field: 'businessId' });
    expect(await dashboard(merchant, theirs.gid)).toBeNull();
    expect(await dashboard(shopper)).toBeNull();
    expect(await markSent({ voucherId: uuidOf(myUnits[1]!.id) }, shopper)).toMatchObject({ __typename: 'NotFoundError', field: 'businessId' });
    expect(await markSent({ voucherId: uuidOf(myUnits[1]!.id) }, made.browser())).toMatchObject({ __typename: 'UnauthenticatedError' });
    expect((await gql(merchant, RECEIVED, { i: { businessId: mine.gid, voucherId: foreign } })).markReturnReceived).toMatchObject({ __typename: 'NotFoundError', field: 'voucherId' });
    // Nothing was sent of theirs.
    const count = (await sql<{ n: string | number }>`select count(*) as n from vouchers.dispatch where voucher_id = ${foreign}`.execute(services.db)).rows[0]!.n;
    expect(Number(count)).toBe(0);
  });

  it('markReturnReceived: a return on its way is listed, marked received and refunded; before the carrier scan it is a PostingError', async () => {
    const unit = myUnits[0]!;
    const requested = (await gql(holder, RETURN, { i: { voucherId: unit.id, reason: 'DAMAGED' } })).requestVoucherReturn;
    expect(requested.__typename).toBe('VoucherReturnRequested');
    expect((await gql(merchant, RECEIVED, { i: { businessId: mine.gid, voucherId: uuidOf(unit.id) } })).markReturnReceived).toMatchObject({
      __typename: 'PostingError',
      code: 'VOUCHER_NOT_RETURNABLE',
      message: 'This return cannot be marked received: its status is Return Requested.',
    });
    // The carrier's scan, as its system sends it.
    const returnId = Buffer.from(requested.voucher.return.id, 'base64').toString().split(':').at(-1)!;
    const scan = await services.vouchersApp.request(`/v1/returns/${returnId}/events`, {
      method: 'POST',
      headers: { [SERVICE_TOKEN_HEADER]: TEST_TOKEN, 'content-type': 'application/json' },
      body: JSON.stringify({ event: 'shipped', actorRef: 'depot:glasgow' }),
    });
    expect(scan.status).toBe(200);
    const onTheirWay = (await dashboard()).returnsOnTheirWay.edges.map((e: any) => e.node);
    expect(onTheirWay).toEqual([{ voucherId: uuidOf(unit.id), orderNumber: expect.any(String), optionTitle: expect.any(String), reason: 'Damaged or faulty', trackingNumber: expect.stringMatching(/^TDR-/) }]);
    expect((await gql(merchant, RECEIVED, { i: { businessId: mine.gid, voucherId: uuidOf(unit.id) } })).markReturnReceived).toEqual({ __typename: 'ReturnMarkedReceived', voucherId: uuidOf(unit.id), status: 'Refunded' });
    expect((await dashboard()).returnsOnTheirWay.edges).toEqual([]);
    const status = (await gql(holder, MY_VOUCHERS)).viewer.vouchers.edges.find((e: any) => e.node.id === unit.id).node.status;
    expect(status).toBe('Refunded');
  });
});
