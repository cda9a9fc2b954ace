/**
 * Resolvers of the "Wish list alerts" part of schema.graphql (issue 19 point 2; the emails are
 * the wishlist service's job, the preferences the users service's): Customer.wishlistAlerts,
 * updateWishlistAlerts (the signed-in customer's own, the session decides whose) and
 * unsubscribeWishlistAlert (the signed link of one kind in such an email, no login). schema.ts
 * spreads these in.
 */
import { ACCOUNT_MESSAGES } from '@shop/domain/accounts';
import { WISHLIST_ALERT_LABELS } from '@shop/domain/wishlist-alerts';
import type { CustomerResolvers, MutationResolvers } from '../__generated__/resolvers.ts';
import type { CustomerParent } from '../accounts/Customer.ts';
import { orNullIfSignedOut } from '../accounts/session-ended.ts';
import { fromServiceError, validationError } from '../accounts/account-errors.ts';
import { TOKEN_MAX } from '../accounts/Mutation.signIn.ts';
import { userError } from '../user-errors.ts';
import { byTypename } from '../mappers.ts';

export const wishlistAlertsCustomerFields: Pick<CustomerResolvers, 'wishlistAlerts'> = {
  wishlistAlerts: async (customer: CustomerParent, _a, ctx) => {
    const viewer = await ctx.session.viewer();
    const token = ctx.session.token();
    if (!viewer || viewer.id !== customer.id || !token) return null;
    return orNullIfSignedOut(ctx, () => ctx.clients.wishlistAlerts.preferences(token));
  },
};

const updateWishlistAlerts: NonNullable<MutationResolvers['updateWishlistAlerts']> = async (_p, { input }, ctx) => {
  const token = ctx.session.token();
  if (!token || !(await ctx.session.viewer())) return userError('UnauthenticatedError', 'UNAUTHENTICATED');
  const wanted = {
    ...(typeof input.priceDrops === 'boolean' ? { priceDrops: input.priceDrops } : {}),
    ...(typeof input.backInStock === 'boolean' ? { backInStock: input.backInStock } : {}),
  };
  const saved = await orNullIfSignedOut(ctx, () => ctx.clients.wishlistAlerts.update(token, wanted));
  return saved ? { __typename: 'WishlistAlertPreferences' as const, ...saved } : userError('UnauthenticatedError', 'UNAUTHENTICATED');
};

const unsubscribeWishlistAlert: NonNullable<MutationResolvers['unsubscribeWishlistAlert']> = async (_p, { input }, ctx) => {
  const token = input.token.trim();
  if (!token) return validationError('token', ACCOUNT_MESSAGES.required);
  if (token.length > TOKEN_MAX) return userError('InvalidLinkError', 'INVALID_LINK', 'token');
  try {
    const done = await ctx.clients.wishlistAlerts.unsubscribe(token);
    const kind = done.kind === 'price_drop' ? ('PRICE_DROP' as const) : ('BACK_IN_STOCK' as const);
    return { __typename: 'WishlistAlertUnsubscribed' as const, kind, email: done.email, message: WISHLIST_ALERT_LABELS[done.kind].stopped };
  } catch (error) {
    const member = fromServiceError(error, { allowed: ['ValidationError', 'InvalidLinkError'] as const });
    if (member) return member;
    throw error;
  }
};

export const wishlistAlertsMutation = { updateWishlistAlerts, unsubscribeWishlistAlert };
export const wishlistAlertsTypes = {
  UpdateWishlistAlertsResult: { __resolveType: byTypename },
  UnsubscribeWishlistAlertResult: { __resolveType: byTypename },
};
