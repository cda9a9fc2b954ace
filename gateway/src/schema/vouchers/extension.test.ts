/**
 * Validity extension after purchase (issue 16 point 7) through the shop (createShopApp: /graphql)
 * against the real services on one fresh database (PGlite, and PostgreSQL when TEST_DATABASE_URL
 * is set), paying with the Braintree sandbox card:
 *
 * - Query.heldVoucher by the service id an email link carries, and by the Voucher's id; another
 *   shopper's voucher and a random id are the same null; signed out, null.
 * - Voucher.extension: 1 to 3 months with prices and new dates, none more than the rule allows.
 * - buyOrderAddon with voucherId and months: only that voucher is extended, at the option's
 *   price; then 2 months are left; more than that is a ValidationError on months; another
 *   shopper's voucher is a NotFoundError.
 */
import { londonExpiry } from '@shop/domain/london-time';
import { vvePrice } from '@shop/domain/voucher-extension';
import { testDatabases } from '@shop/platform/test-databases';
import { describe, expect, it } from 'vitest';
import { buyVouchers, openVouchersShop, signUpOn } from '../../../test/vouchers-shop.ts';
import type { Browser } from '../../test/accounts-services.ts';

const HELD = `query($v: ID!) { heldVoucher(voucherId: $v) { id orderNumber expiresAt extendedMonths extension { extendedMonths monthsLeft options { months price { amount } expiresAt } unavailable { code message } } } }`;
const BUY = `mutation($i: BuyOrderAddonInput!) { buyOrderAddon(input: $i) { __typename ... on UserError { code message field } } }`;

let sequence = 0;
const key = () => `extend-${Date.now().toString(36)}-${(sequence += 1)}-${Math.random().toString(36).slice(2, 10)}`;
const uuidOf = (globalId: string) => Buffer.from(globalId, 'base64').toString().split(':')[2]!;

describe.each(testDatabases())('voucher validity extension through the shop on %s', (_name, open) => {
  const browser = () => shop.made.browser();
  let holder: Browser;
  let other: Browser;
  let bought: { orderNumber: string; vouchers: { id: string; expiresAt: string }[] };

  const signedUp = () => signUpOn(shop.services, browser(), { firstName: 'Morag', lastName: 'Extend' });

  const shop = openVouchersShop(open, async () => {
    holder = await signedUp();
    other = await signedUp();
    bought = await buyVouchers(holder, shop.option, 2, '{ orderNumber vouchers { id expiresAt } }');
  });

  it("heldVoucher: the holder's voucher by the email link's id or its own id, with what it can still get; nobody else's", async () => {
    const [v] = bought.vouchers;
    const byLink = await holder.gql(HELD, { v: uuidOf(v!.id) });
    expect(byLink.body.errors, JSON.stringify(byLink.body.errors)).toBeUndefined();
    const held = byLink.body.data.heldVoucher;
    expect(held).toMatchObject({ id: v!.id, orderNumber: bought.orderNumber, extendedMonths: 0 });
    expect(held.extension).toEqual({
      extendedMonths: 0,
      monthsLeft: 3,
      unavailable: null,
      options: [1, 2, 3].map((months) => ({ months, price: { amount: vvePrice(1, months) }, expiresAt: londonExpiry(new Date(v!.expiresAt), months).toISOString() })),
    });
    expect((await holder.gql(HELD, { v: v!.id })).body.data.heldVoucher.id).toBe(v!.id);
    expect((await other.gql(HELD, { v: uuidOf(v!.id) })).body.data.heldVoucher).toBeNull();
    expect((await holder.gql(HELD, { v: '5b0e6f7a-2c1d-4e3f-8a9b-0c1d2e3f4a5b' })).body.data.heldVoucher).toBeNull();
    const guest = browser();
    expect((await guest.gql(HELD, { v: uuidOf(v!.id) })).body.data.heldVoucher).toBeNull();
  });

  it('buyOrderAddon with a voucher and months extends only that voucher, paid like the add-on', async () => {
    const [v, w] = bought.vouchers;
    const input = (more: Record<string, unknown>) => ({ i: { idempotencyKey: key(), orderNumber: bought.orderNumber, addonType: 'VVE', method: 'CREDIT_CARD', paymentToken: 'fake-valid-nonce', ...more } });
    const stranger = await other.gql(BUY, input({ voucherId: v!.id, months: 1 }));
    expect(stranger.body.data.buyOrderAddon.__typename).toBe('NotFoundError');
    const noMonths = await holder.gql(BUY, input({ voucherId: v!.id }));
    expect(noMonths.body.data.buyOrderAddon).toMatchObject({ __typename: 'ValidationError', field: 'months' });

    const paid = await holder.gql(BUY, input({ voucherId: v!.id, months: 1 }));
    expect(paid.body.data.buyOrderAddon.__typename, JSON.stringify(paid.body)).toBe('OrderPlaced');
    const after = (await holder.gql(HELD, { v: v!.id })).body.data.heldVoucher;
    expect(after.expiresAt).toBe(londonExpiry(new Date(v!.expiresAt), 1).toISOString());
    expect(after.extension).toMatchObject({ extendedMonths: 1, monthsLeft: 2 });
    // The other voucher of the order is as it was.
    expect((await holder.gql(HELD, { v: w!.id })).body.data.heldVoucher).toMatchObject({ expiresAt: w!.expiresAt, extendedMonths: 0 });

    const tooMany = await holder.gql(BUY, input({ voucherId: v!.id, months: 3 }));
    expect(tooMany.body.data.buyOrderAddon).toMatchObject({ __typename: 'ValidationError', field: 'months', message: 'This voucher can be extended by 2 more months at most.' });
  });
});
