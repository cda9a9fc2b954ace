/**
 * Refer a friend (issue 18 point 4): Customer.referFriend (spec §7 {user}/raf/status), its
 * referrals as a Relay connection, and the Referral node. Only the signed-in viewer's own: the
 * users service reads the session's account (the gateway passes the session token, never an
 * id), so another customer, a guest or a forged id get null (reliability Z1).
 */
import { REFERRAL_CREDIT_PENCE, REFERRAL_MAX_CREDITED_FRIENDS, REFERRAL_RULES, referralPath } from '@shop/domain/referrals';
import type { GatewayContext } from '../../context.ts';
import type { ReferralData, ReferralStatusData } from '../../clients/referrals.client.ts';
import { clampFirst, decodeCursor, encodeCursor, pageInfoOf } from '../../relay/connection.ts';
import { toGlobalId } from '../../relay/global-id.ts';
import type { TypedNode } from '../../relay/node.ts';
import type { CustomerResolvers, ReferFriendResolvers, ReferralResolvers } from '../__generated__/resolvers.ts';
import type { CustomerParent } from '../accounts/Customer.ts';
import { orNullIfSignedOut } from '../accounts/session-ended.ts';

export type ReferFriendParent = ReferralStatusData & { sessionToken: string };
export type ReferralParent = ReferralData;

const REFERRALS_PAGE_DEFAULT = 20;
const REFERRALS_PAGE_MAX = 50;

const gbp = (amount: number) => ({ amount, currency: 'GBP' as const });

/** The session token when the customer is the signed-in viewer, else null. */
async function ownSession(ctx: GatewayContext, customer: CustomerParent): Promise<string | null> {
  const viewer = await ctx.session.viewer();
  if (!viewer || viewer.id !== customer.id) return null;
  return ctx.session.token();
}

export const referralsCustomer: Pick<CustomerResolvers, 'referFriend'> = {
  referFriend: async (customer: CustomerParent, _a, ctx) => {
    const sessionToken = await ownSession(ctx, customer);
    if (!sessionToken) return null;
    const status = await orNullIfSignedOut(ctx, () => ctx.clients.referrals.status(sessionToken));
    return status && { ...status, sessionToken };
  },
};

const serviceCursor = (r: ReferralData) => Buffer.from(`${r.joinedAt}|${r.id}`).toString('base64url');

export const ReferFriendType: ReferFriendResolvers = {
  linkPath: (s) => referralPath(s.code),
  opens: (s) => s.opens,
  shares: (s) => s.shares,
  joined: (s) => s.joined,
  pending: (s) => s.pending,
  pendingAmount: (s) => gbp(s.pendingAmount),
  nextDueAt: (s) => s.nextDueAt,
  credited: (s) => s.credited,
  creditedAmount: (s) => gbp(s.creditedAmount),
  creditPerFriend: () => gbp(REFERRAL_CREDIT_PENCE),
  maxFriends: () => REFERRAL_MAX_CREDITED_FRIENDS,
  rules: () => [...REFERRAL_RULES],
  referrals: async (s, args: { first?: number | null; after?: string | null }, ctx) => {
    const size = Math.min(clampFirst(args.first, REFERRALS_PAGE_DEFAULT), REFERRALS_PAGE_MAX);
    const cursor = args.after != null ? decodeCursor(args.after) : null;
    const start = cursor ? cursor.o + 1 : 0;
    const page = await ctx.clients.referrals.referrals(s.sessionToken, { limit: size, ...(cursor?.k ? { after: cursor.k } : {}) });
    const edges = page.data.map((node, i) => ({ node, cursor: encodeCursor({ o: start + i, k: serviceCursor(node) }) }));
    return { edges, pageInfo: pageInfoOf(edges, start, page.nextCursor !== null) };
  },
};

export const ReferralType: ReferralResolvers = {
  id: (r) => toGlobalId('Referral', r.id),
  friend: (r) => r.friend,
  status: (r) => r.status,
  joinedAt: (r) => r.joinedAt,
  dueAt: (r) => r.dueAt,
  settledAt: (r) => r.settledAt,
  amount: (r) => gbp(r.amount),
};

const REFERRAL_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * node(id:) for Referral:{uuid}: one of the signed-in viewer's own referrals (looked for among
 * their newest 100); another customer's, a guest's, unknown and malformed ids are the same null.
 */
export async function loadReferralNode(ctx: GatewayContext, key: string): Promise<TypedNode | null> {
  if (!REFERRAL_ID.test(key)) return null;
  const token = ctx.session.token();
  if (!token || !(await ctx.session.viewer())) return null;
  const page = await orNullIfSignedOut(ctx, () => ctx.clients.referrals.referrals(token, { limit: 100 }));
  const found = page?.data.find((r) => r.id === key);
  return found ? { __typename: 'Referral', ...found } : null;
}
