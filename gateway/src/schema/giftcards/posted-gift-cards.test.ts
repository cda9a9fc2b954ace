/**
 * Posted gift cards through the shop (issue 18 point 2), over the real services on one fresh
 * database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set): a gift-card line set to
 * deliveryOptionType 'posted' ends its e-gift and refuses a send date (naming recipient.sendOn),
 * adds £1.50 postage and needs a delivery address (refused naming deliveryAddress without one);
 * the paid order says where it is posted, and its voucher is on the gift-card merchant's orders
 * to post while an e-gift card of the same deal is not. An unknown delivery option names its field.
 * The shop's staff post it (giftCardsToPost, markGiftCardOrderSent, /staff/gift-cards): a shopper
 * is told the fields do not exist and the page sends them to the staff sign-in; marked sent twice
 * at once, it leaves the list for the sent one and the buyer is emailed once.
 */
import { randomUUID } from 'node:crypto';
import { ensureGiftCardDeal } from '@shop/deals';
import { GIFT_CARD_DEAL_ID, GIFT_CARD_POSTAGE_PENCE } from '@shop/domain';
import { addDaysToDate, londonDate } from '@shop/domain/london-time';
import { testDatabases } from '@shop/platform/test-databases';
import { ordersToPost } from '@shop/vouchers/posting/posting.store';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { UsersDb } from '@shop/users/db/database';
import { createPasswordHasher } from '@shop/users/lib/passwords';
import { addStaffPerson } from '@shop/users/store/staff-people';
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
const TO_POST = `query ToPost { giftCardsToPost {
  toPost { orderNumber paidAt sentAt deliverTo { name line1 line2 town county postcode } cards { code amount { amount formatted } status } }
  sent { orderNumber sentAt } } }`;
const MARK = `mutation Mark($n: String!) { markGiftCardOrderSent(orderNumber: $n) { __typename
  ... on GiftCardOrderMarkedSent { markedNow order { orderNumber sentAt } }
  ... on UserError { code message field } } }`;

describe.each(testDatabases())('posted gift cards through the shop on %s', (_name, open) => {
  let ann: Browser;
  let productId: number;
  let emailed: { orderNumber: string };
  let postedOrder: { orderNumber: string; code: string } | undefined;
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
    postedOrder = { orderNumber: placed.order.orderNumber, code: card.code };

    const toPost = await ordersToPost(shop.services.db, [GIFT_CARD_DEAL_ID], 50, null);
    // The one posted card, with its address; never the e-gift card of the same deal.
    expect(toPost.map((r) => r.order_number)).not.toContain(emailed.orderNumber);
    expect(toPost.filter((r) => r.order_number === placed.order.orderNumber)).toEqual([expect.objectContaining({ deal_id: GIFT_CARD_DEAL_ID, name: 'Ann Giver', line1: '1 George Square', postcode: 'G1 1AA', carrier: null })]);
  });

  it('staff post it: a shopper is refused; marked sent twice at once it leaves the list and the buyer is emailed once', async () => {
    if (!postedOrder) throw new Error('the posted order of the test before is needed');
    const { orderNumber, code } = postedOrder;
    // Anyone but staff: the fields do not exist, the page is the staff sign-in.
    expect((await ann.gql(TO_POST)).body.errors?.[0]?.message).toBe('Cannot query field "giftCardsToPost" on type "Query".');
    expect((await ann.gql(MARK, { n: orderNumber })).body.errors?.[0]?.message).toBe('Cannot query field "markGiftCardOrderSent" on type "Mutation".');
    expect((await ann.fetch('/staff/gift-cards')).headers.get('location')).toBe('/staff/sign-in');
    expect((await ann.fetch(`/staff/gift-cards/${orderNumber}/sent`, { method: 'POST' })).headers.get('location')).toBe('/staff/sign-in');

    const email = `post.${process.pid}.${Date.now().toString(36)}@thistle.example`;
    await addStaffPerson(shop.services.db as unknown as UsersDb, { email, name: 'Morag Reid', passwordHash: await createPasswordHasher().hash('staff posting password 7') }, new Date());
    const staff = shop.made.browser();
    const signedIn = await staff.fetch('/staff/sign-in', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ email, password: 'staff posting password 7' }).toString() });
    expect(signedIn.status).toBe(303);

    const list = (await gql(staff, TO_POST)).giftCardsToPost;
    expect(list.toPost.map((o: { orderNumber: string }) => o.orderNumber)).not.toContain(emailed.orderNumber);
    expect(list.toPost.find((o: { orderNumber: string }) => o.orderNumber === orderNumber)).toEqual({
      orderNumber,
      paidAt: expect.any(String),
      sentAt: null,
      deliverTo: { name: 'Ann Giver', line1: '1 George Square', line2: null, town: 'Glasgow', county: null, postcode: 'G1 1AA' },
      cards: [{ code, amount: { amount: 2500, formatted: '£25' }, status: 'Ready to Redeem' }],
    });
    const page = await (await staff.fetch('/staff/gift-cards')).text();
    expect(page).toContain(`<code>${code}</code>`);
    expect(page).toContain(`Mark order ${orderNumber} as sent`);

    const marks = await Promise.all([gql(staff, MARK, { n: orderNumber }), gql(staff, MARK, { n: orderNumber })]);
    expect(marks.map((m) => m.markGiftCardOrderSent.__typename)).toEqual(['GiftCardOrderMarkedSent', 'GiftCardOrderMarkedSent']);
    expect(marks.map((m) => m.markGiftCardOrderSent.markedNow).sort()).toEqual([0, 1]);
    // The page's form again: already sent, nothing new.
    const again = await staff.fetch(`/staff/gift-cards/${orderNumber}/sent`, { method: 'POST' });
    expect(decodeURIComponent(again.headers.get('location')!.replaceAll('+', ' '))).toBe(`/staff/gift-cards?done=Order ${orderNumber} was already marked sent: its buyer was emailed then.`);
    expect((await gql(staff, MARK, { n: 'no-such-order' })).markGiftCardOrderSent).toMatchObject({ __typename: 'NotFoundError', field: 'orderNumber' });

    const after = (await gql(staff, TO_POST)).giftCardsToPost;
    expect(after.toPost.map((o: { orderNumber: string }) => o.orderNumber)).not.toContain(orderNumber);
    expect(after.sent.find((o: { orderNumber: string }) => o.orderNumber === orderNumber)?.sentAt).toEqual(expect.any(String));
    const mail = await sql<{ to_address: string; subject: string; text_body: string; email: string }>`
      select m.to_address, m.subject, m.text_body, o.email from orders.mail_outbox m join orders.orders o on o.id = m.order_id
      where o.order_number = ${orderNumber} and m.kind = 'gift_card_posted'`.execute(shop.services.db);
    expect(mail.rows).toHaveLength(1);
    expect(mail.rows[0]).toMatchObject({ subject: 'Your gift card has been posted', to_address: mail.rows[0]!.email, text_body: expect.stringContaining(`order ${orderNumber} by Royal Mail to Ann Giver, 1 George Square, Glasgow, G1 1AA`) });
  });
});
