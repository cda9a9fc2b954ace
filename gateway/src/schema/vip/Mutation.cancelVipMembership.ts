/**
 * cancelVipMembership (issue 18 point 5; spec §7 subscription/cancel; UK DMCC Act 2024): the
 * signed-in member cancels online in one step (joining took one tick). The customer token is the
 * session's, never the input's; the checkout service decides (the London 14-day window, once per
 * order) and refunds. The input names the order the page showed, so a cancel never acts on
 * another membership than the one the shopper read about (a stale page is told to look again).
 *
 * - Signed out: UnauthenticatedError before any call.
 * - No paid membership, or not the one shown: NotFoundError VIP_NOT_A_MEMBER.
 * - Paid more than 14 days ago: VipCancelError VIP_REFUND_WINDOW_CLOSED (it never renews by itself).
 */
import { z } from 'zod';
import { messageFor } from '@shop/domain';
import type { GatewayContext } from '../../context.ts';
import type { VipCancellationData } from '../../clients/vip.client.ts';
import type { CustomerResolvers, MutationResolvers, ResolversTypes } from '../__generated__/resolvers.ts';
import type { CustomerParent } from '../accounts/Customer.ts';
import { viewerToken } from '../buying/Order.ts';
import { check } from '../buying/inputs.ts';
import { notFound, userError } from '../user-errors.ts';

const CancelInput = z.object({ orderNumber: z.string().trim().min(1, { error: 'Which membership? Reload the page and try again.' }).max(40, { error: 'Which membership? Reload the page and try again.' }) });

type Result = ResolversTypes['CancelVipMembershipResult'];

const money = (amount: number) => ({ amount, currency: 'GBP' as const });
const refundStates = { requested: 'REQUESTED', completed: 'COMPLETED', failed: 'FAILED' } as const;

const vipCancellationView = (c: VipCancellationData) => ({ orderNumber: c.orderNumber, paidAt: c.paidAt, refundableUntil: c.refundableUntil, refundable: c.refundable, amount: money(c.amount) });

export const vipCustomer: Pick<CustomerResolvers, 'vipCancellation'> = {
  vipCancellation: async (customer: CustomerParent, _a, ctx) => {
    const customerToken = await viewerToken(ctx, customer);
    if (!customerToken) return null;
    const found = await ctx.clients.vip.cancellation(customerToken);
    return found ? vipCancellationView(found) : null;
  },
};

/** The shopper as the users service now has them (the cancel changed their VIP fields). */
async function freshViewer(ctx: GatewayContext): Promise<CustomerParent | null> {
  const token = ctx.session.token();
  if (!token) return null;
  const found = await ctx.clients.users.findSession(token);
  if (found) ctx.session.updateUser(found.user);
  return found?.user ?? null;
}

export const cancelVipMembership: NonNullable<MutationResolvers['cancelVipMembership']> = async (_p, { input }, ctx): Promise<Result> => {
  const parsed = check(CancelInput, input);
  if (!parsed.ok) return parsed.error;
  const customerToken = await ctx.session.customerToken();
  if (!customerToken) return userError('UnauthenticatedError', 'UNAUTHENTICATED');
  const shown = await ctx.clients.vip.cancellation(customerToken);
  if (!shown || shown.orderNumber !== parsed.data.orderNumber) return notFound('VIP_NOT_A_MEMBER');
  const answer = await ctx.clients.vip.cancel(customerToken);
  if (!answer.ok) {
    if (answer.code === 'VIP_NOT_A_MEMBER') return notFound('VIP_NOT_A_MEMBER');
    return { __typename: 'VipCancelError', code: 'VIP_REFUND_WINDOW_CLOSED', message: answer.message ?? messageFor('VIP_REFUND_WINDOW_CLOSED'), field: null };
  }
  const viewer = await freshViewer(ctx);
  if (!viewer) return userError('UnauthenticatedError', 'UNAUTHENTICATED');
  return {
    __typename: 'VipMembershipCancelled',
    viewer,
    cardAmount: money(answer.refund.cardAmount),
    walletAmount: money(answer.refund.walletAmount),
    refundState: refundStates[answer.refund.state],
  };
};
