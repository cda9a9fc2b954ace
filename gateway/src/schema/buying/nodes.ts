/**
 * node(id:) for the buying types. Each answers only its owner, and every other case (another
 * shopper's object, an unknown or malformed id, a retyped id) is the same null with the same
 * work done first (reliability Z1, Z2):
 *
 * - Basket:{key}: the shopper's current basket when the key is its key (never the token itself).
 * - Checkout:{key}: the checkout of that same basket (the same key), as `checkout` answers it.
 * - Order:{orderId}: through loadOrder (own orders, or this browser's guest orders).
 * - Voucher:{orderId}:{voucherId}: its signed-in holder's (vouchers service), else through its
 *   order (vouchers/Voucher.ts loadVoucherNode).
 * - PaymentInstrument:{id}: among the signed-in customer's saved instruments.
 */
import type { GatewayContext } from '../../context.ts';
import type { TypedNode } from '../../relay/node.ts';
import { basketParent } from './Basket.ts';
import { checkoutNode, instrumentOf } from './Checkout.ts';
import { loadOrder } from './Order.ts';
import { loadVoucherNode } from '../vouchers/Voucher.ts';
import { basketKey, currentBasket, identity } from './shopper.ts';

export type BuyingNodeType = 'Basket' | 'Checkout' | 'Order' | 'Voucher' | 'PaymentInstrument';

const KEY = /^[A-Za-z0-9_-]{1,64}$/;

/** The shopper's current basket when `key` is its public key; null for any other key. */
async function ownBasket(key: string, ctx: GatewayContext) {
  const basket = await currentBasket(ctx);
  return basket && KEY.test(key) && basketKey(basket.id) === key ? basket : null;
}

export async function loadBuyingNode(type: BuyingNodeType, key: string, ctx: GatewayContext): Promise<TypedNode | null> {
  switch (type) {
    case 'Basket': {
      const basket = await ownBasket(key, ctx);
      if (!basket) return null;
      const { customerToken } = await identity(ctx);
      return { __typename: 'Basket', ...basketParent(basket, customerToken !== null) };
    }
    case 'Checkout': {
      // Another shopper's, a random or a retyped key is null before any call to the checkout service.
      if (!(await ownBasket(key, ctx))) return null;
      const found = await checkoutNode(ctx);
      return found && { ...found };
    }
    case 'Order': {
      const order = await loadOrder(ctx, key);
      return order && { __typename: 'Order', ...order };
    }
    case 'Voucher':
      return loadVoucherNode(ctx, key);
    case 'PaymentInstrument': {
      const { customerToken } = await identity(ctx);
      if (!customerToken || !KEY.test(key)) return null;
      const found = (await ctx.clients.payment.instruments(customerToken)).find((i) => i.id === key);
      return found ? instrumentOf(found) : null;
    }
  }
}
