import { REDEEM_ILLUSTRATION_TYPES } from '@shop/domain/voucher-status';
import { describe, expect, it } from 'vitest';
import { REDEEM_ILLUSTRATION_ENUM, redeemIllustrationOf, type IllustratedDeal, type TravelNavigationType } from './redeem-illustration.ts';

const deal = (deliveryType: IllustratedDeal['deliveryType'], bookingCalendarOnRedemption = false): IllustratedDeal => ({ deliveryType, bookingCalendarOnRedemption });

describe('redeemIllustrationOf', () => {
  it.each<[string, IllustratedDeal | null, TravelNavigationType, string]>([
    ['international travel (flights with the hotel)', deal('travel'), 'International Travel', 'chooseYourFlight'],
    ['UK travel', deal('travel'), 'UK Travel', 'standardTravel'],
    ['travel whose category has no navigation type', deal('travel'), null, 'standardTravel'],
    ['travel booked on a calendar is still travel', deal('travel', true), 'International Travel', 'chooseYourFlight'],
    ['a local voucher booked on the calendar', deal('voucher', true), null, 'calendar'],
    ['another local voucher: book with the merchant', deal('voucher'), null, 'callToBook'],
    ['goods by post', deal('postal'), null, 'standard'],
    ['goods flagged for a calendar are still goods', deal('postal', true), null, 'standard'],
    ['a deal that is gone', null, null, 'standard'],
  ])('%s → %s', (_what, d, travel, expected) => {
    expect(redeemIllustrationOf(d, travel)).toBe(expected);
  });

  it('never derives mysteryTravel (no deal says it is one), and every type has its GraphQL value', () => {
    expect(Object.keys(REDEEM_ILLUSTRATION_ENUM).sort()).toEqual([...REDEEM_ILLUSTRATION_TYPES].sort());
    const all = (['voucher', 'postal', 'travel'] as const).flatMap((t) =>
      [true, false].flatMap((c) => (['UK Travel', 'International Travel', null] as const).map((n) => redeemIllustrationOf(deal(t, c), n))),
    );
    expect(all).not.toContain('mysteryTravel');
  });
});
