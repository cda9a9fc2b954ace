import { canonicalEmail } from '@shop/domain/email';

/**
 * A guest's customer key for per-customer caps and one-per-customer promo codes: `g:` and the
 * canonical email (domain canonicalEmail: case, `+tag` and Gmail's dots do not make a new customer).
 */
export function guestKeyOf(email: string): string {
  return `g:${canonicalEmail(email)}`;
}
