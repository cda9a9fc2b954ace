/**
 * The checkout form's fields (their names and labels), its checks before paying, and the details
 * as placeOrder takes them.
 */
import { isValidPostcode } from '@shop/domain/postcodes';
import { BUYING_MESSAGES } from '@shop/domain/buying';
import { isEmail } from '@shop/domain/email';
import type { FormError } from '../../ui/form-errors.ts';
import type { AddressValue } from './DeliveryAddress.tsx';
import type { PlaceOrderInput } from './PlaceOrderMutations.ts';

/** The form's fields by label (the error summary's links, in the page's order). */
export const FIELDS: Record<string, string> = {
  express: 'Express checkout',
  email: 'Email address',
  'address.name': 'Full name',
  'address.line1': 'Address line 1',
  'address.line2': 'Address line 2',
  'address.town': 'Town or city',
  'address.county': 'County',
  'address.postcode': 'Postcode',
  payment: 'Payment method',
};

/** A server field name as this form knows it. */
export function formField(field: string | null | undefined): string | null {
  if (!field) return null;
  const f = field.replace(/^input\./, '');
  if (f.startsWith('deliveryAddress.')) return `address.${f.slice('deliveryAddress.'.length)}`;
  if (['paymentToken', 'method', 'savedInstrumentId', 'expectedCashAmount'].includes(f)) return 'payment';
  return f;
}

/** What the shopper typed in "Your details": the guest's email and the delivery address. */
export interface Details {
  email: string;
  address: AddressValue;
}

/**
 * The details the order needs, checked here first (the server checks them again): the email of a
 * guest (`signedIn` false), the address when the checkout needs one; and a hold that has ended.
 */
export function checkDetails(
  { email, address }: Details,
  { signedIn, needsDeliveryAddress, holdEnded }: { signedIn: boolean; needsDeliveryAddress: boolean; holdEnded: boolean },
): FormError[] {
  const errors: FormError[] = [];
  if (!signedIn) {
    if (!email.trim()) errors.push({ field: 'email', message: BUYING_MESSAGES.required });
    else if (!isEmail(email)) errors.push({ field: 'email', message: BUYING_MESSAGES.email });
  }
  if (needsDeliveryAddress) {
    for (const key of ['name', 'line1', 'town'] as const) if (!address[key].trim()) errors.push({ field: `address.${key}`, message: BUYING_MESSAGES.required });
    if (!address.postcode.trim()) errors.push({ field: 'address.postcode', message: BUYING_MESSAGES.required });
    else if (!isValidPostcode(address.postcode)) errors.push({ field: 'address.postcode', message: BUYING_MESSAGES.postcode });
  }
  if (holdEnded) errors.push({ field: null, message: BUYING_MESSAGES.holdExpired });
  return errors;
}

/** The delivery address as placeOrder takes it: trimmed, the optional lines null when empty. */
export function deliveryAddressInput(address: AddressValue): NonNullable<PlaceOrderInput['deliveryAddress']> {
  return { name: address.name.trim(), line1: address.line1.trim(), line2: address.line2.trim() || null, town: address.town.trim(), county: address.county.trim() || null, postcode: address.postcode.trim() };
}
