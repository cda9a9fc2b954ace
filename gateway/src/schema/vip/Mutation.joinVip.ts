/**
 * joinVip (issue 18 point 5): joining VIP from /deals/vip. The membership goes into the shopper's
 * checkout as its VIP option, ticked because they chose it here; they pay for it at checkout like
 * any order (with the lines their basket holds, or alone: an empty basket is made when they have
 * none), and the payment grants it (services/users grantVipMembership). The price is the
 * checkout's (VIP_PRICE_PENCE, £4.99), never the client's. A member is never offered it: the
 * checkout charges a member nothing for it and refuses an order with nothing else (BASKET_EMPTY).
 */
import { ERROR_MESSAGES } from '@shop/domain';
import type { Resolver } from '../types.ts';
import { setOption, type CheckoutResult } from '../buying/Checkout.ts';
import { fromServiceError, CHECKOUT_ERRORS } from '../buying/results.ts';
import { currentBasket, identity, setCurrentBasket } from '../buying/shopper.ts';

const refused = (code: 'VIP_NEEDS_ACCOUNT' | 'VIP_ALREADY_MEMBER' | 'VALIDATION_FAILED', message: string): CheckoutResult => ({ __typename: 'ValidationError', code, message, field: 'accept' });

export const joinVip: Resolver<unknown, { input: { accept?: unknown } }, Promise<CheckoutResult>> = async (_p, { input }, ctx) => {
  if (input?.accept !== true) return refused('VALIDATION_FAILED', 'Choose to join VIP for £4.99 a year.');
  try {
    const { customerToken, vipUser } = await identity(ctx);
    if (!customerToken) return refused('VIP_NEEDS_ACCOUNT', ERROR_MESSAGES.VIP_NEEDS_ACCOUNT);
    if (vipUser) return refused('VIP_ALREADY_MEMBER', ERROR_MESSAGES.VIP_ALREADY_MEMBER);
    if (!(await currentBasket(ctx))) {
      const created = await ctx.clients.basket.create({ customerToken, eligibleForVip: false, products: [] });
      setCurrentBasket(ctx, created.basket ?? (await ctx.clients.basket.byCustomer(customerToken)));
    }
    return await setOption(ctx, { vipChecked: true });
  } catch (error) {
    return fromServiceError(error, { allowed: CHECKOUT_ERRORS });
  }
};
