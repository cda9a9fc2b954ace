/** Words and choices of the "Orders to post" section (issue 17 point 5). */

/** The carriers a merchant chooses from (schema.graphql PostingCarrier), in the order of the select. */
export const CARRIERS = [
  { value: 'ROYAL_MAIL', label: 'Royal Mail' },
  { value: 'DPD', label: 'DPD' },
  { value: 'EVRI', label: 'Evri' },
  { value: 'PARCELFORCE', label: 'Parcelforce' },
  { value: 'OTHER', label: 'Other' },
] as const;
export type CarrierValue = (typeof CARRIERS)[number]['value'];

/** As the service checks it (services/vouchers posting.contract.ts): told before anything is sent. */
const TRACKING_REFERENCE = /^[A-Za-z0-9](?:[A-Za-z0-9 /-]{1,38})[A-Za-z0-9]$/;
export const TRACKING_REFERENCE_HINT = 'As the carrier printed it: 3 to 40 letters, digits, spaces or hyphens.';

export function trackingReferenceError(value: string): string | null {
  const v = value.trim();
  if (!v) return 'Enter the tracking reference.';
  return TRACKING_REFERENCE.test(v) ? null : 'Enter the tracking reference the carrier gave you: 3 to 40 letters, digits, spaces or hyphens.';
}

export interface DeliverToWords {
  readonly name: string;
  readonly line1: string;
  readonly line2: string | null | undefined;
  readonly town: string;
  readonly county: string | null | undefined;
  readonly postcode: string;
}

/** The address as lines for a label, in the order Royal Mail asks for. */
export const addressLines = (a: DeliverToWords): string[] => [a.name, a.line1, a.line2, a.town, a.county, a.postcode].filter((l): l is string => Boolean(l && l.trim()));
