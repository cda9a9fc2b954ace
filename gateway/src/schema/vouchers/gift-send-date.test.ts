/**
 * Issue 18 point 2 through the GraphQL API: an e-gift's send date is chosen with its recipient
 * (setLineGifting recipient.sendOn), checked (a ValidationError naming recipient.sendOn), kept
 * on the basket line, and the paid order, My Vouchers and "Gifts you sent" say when it goes. The
 * recipient's email is not sent before that day.
 */
import { randomUUID } from 'node:crypto';
import { listOutbox } from '@shop/platform';
import { addDaysToDate, londonDate } from '@shop/domain/london-time';
import { testDatabases } from '@shop/platform/test-databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBuyingServices, type BuyingServices } from '../../../test/buying-services.ts';
import { shopOver, signUpOn } from '../../../test/vouchers-shop.ts';
import type { Browser } from '../../test/accounts-services.ts';

const ADD = `mutation($i: AddToBasketInput!) { addToBasket(input: $i) { __typename } }`;
const SET = `mutation($i: SetLineGiftingInput!) { setLineGifting(input: $i) { __typename
  ... on BasketUpdated { basket { lines { productId giftRecipient { name email sendOn } } } }
  ... on UserError { code message field } } }`;
const CHECKOUT = `{ checkout { __typename ... on Checkout { orderSummary { cashAmount { amount } } } } }`;
const PLACE = `mutation($i: PlaceOrderInput!) { placeOrder(input: $i) { __typename ... on OrderPlaced { order { orderNumber lines { dealProductId giftSendOn } vouchers { id } } } } }`;
const MINE = `{ viewer { vouchers(first: 20) { edges { node { id gift { recipientName sendOn } } } } sentGifts { recipientName sendOn claimedAt } } }`;

let sequence = 0;
const uniqueEmail = (label: string) => `${label}.${Date.now().toString(36)}.${(sequence += 1)}@example.com`;

describe.each(testDatabases())('an e-gift send date through the shop on %s', (_name, open) => {
  let services: BuyingServices;
  let made: ReturnType<typeof shopOver> | undefined;
  const browser = () => made!.browser();
  const gql = async (b: Browser, query: string, variables: Record<string, unknown>) => {
    const res = await b.gql(query, variables);
    expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
    return res.body.data;
  };

  beforeAll(async () => {
    services = await openBuyingServices(open);
    made = shopOver(services);
  }, 120_000);
  afterAll(async () => {
    made?.close();
    await services?.close();
  });

  it('refuses a past or malformed date naming recipient.sendOn; a future date is kept, shown on the order and My Vouchers, and not mailed yet', async () => {
    const [option] = (await services.buyable(1)) as [{ dealId: number; productId: number; pricePence: number }];
    const giver = await signUpOn(services, browser(), { firstName: 'Fiona', lastName: 'Dates' });
    const email = uniqueEmail('ailsa');
    expect((await gql(giver, ADD, { i: { dealId: option.dealId, productId: option.productId, quantity: 1 } })).addToBasket.__typename).toBe('BasketUpdated');
    const set = (sendOn: string | null) => gql(giver, SET, { i: { productId: option.productId, gifting: 'E_GIFT', recipient: { name: 'Ailsa', email, message: 'For you', sendOn } } });

    const today = londonDate(new Date());
    expect((await set(addDaysToDate(today, -1))).setLineGifting).toMatchObject({ __typename: 'ValidationError', field: 'recipient.sendOn', message: expect.stringMatching(/^Choose a send date from today to \d{1,2} \w+ \d{4}\.$/) });
    expect((await set('31/12/2027')).setLineGifting).toMatchObject({ __typename: 'ValidationError', field: 'recipient.sendOn', message: 'Enter the send date as a date, for example 2027-05-26.' });
    expect((await set(addDaysToDate(today, 400))).setLineGifting).toMatchObject({ __typename: 'ValidationError', field: 'recipient.sendOn' });

    const sendOn = addDaysToDate(today, 10);
    const saved = (await set(sendOn)).setLineGifting;
    expect(saved.__typename).toBe('BasketUpdated');
    expect(saved.basket.lines[0].giftRecipient).toEqual({ name: 'Ailsa', email, sendOn });

    // Another shopper's basket is their own: nothing of this gift is there.
    const other = await signUpOn(services, browser(), { firstName: 'Other', lastName: 'Dates' });
    expect((await gql(other, `{ basket { lines { giftRecipient { sendOn } } } }`, {})).basket?.lines ?? []).toEqual([]);

    const view = (await gql(giver, CHECKOUT, {})).checkout;
    const placed = await gql(giver, PLACE, { i: { idempotencyKey: `gift-date-${randomUUID()}`, method: 'CREDIT_CARD', paymentToken: 'fake-valid-nonce', expectedCashAmount: view.orderSummary.cashAmount.amount } });
    expect(placed.placeOrder.__typename).toBe('OrderPlaced');
    expect(placed.placeOrder.order.lines).toEqual([{ dealProductId: option.productId, giftSendOn: sendOn }]);
    const [voucher] = placed.placeOrder.order.vouchers as [{ id: string }];
    const mine = (await gql(giver, MINE, {})).viewer;
    expect(mine.vouchers.edges.find((e: { node: { id: string } }) => e.node.id === voucher.id)?.node.gift).toEqual({ recipientName: 'Ailsa', sendOn });
    expect(mine.sentGifts[0]).toMatchObject({ recipientName: 'Ailsa', sendOn, claimedAt: null });

    // The buyer's confirmation goes now; the recipient's email waits for its day.
    let confirmation;
    for (let i = 0; i < 50 && !confirmation; i += 1) {
      confirmation = (await listOutbox(services.db, { limit: 200 })).find((m) => m.kind === 'order_confirmation' && m.text.includes(placed.placeOrder.order.orderNumber));
      if (!confirmation) await new Promise((r) => setTimeout(r, 100));
    }
    expect(confirmation?.text).toContain('a gift for Ailsa (we email it to them on');
    expect((await listOutbox(services.db, { to: email, limit: 10 })).filter((m) => m.kind === 'egift_recipient')).toEqual([]);
  });
});
