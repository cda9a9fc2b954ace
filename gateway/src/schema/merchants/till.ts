/**
 * What every call of the merchant's till does the same way (issue 17): signed in, and a member of
 * the business named. A business the account is not a member of, an unknown and a malformed id
 * are the same NotFoundError after the same calls (the Z rule: it never says the business exists).
 * The vouchers service is then told the business's own deals (a code of another business's deal
 * is not found there, exactly as a random code), the business as merchantRef and the member as
 * actorRef (their users-service id: stable, and no secret, unlike the customer token).
 */
import type { MemberBusinessData } from '../../clients/merchant-businesses.client.ts';
import type { Till } from '../../clients/redemption.client.ts';
import type { GatewayContext } from '../../context.ts';
import { notFound, userError, type NotFoundErrorValue, type UserErrorValue } from '../user-errors.ts';

const PREFIX = 'MerchantBusiness:';

/** MerchantBusiness.id: opaque, like every id the client holds. */
export const businessGlobalId = (id: number) => Buffer.from(`${PREFIX}${id}`, 'utf8').toString('base64');

/** The business id of a MerchantBusiness.id; null for anything else (answered as not found). */
export function businessIdOf(globalId: string): string | null {
  if (typeof globalId !== 'string' || globalId.length > 100 || !/^[A-Za-z0-9+/]+={0,2}$/.test(globalId)) return null;
  const decoded = Buffer.from(globalId, 'base64').toString('utf8');
  if (!decoded.startsWith(PREFIX)) return null;
  const key = decoded.slice(PREFIX.length);
  return /^[1-9][0-9]{0,14}$/.test(key) ? key : null;
}

/** The vouchers service's merchantRef of a business (on the redeem event; the undo checks it). */
export const merchantRefOf = (businessId: number) => `business:${businessId}`;

export interface Membership {
  business: MemberBusinessData;
  till: Till;
}

/** The signed-in member's business, or the answer to give instead. */
export async function membershipOf(ctx: GatewayContext, businessGlobalIdGiven: string): Promise<Membership | UserErrorValue<'UnauthenticatedError'> | NotFoundErrorValue> {
  const customerToken = await ctx.customerToken();
  const viewer = customerToken ? await ctx.session.viewer() : null;
  if (!customerToken || !viewer) return userError('UnauthenticatedError', 'UNAUTHENTICATED');
  const id = businessIdOf(businessGlobalIdGiven);
  const business = await ctx.clients.merchantBusinesses.businessOf(customerToken, id ?? '0');
  if (!business) return notFound('NOT_FOUND', 'businessId');
  return { business, till: { dealIds: business.dealIds, merchantRef: merchantRefOf(business.id), actorRef: `user:${viewer.id}` } };
}

export const isMembership = (m: Awaited<ReturnType<typeof membershipOf>>): m is Membership => 'till' in m;
