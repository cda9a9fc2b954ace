/**
 * The loyalty club (issue 18 point 6): Customer.loyalty (spec §3 Loyalty profile and the spec §5
 * exchange texts), its points history as a Relay connection, and the PointsActivity node.
 *
 * Only the viewer's own club is read (the token comes from the session, never from input);
 * another customer, a guest or a forged id get null (reliability Z1). Spec §8: a club failure is
 * reported (the 'club' issue line, with the brand) and never breaks the page: loyalty is null and
 * the client shows the page without the panel.
 */
import { exchangeMessages, loyaltyProfile, LOYALTY_LEVELS } from '@shop/domain';
import type { GatewayContext } from '../../context.ts';
import type { PointsEventRecord, RewardDetails } from '../../clients/rewards.client.ts';
import { badUserInput, clampFirst, decodeCursor, encodeCursor, pageInfoOf } from '../../relay/connection.ts';
import { toGlobalId } from '../../relay/global-id.ts';
import type { TypedNode } from '../../relay/node.ts';
import type { CustomerResolvers, LoyaltyProfileResolvers, PointsActivityResolvers } from '../__generated__/resolvers.ts';
import type { CustomerParent } from '../accounts/Customer.ts';
import { viewerToken } from '../buying/Order.ts';

export type LoyaltyParent = RewardDetails & { customerToken: string };
export type PointsActivityParent = PointsEventRecord;

export const ACTIVITY_PAGE_DEFAULT = 20;
export const ACTIVITY_PAGE_MAX = 50;
/** Spec §8: club failures are reported with the 'club' issue message per brand. */
export const CLUB_BRAND = 'Thistle Deals';

export function reportClubFailure(ctx: GatewayContext, what: string, error: unknown): void {
  ctx.logger.warn('club', { issue: 'club', brand: CLUB_BRAND, what, correlationId: ctx.requestId, error: String(error) });
}

export const loyaltyCustomer: Pick<CustomerResolvers, 'loyalty'> = {
  loyalty: async (customer: CustomerParent, _a, ctx) => {
    const customerToken = await viewerToken(ctx, customer);
    if (!customerToken) return null;
    try {
      return { ...(await ctx.clients.rewards.details(customerToken)), customerToken };
    } catch (error) {
      reportClubFailure(ctx, 'details', error);
      return null;
    }
  },
};

/** The domain's profile again from the service's figures (the spec §5 texts are the domain's). */
function profileOf(d: RewardDetails) {
  return loyaltyProfile({ lifetimePoints: d.lifetimePoints, currentPoints: d.currentPoints });
}

export const LoyaltyProfileType: LoyaltyProfileResolvers = {
  currentLevel: (d) => d.currentLevel,
  nextLevel: (d) => d.nextLevel,
  lifetimePoints: (d) => d.lifetimePoints,
  currentPoints: (d) => d.currentPoints,
  pendingPoints: (d) => d.pendingPoints,
  pointsToNextLevel: (d) => d.pointsToNextLevel,
  exchangeRate: (d) => d.exchangeRate,
  playerActivityCountVO: (d) => d.playerActivityCountVO,
  loyaltyActivityDescriptions: (d) => d.loyaltyActivityDescriptions,
  levels: (d) => (d.levels.length ? d.levels : LOYALTY_LEVELS.map((l) => ({ ...l }))),
  exchangePrompt: (d) => exchangeMessages(profileOf(d)).prompt,
  exchangeRateText: (d) => exchangeMessages(profileOf(d)).rate,
  canExchange: (d) => exchangeMessages(profileOf(d)).canExchange,
  activity: async (d, args: { first?: number | null; after?: string | null }, ctx) => {
    const size = Math.min(clampFirst(args.first, ACTIVITY_PAGE_DEFAULT), ACTIVITY_PAGE_MAX);
    // Every cursor carries its event id: `after` continues below it (keyset on the ledger's id).
    const cursor = args.after != null ? decodeCursor(args.after) : null;
    const before = cursor ? Number(cursor.k) : undefined;
    if (cursor && !(Number.isSafeInteger(before) && before! > 0)) throw badUserInput('`after` is not a cursor from this list.', 'after');
    const start = cursor ? cursor.o + 1 : 0;
    let page: { events: PointsEventRecord[]; hasMore: boolean };
    try {
      page = await ctx.clients.rewards.activity(d.customerToken, { limit: size, ...(before === undefined ? {} : { before }) });
    } catch (error) {
      reportClubFailure(ctx, 'activity', error);
      throw error;
    }
    const edges = page.events.map((node, i) => ({ node, cursor: encodeCursor({ o: start + i, k: String(node.id) }) }));
    return { edges, pageInfo: pageInfoOf(edges, start, page.hasMore) };
  },
};

const KIND = { order_pending: 'ORDER_PENDING', order_settled: 'ORDER_AVAILABLE', order_removed: 'ORDER_REMOVED', share: 'SHARE', view: 'VIEW', exchange: 'EXCHANGE' } as const;

export const PointsActivityType: PointsActivityResolvers = {
  id: (e) => toGlobalId('PointsActivity', e.id),
  kind: (e) => KIND[e.kind],
  points: (e) => e.points,
  pendingPoints: (e) => e.pending,
  description: (e) => e.description,
  createdAt: (e) => e.createdAt,
};

const EVENT_ID = /^[1-9]\d{0,14}$/;

/**
 * node(id:) for PointsActivity:{id}: the signed-in customer's own event; another customer's, a
 * guest's, an unknown or malformed id are the same null (the service reads only the viewer's
 * history: the one event below id + 1).
 */
export async function loadPointsActivityNode(ctx: GatewayContext, key: string): Promise<TypedNode | null> {
  if (!EVENT_ID.test(key)) return null;
  const viewer = await ctx.session.viewer();
  if (!viewer) return null;
  const customerToken = await ctx.customerToken();
  if (!customerToken) return null;
  const id = Number(key);
  const { events } = await ctx.clients.rewards.activity(customerToken, { limit: 1, before: id + 1 });
  const found = events[0];
  return found && found.id === id ? { __typename: 'PointsActivity', ...found } : null;
}
