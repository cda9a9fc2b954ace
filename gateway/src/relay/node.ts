/**
 * Query.node / Query.nodes: refetch any object by its global id. Unknown and malformed ids give
 * null (never an error), so a stale id in a client store is harmless.
 */
import type { GatewayContext } from '../context.ts';
import { loadCustomerNode } from '../schema/accounts/Customer.ts';
import { loadBuyingNode } from '../schema/buying/nodes.ts';
import { categoryParent } from '../schema/deals/Category.ts';
import { loadNearMeArea } from '../schema/lists/NearMe.ts';
import { loadSpecialEvent } from '../schema/lists/SpecialEvent.ts';
import { loadGuide } from '../schema/search/Guide.ts';
import { loadWalletTransactionNode } from '../schema/wallet/WalletState.ts';
import { loadPointsActivityNode } from '../schema/rewards/Loyalty.ts';
import { loadReferralNode } from '../schema/referrals/ReferFriend.ts';
import { fromGlobalId, parseNumericId, type NodeType } from './global-id.ts';
import type { ResolversInterfaceTypes, ResolversTypes } from '../schema/__generated__/resolvers.ts';

/** A node (the parent value of its GraphQL type, schema/__generated__) with its type name, for Node.__resolveType. */
export type TypedNode = ResolversInterfaceTypes<ResolversTypes>['Node'] & { __typename: NodeType };

const SLUG = /^[a-z0-9][a-z0-9-]{0,79}$/;

export async function loadNode(id: string, ctx: GatewayContext): Promise<TypedNode | null> {
  const parsed = fromGlobalId(id);
  if (!parsed) return null;
  const { type, key } = parsed;
  const [first = '', second = ''] = key.split(':');
  switch (type) {
    case 'Deal': {
      const dealId = parseNumericId(key);
      const deal = dealId === null ? null : await ctx.loaders.dealById.load(dealId);
      return deal && { __typename: type, ...deal };
    }
    case 'Location': {
      if (!SLUG.test(key)) return null;
      const location = await ctx.loaders.locationBySlug.load(key);
      return location && { __typename: type, ...location };
    }
    case 'Category': {
      // Category:{location}:{categoryId}
      const categoryId = parseNumericId(second);
      if (!SLUG.test(first) || categoryId === null) return null;
      const [category, location] = await Promise.all([ctx.loaders.categoryById(categoryId), ctx.loaders.locationBySlug.load(first)]);
      return category && location ? { __typename: type, ...categoryParent(category, location.slug) } : null;
    }
    case 'DealProduct': {
      // DealProduct:{dealId}:{productId}
      const dealId = parseNumericId(first);
      const productId = parseNumericId(second);
      if (dealId === null || productId === null) return null;
      const deal = await ctx.loaders.dealById.load(dealId);
      const product = deal?.products.find((p) => p.id === productId);
      return deal && product ? { __typename: type, dealId: deal.id, product } : null;
    }
    case 'Merchant': {
      // Merchant:{merchantId}
      const merchantId = parseNumericId(key);
      const merchant = merchantId === null ? null : await ctx.loaders.merchantById.load(merchantId);
      return merchant && { __typename: type, ...merchant };
    }
    case 'Guide': {
      // Guide:{slug}, the slug with its '/' segments.
      const guide = await loadGuide(ctx, key);
      return guide && { __typename: type, ...guide };
    }
    case 'SpecialEvent': {
      // SpecialEvent:{location}:{slug}
      if (key.split(':').length !== 2) return null;
      const event = await loadSpecialEvent(ctx, first, second);
      return event && { __typename: type, ...event };
    }
    case 'NearMeArea': {
      // NearMeArea:{location}:{area}
      if (key.split(':').length !== 2) return null;
      const area = await loadNearMeArea(ctx, first, second);
      return area && { __typename: type, ...area };
    }
    case 'Customer': {
      // Customer:{userId}: only ever the signed-in customer themself (Z1).
      const customer = await loadCustomerNode(ctx, key);
      return customer && { __typename: type, ...customer };
    }
    case 'Basket':
    case 'Checkout':
    case 'Order':
    case 'Voucher':
    case 'PaymentInstrument':
      // Only ever the shopper's own; anything else is the same null (schema/buying/nodes.ts, Z1/Z2).
      return loadBuyingNode(type, key, ctx);
    case 'WalletTransaction':
      // WalletTransaction:{id}: only the signed-in customer's own posting (schema/wallet/WalletState.ts).
      return loadWalletTransactionNode(ctx, key);
    case 'PointsActivity':
      // PointsActivity:{id}: only the signed-in customer's own points event (schema/rewards/Loyalty.ts).
      return loadPointsActivityNode(ctx, key);
    case 'Referral':
      // Referral:{uuid}: only one of the signed-in viewer's own referrals (schema/referrals/ReferFriend.ts).
      return loadReferralNode(ctx, key);
  }
}
