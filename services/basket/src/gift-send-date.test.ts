/**
 * Issue 18 point 2: an e-gift's chosen send date is kept on its line, from today to 2 months
 * ahead in London on the service's clock (2 months: GIFT_SEND_MAX_MONTHS); anything else is a 400 naming `gift.sendOn`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GIFT_CARD_DEAL_ID } from '@shop/domain/gift-cards';
import { testDatabases } from '@shop/platform/test-databases';
import { basketFixture, type BasketFixture } from './test/basket-fixture.ts';

// 23:30 UTC on 31 March 2027 is already 1 April in London (BST): "today" is the London date.
const NOW = new Date('2027-03-31T23:30:00Z');
const GIFT_CARD_OPTION = 990_000_101;
const egift = (sendOn: unknown, email: string | null = 'morag@example.com') => ({ gifting: { type: 'e-gift' }, gift: { name: 'Morag', email, message: null, sendOn } });

describe.each(testDatabases())('e-gift send date on %s', (_name, open) => {
  let f: BasketFixture;
  beforeAll(async () => {
    f = await basketFixture(open, { now: () => NOW });
  });
  afterAll(() => f.close());

  const refusal = async (token: string, body: unknown) => {
    const res = await f.call('PATCH', `/basket/${token}/product/101`, { body });
    expect(res.status, JSON.stringify(body)).toBe(400);
    return ((await res.json()) as { errors: Array<{ field: string; message: string }> }).errors[0]!;
  };

  it('keeps a date from today (London) to 2 months ahead, and clears it with the e-gift', async () => {
    const { token } = await f.create({ products: [{ dealId: 10, dealProductId: 101, quantity: 1 }] });
    let b = await f.ok('PATCH', `/basket/${token}/product/101`, egift('2027-04-01'));
    expect(b.products[0]!.gift).toEqual({ name: 'Morag', email: 'morag@example.com', message: null, sendOn: '2027-04-01' });
    b = await f.ok('PATCH', `/basket/${token}/product/101`, egift('2027-06-01'));
    expect(b.products[0]!.gift?.sendOn).toBe('2027-06-01');
    // Read back from the database, not just echoed.
    b = await f.ok('GET', `/basket/${token}`);
    expect(b.products[0]!.gift?.sendOn).toBe('2027-06-01');
    b = await f.ok('PATCH', `/basket/${token}/product/101`, egift(null));
    expect(b.products[0]!.gift?.sendOn ?? null).toBeNull();
    b = await f.ok('PATCH', `/basket/${token}/product/101`, { gifting: { type: 'none' } });
    expect(b.products[0]!.gift).toBeNull();
  });

  it('refuses a past date, one more than 2 months ahead, a non-date and a date without an email, naming gift.sendOn', async () => {
    const { token } = await f.create({ products: [{ dealId: 10, dealProductId: 101, quantity: 1 }] });
    // Yesterday in London (still 31 March in UTC).
    expect(await refusal(token, egift('2027-03-31'))).toEqual({ field: 'gift.sendOn', message: 'Choose a send date from today to 1 June 2027.' });
    expect(await refusal(token, egift('2027-06-02'))).toEqual({ field: 'gift.sendOn', message: 'Choose a send date from today to 1 June 2027.' });
    expect((await refusal(token, egift('2027-02-30'))).field).toBe('gift.sendOn');
    expect((await refusal(token, egift('next week'))).field).toBe('gift.sendOn');
    expect(await refusal(token, egift('2027-05-01', null))).toEqual({ field: 'gift.sendOn', message: 'Enter the recipient’s email to choose a send date.' });
    // Nothing of a refused change stays.
    const b = await f.ok('GET', `/basket/${token}`);
    expect(b.products[0]!.gift).toBeNull();
  });

  it('a gift card can be an e-gift but never gift wrapped or in a gift pack; a posted one takes no send date', async () => {
    f.catalogue.add(GIFT_CARD_OPTION, { dealId: GIFT_CARD_DEAL_ID });
    const { token } = await f.create({ products: [{ dealId: GIFT_CARD_DEAL_ID, dealProductId: GIFT_CARD_OPTION, quantity: 1 }] });
    for (const gifting of [{ type: 'wrapped', giftProductId: 2_440_914 }, { type: 'ndd-gpk', giftPackProductId: 9101 }]) {
      const res = await f.call('PATCH', `/basket/${token}/product/${GIFT_CARD_OPTION}`, { body: { gifting } });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { errors: Array<{ field: string }> }).errors[0]!.field).toBe('gifting.type');
    }
    let b = await f.ok('PATCH', `/basket/${token}/product/${GIFT_CARD_OPTION}`, egift('2027-04-20'));
    expect(b.products[0]!.gift?.sendOn).toBe('2027-04-20');
    // A posted card instead (its card goes to the delivery address): the e-gift ends, and no send date is taken.
    b = await f.ok('PATCH', `/basket/${token}/product/${GIFT_CARD_OPTION}`, { deliveryOptionType: 'posted' });
    expect(b.products[0]).toMatchObject({ deliveryOptionType: 'posted', gift: null, gifting: { type: 'none' } });
    const res = await f.call('PATCH', `/basket/${token}/product/${GIFT_CARD_OPTION}`, { body: egift('2027-04-20') });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: Array<{ field: string }> }).errors[0]!.field).toBe('gift.sendOn');
  });

  it('refuses a past date on a new basket too', async () => {
    const res = await f.call('POST', '/basket', { body: { brand: 'wowcher', products: [{ dealId: 10, dealProductId: 101, quantity: 1, ...egift('2026-12-25') }] } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: Array<{ field: string }> }).errors[0]!.field).toBe('gift.sendOn');
  });
});
