/**
 * redeemGiftCard through the shop (createShopApp: /graphql) over the real services on one fresh
 * database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), issue 18 point 2:
 *
 * - a shopper buys a £25 gift card through the normal checkout; another shopper redeems its code:
 *   GiftCardRedeemed with the credit and its expiry, their wallet up by it; again (anyone)
 *   GiftCardRedeemError ALREADY_REDEEMED, the wallet unchanged;
 * - a wrong code is NotFoundError GIFT_CARD_NOT_FOUND naming code; an empty one a ValidationError;
 * - Z: a guest is refused with UnauthenticatedError; another shopper cannot read the buyer's card;
 * - guessing is limited per account: past 10 wrong codes, RateLimitedError.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- response data is asserted on, not typed */
import { ensureGiftCardDeal } from '@shop/deals';
import { ERROR_MESSAGES, GIFT_CARD_DEAL_ID, giftCardCreditExpiry } from '@shop/domain';
import { testDatabases } from '@shop/platform/test-databases';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buyVouchers, openVouchersShop, signUpOn } from '../../../test/vouchers-shop.ts';
import type { Browser } from '../../test/accounts-services.ts';
import { captureLogger } from '../../test/helpers.ts';

const REDEEM = `mutation($i: RedeemGiftCardInput!) { redeemGiftCard(input: $i) { __typename
  ... on GiftCardRedeemed { credit { amount currency formatted } creditExpiresAt }
  ... on GiftCardRedeemError { expiredAt }
  ... on RateLimitedError { retryAfterSeconds }
  ... on UserError { code message field } } }`;
const WALLET = `{ viewer { wallet { balance { amount } refundableBalance { amount } } } }`;

describe.each(testDatabases())('redeemGiftCard through the shop on %s', (_name, open) => {
  const logger = captureLogger();
  let ann: Browser;
  let ben: Browser;
  let card: { id: string; code: string };

  const redeem = async (b: Browser, code: string) => {
    const res = await b.gql(REDEEM, { i: { code } });
    expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
    return res.body.data.redeemGiftCard;
  };
  const wallet = async (b: Browser) => ((await b.gql(WALLET)).body.data.viewer.wallet as any[])[0] ?? null;

  const shop = openVouchersShop(
    open,
    async () => {
      await ensureGiftCardDeal(shop.services.db);
      ann = await signUpOn(shop.services, shop.made.browser(), { firstName: 'Ann', lastName: 'Giver' });
      ben = await signUpOn(shop.services, shop.made.browser(), { firstName: 'Ben', lastName: 'Recipient' });
      const option = (await sql<{ id: number }>`select id from deals.product where deal_id = ${GIFT_CARD_DEAL_ID} and price_pence = 2500`.execute(shop.services.db)).rows[0]!;
      const order = await buyVouchers(ann, { dealId: GIFT_CARD_DEAL_ID, productId: option.id }, 1, '{ vouchers { id code } }');
      card = order.vouchers[0];
    },
    logger,
  );

  it('another shopper redeems the code once: the credit and its expiry, their wallet up by it; then ALREADY_REDEEMED for anyone', async () => {
    expect(await wallet(ben)).toBeNull();
    const before = Date.now();
    const first = await redeem(ben, ` ${card.code.toLowerCase()} `);
    expect(first).toMatchObject({ __typename: 'GiftCardRedeemed', credit: { amount: 2500, currency: 'GBP', formatted: '£25' } });
    const expires = new Date(first.creditExpiresAt).getTime();
    expect(expires).toBeGreaterThanOrEqual(giftCardCreditExpiry(new Date(before)).getTime());
    expect(expires).toBeLessThanOrEqual(giftCardCreditExpiry(new Date()).getTime());
    expect(await wallet(ben)).toEqual({ balance: { amount: 2500 }, refundableBalance: { amount: 2500 } });
    for (const who of [ben, ann]) {
      expect(await redeem(who, card.code)).toEqual({ __typename: 'GiftCardRedeemError', code: 'ALREADY_REDEEMED', message: ERROR_MESSAGES.ALREADY_REDEEMED, field: 'code', expiredAt: null });
    }
    expect((await wallet(ben)).balance.amount).toBe(2500);
    expect(await wallet(ann)).toBeNull();
  });

  it('a wrong code is not found, naming code; an empty one is a ValidationError', async () => {
    expect(await redeem(ann, 'ABCDEF-GHJKMN-PQRSTU')).toEqual({ __typename: 'NotFoundError', code: 'GIFT_CARD_NOT_FOUND', message: ERROR_MESSAGES.GIFT_CARD_NOT_FOUND, field: 'code' });
    expect(await redeem(ann, '   ')).toMatchObject({ __typename: 'ValidationError', field: 'code' });
  });

  it("Z: a guest is refused; another shopper cannot read the buyer's gift card", async () => {
    const guest = shop.made.browser();
    expect(await redeem(guest, card.code)).toMatchObject({ __typename: 'UnauthenticatedError', code: 'UNAUTHENTICATED' });
    const asBen = await ben.gql(`query($id: ID!) { node(id: $id) { __typename ... on Voucher { code } } }`, { id: card.id });
    expect(asBen.body.data?.node ?? null).toBeNull();
    const asAnn = await ann.gql(`query($id: ID!) { node(id: $id) { __typename ... on Voucher { code } } }`, { id: card.id });
    expect(asAnn.body.data.node).toEqual({ __typename: 'Voucher', code: card.code });
  });

  it('guessing is limited per account: past 10 wrong codes, RateLimitedError naming code', async () => {
    const carl = await signUpOn(shop.services, shop.made.browser(), { firstName: 'Carl', lastName: 'Guesser' });
    let last: any = null;
    for (let i = 0; i < 11; i++) last = await redeem(carl, `WRONG-CODE-${i}`);
    expect(last).toMatchObject({ __typename: 'RateLimitedError', code: 'RATE_LIMITED', field: 'code' });
    expect(last.retryAfterSeconds).toBeGreaterThan(0);
    expect(logger.lines.filter((l) => l.level === 'error')).toEqual([]);
  });
});
