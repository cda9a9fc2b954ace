/**
 * Spec §3 redeem illustration types: how a voucher is redeemed, for the help panel's "How to
 * redeem". The deal data has no field for it (domain/src/voucher-status.ts REDEEM_ILLUSTRATION_TYPES
 * says so), so it is derived from what the deal does say:
 *
 * - deliveryType 'travel': chooseYourFlight when the deal's category is International Travel (the
 *   catalogue's europe, beach-holidays and long-haul: flights with the hotel; navigationType
 *   'International Travel'), otherwise standardTravel (UK stays, booked with the hotel);
 * - deliveryType 'voucher' with bookingCalendarOnRedemption: calendar (a date chosen on the
 *   merchant's booking calendar);
 * - any other local voucher: callToBook (book with the merchant by phone or online before going);
 * - deliveryType 'postal' (goods sent by post): standard, as for a voucher whose deal is gone.
 *
 * mysteryTravel is never derived: no deal of the catalogue is a mystery trip, and nothing in the
 * deal data would say so; it needs a flag on the deal (deals service) when such deals arrive.
 */
import type { RedeemIllustrationType } from '@shop/domain/voucher-status';

/** What the rule reads of a deal (the deals service's Deal). */
export interface IllustratedDeal {
  deliveryType: 'voucher' | 'postal' | 'travel';
  bookingCalendarOnRedemption: boolean;
}

/** The navigation type of the deal's category (the travel navigation's UK Travel / International Travel); null when it has none. */
export type TravelNavigationType = 'UK Travel' | 'International Travel' | null;

export function redeemIllustrationOf(deal: IllustratedDeal | null, travel: TravelNavigationType = null): RedeemIllustrationType {
  if (!deal) return 'standard';
  switch (deal.deliveryType) {
    case 'travel':
      return travel === 'International Travel' ? 'chooseYourFlight' : 'standardTravel';
    case 'postal':
      return 'standard';
    case 'voucher':
      return deal.bookingCalendarOnRedemption ? 'calendar' : 'callToBook';
  }
}

/** The GraphQL enum value of each type (RedeemIllustration in schema.graphql). */
export const REDEEM_ILLUSTRATION_ENUM = {
  calendar: 'CALENDAR',
  callToBook: 'CALL_TO_BOOK',
  chooseYourFlight: 'CHOOSE_YOUR_FLIGHT',
  mysteryTravel: 'MYSTERY_TRAVEL',
  standard: 'STANDARD',
  standardTravel: 'STANDARD_TRAVEL',
} as const satisfies Record<RedeemIllustrationType, string>;
