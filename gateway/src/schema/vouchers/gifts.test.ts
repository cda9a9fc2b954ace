/**
 * Gifts through the shop (issue 16 point 8; createShopApp /graphql against the real services on
 * one fresh database, PGlite and PostgreSQL): a holder gifts a voucher (giftVoucher; its mail in
 * the outbox with the claim link, never the price or the code; Voucher.gift), the link's preview
 * (giftClaim: no price, open to a signed-out visitor), the claim (claimGift: the voucher moves to
 * the recipient's My Vouchers, the giver's sentGifts says who claimed it), a second claim
 * (GIFT_ALREADY_CLAIMED), and another shopper: their claim of it, or their giftVoucher of
 * someone's voucher, is the same NotFoundError as a random token or id (reliability Z).
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- response data is asserted on, not typed */
import { randomUUID } from 'node:crypto';
import { listOutbox } from '@shop/platform';
import { testDatabases } from '@shop/platform/test-databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBuyingServices, type BuyingServices } from '../../../test/buying-services.ts';
import { shopOver, signUpOn } from '../../../test/vouchers-shop.ts';
import { toGlobalId } from '../../relay/global-id.ts';
import type { Browser } from '../../test/accounts-services.ts';

const ADD = `mutation($i: AddToBasketInput!) { addToBasket(input: $i) { __typename } }`;
const CHECKOUT = `{ checkout { __typename ... on Checkout { orderSummary { cashAmount { amount } } } } }`;
const PLACE = `mutation($i: PlaceOrderInput!) { placeOrder(input: $i) { __typename ... on OrderPlaced { order { orderNumber vouchers { id code } } } } }`;
const GIFT = `mutation($i: GiftVoucherInput!) { giftVoucher(input: $i) { __typename
  ... on VoucherGifted { gift { recipientName recipientEmail message claimedAt } voucher { id gift { recipientName sentAt } } }
  ... on UserError { code message field } } }`;
const CLAIM = `mutation($i: ClaimGiftInput!) { claimGift(input: $i) { __typename ... on GiftClaimed { gift { claimed claimedAt vouchers { title } } } ... on UserError { code message field } } }`;
const PREVIEW = `query($t: String!) { giftClaim(token: $t) { giverName recipientName message claimed claimable vouchers { title status statusCode expiresAt claimable deal { title merchant { name } } } } }`;
const MONEY = `{ viewer { vouchers(first: 20) { edges { node { id giftReceived price { amount } paid { amount } extension { options { months } unavailable { code message } } } } } } }`;
const REFUND = `mutation($i: RefundVoucherInput!) { refundVoucher(input: $i) { __typename ... on UserError { code message } } }`;
const MINE = `{ viewer { vouchers(first: 20) { edges { node { id gift { recipientName } } } } sentGifts { recipientName claimedAt claimedByName vouchers { title } } } }`;

let sequence = 0;
const uniqueEmail = (label: string) => `${label}.${Date.now().toString(36)}.${(sequence += 1)}@example.com`;

describe.each(testDatabases())('gifts through the shop on %s', (_name, open) => {
  let services: BuyingServices;
  let made: ReturnType<typeof shopOver> | undefined;
  let giver: Browser;
  let recipient: Browser;
  let other: Browser;
  let recipientEmail = '';
  let bought: { orderNumber: string; vouchers: { id: string; code: string }[] };
  let optionOf: { dealId: number; productId: number };
  const browser = () => made!.browser();

  const signedUp = (firstName: string, email?: string) => signUpOn(services, browser(), { firstName, lastName: 'Gifts', ...(email ? { email } : {}) });
  const gql = async (b: Browser, query: string, variables: Record<string, unknown>) => {
    const res = await b.gql(query, variables);
    expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
    return res.body.data;
  };

  beforeAll(async () => {
    services = await openBuyingServices(open);
    made = shopOver(services);
    const [option] = (await services.buyable(1)) as [{ dealId: number; productId: number; pricePence: number }];
    giver = await signedUp('Morag');
    recipientEmail = uniqueEmail('rhona');
    recipient = await signedUp('Rhona', recipientEmail);
    other = await signedUp('Iona');
    expect((await gql(giver, ADD, { i: { dealId: option.dealId, productId: option.productId, quantity: 2 } })).addToBasket.__typename).toBe('BasketUpdated');
    const view = (await gql(giver, CHECKOUT, {})).checkout;
    const placed = await gql(giver, PLACE, { i: { idempotencyKey: `gift-${randomUUID()}`, method: 'CREDIT_CARD', paymentToken: 'fake-valid-nonce', expectedCashAmount: view.orderSummary.cashAmount.amount } });
    expect(placed.placeOrder.__typename).toBe('OrderPlaced');
    bought = placed.placeOrder.order;
    optionOf = option;
  }, 120_000);
  afterAll(async () => {
    made?.close();
    await services?.close();
  });

  it('a holder gifts a voucher; the recipient previews it without the price, claims it once, and it is theirs; the giver sees who claimed it', async () => {
    const [voucher] = bought.vouchers as [{ id: string; code: string }];
    const input = { voucherId: voucher.id, recipient: { name: 'Rhona', email: recipientEmail, message: 'Enjoy the spa!' } };
    // Signed out, bad input, and another shopper's voucher (the NotFoundError of a random id).
    expect((await gql(browser(), GIFT, { i: input })).giftVoucher).toMatchObject({ __typename: 'UnauthenticatedError' });
    expect((await gql(giver, GIFT, { i: { ...input, recipient: { name: 'Rhona', email: 'nope' } } })).giftVoucher).toMatchObject({ __typename: 'ValidationError', field: 'recipient.email' });
    const byOther = (await gql(other, GIFT, { i: input })).giftVoucher;
    const random = (await gql(other, GIFT, { i: { ...input, voucherId: toGlobalId('Voucher', `${bought.orderNumber}:${randomUUID()}`) } })).giftVoucher;
    expect(byOther).toEqual(random);
    expect(byOther.__typename).toBe('NotFoundError');

    const sent = (await gql(giver, GIFT, { i: input })).giftVoucher;
    expect(sent).toMatchObject({ __typename: 'VoucherGifted', gift: { recipientName: 'Rhona', recipientEmail, message: 'Enjoy the spa!', claimedAt: null }, voucher: { id: voucher.id, gift: { recipientName: 'Rhona' } } });
    const again = (await gql(giver, GIFT, { i: input })).giftVoucher;
    expect(again).toMatchObject({ __typename: 'VoucherActionError', code: 'VOUCHER_NOT_GIFTABLE' });

    const [mail] = (await listOutbox(services.db, { to: recipientEmail, limit: 10 })).filter((m) => m.kind === 'gift_claim');
    expect(mail!.subject).toBe(`A gift for you from Morag Gifts: ${(await gql(giver, MINE, {})).viewer.sentGifts[0].vouchers[0].title}`);
    expect(mail!.text).not.toMatch(/£/);
    expect(mail!.text).not.toContain(voucher.code);
    const token = /http:\/\/shop\.test\/mygift\?claim=([A-Za-z0-9_-]{32})/.exec(mail!.text)![1]!;

    // The preview: open to a signed-out visitor; no price field exists, and no code.
    const preview = (await gql(browser(), PREVIEW, { t: token })).giftClaim;
    expect(preview).toMatchObject({ giverName: 'Morag Gifts', recipientName: 'Rhona', message: 'Enjoy the spa!', claimed: false, claimable: true, vouchers: [{ status: 'Ready to Redeem', statusCode: 'READY_TO_REDEEM', claimable: true }] });
    // The deal and its merchant as the catalogue has them.
    const catalogue = (await gql(browser(), `query($d: ID!) { deal(dealId: $d) { title merchant { name } } }`, { d: String(optionOf.dealId) })).deal;
    expect(catalogue.merchant.name).toMatch(/\S/);
    expect(preview.vouchers[0].deal).toEqual(catalogue);
    expect(JSON.stringify(preview)).not.toContain(voucher.code);
    expect((await gql(browser(), PREVIEW, { t: 'x' })).giftClaim).toBeNull();

    expect((await gql(browser(), CLAIM, { i: { token } })).claimGift.__typename).toBe('UnauthenticatedError');
    expect((await gql(giver, CLAIM, { i: { token } })).claimGift).toMatchObject({ __typename: 'VoucherActionError', code: 'OWN_GIFT' });
    expect((await gql(recipient, CLAIM, { i: { token: 'short' } })).claimGift).toMatchObject({ __typename: 'ValidationError', field: 'token' });
    const claimed = (await gql(recipient, CLAIM, { i: { token } })).claimGift;
    expect(claimed).toMatchObject({ __typename: 'GiftClaimed', gift: { claimed: true } });

    const theirs = (await gql(recipient, MINE, {})).viewer;
    expect(theirs.vouchers.edges.map((e: any) => e.node.id)).toEqual([voucher.id]);
    expect(theirs.vouchers.edges[0].node.gift).toBeNull();
    const mine = (await gql(giver, MINE, {})).viewer;
    expect(mine.vouchers.edges.map((e: any) => e.node.id)).not.toContain(voucher.id);
    expect(mine.sentGifts).toMatchObject([{ recipientName: 'Rhona', claimedByName: 'Rhona Gifts', claimedAt: expect.any(String) }]);

    // Claimed: again by them is a clear error; anyone else gets the NotFoundError of a random token.
    expect((await gql(recipient, CLAIM, { i: { token } })).claimGift).toMatchObject({ __typename: 'VoucherActionError', code: 'GIFT_ALREADY_CLAIMED' });
    const otherClaim = (await gql(other, CLAIM, { i: { token } })).claimGift;
    const randomClaim = (await gql(other, CLAIM, { i: { token: 'A'.repeat(32) } })).claimGift;
    expect(otherClaim).toEqual(randomClaim);
    expect(otherClaim).toMatchObject({ __typename: 'NotFoundError', code: 'GIFT_NOT_FOUND' });
    expect((await gql(other, PREVIEW, { t: token })).giftClaim).toBeNull();
    expect((await gql(recipient, PREVIEW, { t: token })).giftClaim).toMatchObject({ claimed: true });

    // A gift received: no price for its holder, no extension (paid on the giver's order); the giver's other voucher keeps both.
    const held = (await gql(recipient, MONEY, {})).viewer.vouchers.edges.map((e: any) => e.node);
    expect(held).toEqual([{ id: voucher.id, giftReceived: true, price: null, paid: null, extension: { options: [], unavailable: { code: 'GIFT_RECEIVED', message: expect.stringContaining('was a gift') } } }]);
    const kept = (await gql(giver, MONEY, {})).viewer.vouchers.edges.map((e: any) => e.node).find((n: any) => n.id === bought.vouchers[1]!.id);
    expect(kept).toMatchObject({ giftReceived: false, price: { amount: expect.any(Number) }, paid: { amount: expect.any(Number) } });
  });

  it('a gift whose voucher the giver refunded before the claim: the preview says it can no longer be claimed, and the claim is refused with the words', async () => {
    const voucher = bought.vouchers[1]!;
    const email = uniqueEmail('skye');
    const skye = await signedUp('Skye', email);
    expect((await gql(giver, GIFT, { i: { voucherId: voucher.id, recipient: { name: 'Skye', email } } })).giftVoucher.__typename).toBe('VoucherGifted');
    const [mail] = (await listOutbox(services.db, { to: email, limit: 10 })).filter((m) => m.kind === 'gift_claim');
    const token = /\/mygift\?claim=([A-Za-z0-9_-]{32})/.exec(mail!.text)![1]!;
    expect((await gql(giver, REFUND, { i: { voucherId: voucher.id, destination: 'ORIGINAL', idempotencyKey: `refund-${randomUUID()}` } })).refundVoucher.__typename).toBe('VoucherRefunded');
    expect((await gql(browser(), PREVIEW, { t: token })).giftClaim).toMatchObject({ claimed: false, claimable: false, vouchers: [{ statusCode: 'REFUNDED', claimable: false }] });
    expect((await gql(skye, CLAIM, { i: { token } })).claimGift).toMatchObject({
      __typename: 'VoucherActionError',
      code: 'GIFT_NO_LONGER_AVAILABLE',
      message: 'This gift can no longer be claimed: the voucher has been used, refunded or has expired. Please ask the person who sent it.',
    });
    expect((await gql(skye, MINE, {})).viewer.vouchers.edges).toEqual([]);
  });
  it("an order's e-gift: the signed-in buyer's card says it is sent and not yet claimed; the recipient's mail claims it into their account", async () => {
    const email = uniqueEmail('eilidh');
    const eilidh = await signedUp('Eilidh', email);
    expect((await gql(giver, ADD, { i: { dealId: optionOf.dealId, productId: optionOf.productId, quantity: 1 } })).addToBasket.__typename).toBe('BasketUpdated');
    const gifting = await gql(giver, `mutation($i: SetLineGiftingInput!) { setLineGifting(input: $i) { __typename } }`, { i: { productId: optionOf.productId, gifting: 'E_GIFT', recipient: { name: 'Eilidh', email, message: 'For you' } } });
    expect(gifting.setLineGifting.__typename).toBe('BasketUpdated');
    const view = (await gql(giver, CHECKOUT, {})).checkout;
    const placed = await gql(giver, PLACE, { i: { idempotencyKey: `gift-${randomUUID()}`, method: 'CREDIT_CARD', paymentToken: 'fake-valid-nonce', expectedCashAmount: view.orderSummary.cashAmount.amount } });
    expect(placed.placeOrder.__typename).toBe('OrderPlaced');
    const [gifted] = placed.placeOrder.order.vouchers as [{ id: string }];
    const mine = (await gql(giver, MINE, {})).viewer;
    expect(mine.vouchers.edges.find((e: any) => e.node.id === gifted.id)?.node.gift).toEqual({ recipientName: 'Eilidh' });
    expect(mine.sentGifts[0]).toMatchObject({ recipientName: 'Eilidh', claimedAt: null });
    // The order's mail is handed over after the commit, in the background.
    let mail;
    for (let i = 0; i < 50 && !mail; i += 1) {
      mail = (await listOutbox(services.db, { to: email, limit: 10 })).find((m) => m.kind === 'egift_recipient');
      if (!mail) await new Promise((r) => setTimeout(r, 100));
    }
    const token = /\/mygift\?claim=([A-Za-z0-9_-]{32})/.exec(mail!.text)![1]!;
    // The signed-in buyer's first name (never their email address: the claim page is open to whoever has the link).
    expect((await gql(browser(), PREVIEW, { t: token })).giftClaim.giverName).toBe('Morag');
    expect(mail!.text).toContain('Morag has sent you a gift');
    expect(mail!.subject).toContain('A gift for you from Morag');
    expect((await gql(eilidh, CLAIM, { i: { token } })).claimGift.__typename).toBe('GiftClaimed');
    expect((await gql(eilidh, MINE, {})).viewer.vouchers.edges.map((e: any) => e.node.id)).toEqual([gifted.id]);
  });
});
