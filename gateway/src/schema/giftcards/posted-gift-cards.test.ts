/**
 * Posted gift cards through the shop (issue 18 point 2), over the real services on one fresh
 * database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set): a gift-card line set to
 * deliveryOptionType 'posted' ends its e-gift and refuses a send date (naming recipient.sendOn),
 * adds £1.50 postage and needs a delivery address (refused naming deliveryAddress without one);
 * the paid order says where it is posted, and its voucher is on the gift-card merchant's orders
 * to post while an e-gift card of the same deal is not. An unknown delivery option names its field.
 */
import { randomUUID } from 'node:crypto';
import { ensureGiftCardDeal } from '@shop/deals';
import { GIFT_CARD_DEAL_ID, GIFT_CARD_POSTAGE_PENCE } from '@shop/domain';
import { addDaysToDate, londonDate } from '@shop/domain/london-time';
import { testDatabases } from '@shop/platform/test-databases';
import { ordersToPost } from '@shop/vouchers/posting/posting.store';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buyVouchers, openVouchersShop, signUpOn } from '../../../test/vouchers-shop.ts';
import type { Browser } from '../../test/accounts-services.ts';

const ADD = `mutation($i: AddToBasketInput!) { addToBasket(input: $i) { __typename } }`;
const LINE = `{ basket { lines { productId gifting deliveryOptionType giftRecipient { name sendOn } } } }`;
const UPDATE = `mutation($i: UpdateBasketLineInput!) { updateBasketLine(input: $i) { __typename
  ... on BasketUpdated { basket { lines { gifting deliveryOptionType giftRecipient { name } } } }
  ... on UserError { code message field } } }`;
const GIFT = `mutation($i: SetLineGiftingInput!) { setLineGifting(input: $i) { __typename ... on UserError { code message field } } }`;
const CHECKOUT = `{ checkout { __typename ... on Checkout { needsDeliveryAddress orderSummary { postage { amount } cashAmount { amount } } basket { lines { postage { amount } } } } } }`;
const PLACE = `mutation($i: PlaceOrderInput!) { placeOrder(input: $i) { __typename
  ... on OrderPlaced { order { orderNumber lines { postedTo giftSendOn } vouchers { id code } } }
  ... on UserError { code message field } } }`;
const ADDRESS = { name: 'Ann Giver', line1: '1 George Square', town: 'Glasgow', postcode: 'g1 1aa' };

describe.each(testDatabases())('posted gift cards through the shop on %s', (_name, open) => {
  let ann: Browser;
  let productId: number;
  let emailed: { orderNumber: string };
  const gql = async (b: Browser, query: string, variables: Record<string, unknown> = {}) => {
    const res = await b.gql(query, variables);
    expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
    return res.body.data;
  };

  const shop = openVouchersShop(open, async () => {
    await ensureGiftCardDeal(shop.services.db);
    ann = await signUpOn(shop.services, shop.made.browser(), { firstName: 'Ann', lastName: 'Poster' });
    productId = (await sql<{ id: number }>`select id from deals.product where deal_id = ${GIFT_CARD_DEAL_ID} and price_pence = 2500`.execute(shop.services.db)).rows[0]!.id;
    // A gift card bought as an e-gift (no delivery option): never goods to post.
    emailed = await buyVouchers(ann, { dealId: GIFT_CARD_DEAL_ID, productId }, 1, '{ orderNumber vouchers { id } }');
  });

  it('posted: the e-gift ends, no send date, £1.50 postage, an address is needed; the card is on the orders to post', async () => {
    expect((await gql(ann, ADD, { i: { dealId: GIFT_CARD_DEAL_ID, productId, quantity: 1 } })).addToBasket.__typename).toBe('BasketUpdated');
    const tomorrow = addDaysToDate(londonDate(new Date()), 1);
    expect((await gql(ann, GIFT, { i: { productId, gifting: 'E_GIFT', recipient: { name: 'Rory', email: 'rory@example.com', sendOn: tomorrow } } })).setLineGifting.__typename).toBe('BasketUpdated');

    expect((await gql(ann, UPDATE, { i: { productId, deliveryOptionType: 'drone' } })).updateBasketLine).toMatchObject({ __typename: 'ValidationError', field: 'deliveryOptionType' });
    const posted = (await gql(ann, UPDATE, { i: { productId, deliveryOptionType: 'posted' } })).updateBasketLine;
    expect(posted.basket.lines).toEqual([{ gifting: 'NONE', deliveryOptionType: 'posted', giftRecipient: null }]);
    expect((await gql(ann, GIFT, { i: { productId, gifting: 'E_GIFT', recipient: { name: 'Rory', email: 'rory@example.com', sendOn: tomorrow } } })).setLineGifting).toMatchObject({
      __typename: 'ValidationError',
      field: 'recipient.sendOn',
      message: expect.stringContaining('A posted gift card has no send date'),
    });
    expect((await gql(ann, LINE)).basket.lines).toEqual([{ productId, gifting: 'NONE', deliveryOptionType: 'posted', giftRecipient: null }]);

    const view = (await gql(ann, CHECKOUT)).checkout;
    expect(view).toMatchObject({ needsDeliveryAddress: true, orderSummary: { postage: { amount: GIFT_CARD_POSTAGE_PENCE }, cashAmount: { amount: 2500 + GIFT_CARD_POSTAGE_PENCE } }, basket: { lines: [{ postage: { amount: GIFT_CARD_POSTAGE_PENCE } }] } });

    const pay = (extra: Record<string, unknown>) => gql(ann, PLACE, { i: { idempotencyKey: `posted-${randomUUID()}`, method: 'CREDIT_CARD', paymentToken: 'fake-valid-nonce', expectedCashAmount: view.orderSummary.cashAmount.amount, ...extra } });
    expect((await pay({})).placeOrder).toMatchObject({ __typename: 'ValidationError', field: 'deliveryAddress' });
    const placed = (await pay({ deliveryAddress: ADDRESS })).placeOrder;
    expect(placed.__typename, JSON.stringify(placed)).toBe('OrderPlaced');
    expect(placed.order.lines).toEqual([{ postedTo: 'Ann Giver, 1 George Square, Glasgow, G1 1AA', giftSendOn: null }]);
    const [card] = placed.order.vouchers as [{ code: string }];
    expect(card.code).toMatch(/^[A-Z0-9]{6}-[A-Z0-9]{6}-[A-Z0-9]{6}$/);

    const toPost = await ordersToPost(shop.services.db, [GIFT_CARD_DEAL_ID], 50, null);
    // The one posted card, with its address; never the e-gift card of the same deal.
    expect(toPost.map((r) => r.order_number)).not.toContain(emailed.orderNumber);
    expect(toPost.filter((r) => r.order_number === placed.order.orderNumber)).toEqual([expect.objectContaining({ deal_id: GIFT_CARD_DEAL_ID, name: 'Ann Giver', line1: '1 George Square', postcode: 'G1 1AA', carrier: null })]);
  });
});
