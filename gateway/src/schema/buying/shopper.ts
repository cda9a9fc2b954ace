/**
 * Who is buying, within one request: the signed-in customer's token (from the session, never
 * from client input), else the guest's basket token from the `basket_token` cookie, and their
 * basket, read at most once per request (mutations replace it with the service's answer).
 *
 * Cookies (spec §9, §5):
 * - `basket_token`: the guest basket's token, HttpOnly; Secure; SameSite=Lax; Path=/ (site-wide),
 *   Max-Age 604800 (7 days). Accepted only when longer than 10 characters and token-shaped; a
 *   token the service does not know (expired, mismatched) is cleared.
 * - `order_access`: for a guest, the access tokens of the orders this browser placed (the
 *   checkout service issues one per guest order), so the confirmation page can be reloaded.
 *   HttpOnly; Secure; SameSite=Lax; Path=/; 30 days; the newest few only.
 *
 * A signed-in shopper's request that still carries a guest basket cookie merges that basket into
 * theirs (POST /basket/{token}/merge, idempotent: a merged basket is gone) and clears the cookie:
 * the sign-in's carry-over (accounts/carry-over.ts) does the same at sign-in; this catches a
 * carry-over that failed or a sign-in that could not clear the cookie (social sign-in).
 */
import { createHash } from 'node:crypto';
import { BASKET_COOKIE, BASKET_COOKIE_MAX_AGE_S, BASKET_TOKEN_MIN_EXCLUSIVE } from '@shop/domain';
import { clearedHttpOnlyCookie, httpOnlyCookie } from '../../accounts/cookies.ts';
import type { Basket } from '../../clients/basket.client.ts';
import type { GatewayContext } from '../../context.ts';

const TOKEN_SHAPE = /^[A-Za-z0-9._~-]{1,200}$/;

/** Spec §5: only tokens longer than 10 characters (and shaped like ours) are basket tokens. */
export function isUsableBasketToken(token: string | null | undefined): token is string {
  return typeof token === 'string' && token.length > BASKET_TOKEN_MIN_EXCLUSIVE && TOKEN_SHAPE.test(token);
}

export const basketCookie = (token: string): string => httpOnlyCookie(BASKET_COOKIE, token, BASKET_COOKIE_MAX_AGE_S);

export const clearedBasketCookie = (): string => clearedHttpOnlyCookie(BASKET_COOKIE);

export const ORDER_ACCESS_COOKIE = 'order_access';
export const ORDER_ACCESS_MAX_AGE_S = 30 * 24 * 3600;
/** The newest orders a guest browser can reopen. */
export const ORDER_ACCESS_KEEP = 5;
const ORDER_ID_SHAPE = /^[A-Za-z0-9-]{1,64}$/;
const ACCESS_TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,128}$/;

/** The (orderId, accessToken) pairs of the `order_access` cookie, newest first. */
export function orderAccessOf(cookies: Readonly<Record<string, string>>): { orderId: string; accessToken: string }[] {
  const raw = cookies[ORDER_ACCESS_COOKIE];
  if (!raw || raw.length > 2000) return [];
  const out: { orderId: string; accessToken: string }[] = [];
  for (const pair of raw.split('~')) {
    const dot = pair.indexOf('.');
    const orderId = pair.slice(0, dot);
    const accessToken = pair.slice(dot + 1);
    if (dot > 0 && ORDER_ID_SHAPE.test(orderId) && ACCESS_TOKEN_SHAPE.test(accessToken)) out.push({ orderId, accessToken });
  }
  return out.slice(0, ORDER_ACCESS_KEEP);
}

/** Adds a guest order's access token to the cookie (newest first). */
export function rememberOrderAccess(ctx: GatewayContext, orderId: string, accessToken: string): void {
  if (!ORDER_ID_SHAPE.test(orderId) || !ACCESS_TOKEN_SHAPE.test(accessToken)) return;
  const state = stateOf(ctx);
  const list = [{ orderId, accessToken }, ...(state.orderAccess ?? orderAccessOf(ctx.cookies)).filter((a) => a.orderId !== orderId)].slice(0, ORDER_ACCESS_KEEP);
  state.orderAccess = list;
  const value = list.map((a) => `${a.orderId}.${a.accessToken}`).join('~');
  ctx.responseCookies.set(ORDER_ACCESS_COOKIE, httpOnlyCookie(ORDER_ACCESS_COOKIE, value, ORDER_ACCESS_MAX_AGE_S));
}

/** The access token this browser holds for an order (guests), or null. */
export function orderAccessToken(ctx: GatewayContext, orderId: string): string | null {
  const state = stateOf(ctx);
  return (state.orderAccess ?? orderAccessOf(ctx.cookies)).find((a) => a.orderId === orderId)?.accessToken ?? null;
}

/** A basket's opaque public key: never the token itself (it is a bearer secret kept in an HttpOnly cookie). */
export function basketKey(token: string): string {
  return createHash('sha256').update(`basket:${token}`).digest('base64url').slice(0, 32);
}

interface ShopperState {
  identity?: Promise<Identity>;
  basket?: Promise<Basket | null>;
  orderAccess?: { orderId: string; accessToken: string }[];
}
const states = new WeakMap<GatewayContext, ShopperState>();
function stateOf(ctx: GatewayContext): ShopperState {
  let state = states.get(ctx);
  if (!state) {
    state = {};
    states.set(ctx, state);
  }
  return state;
}

export interface Identity {
  customerToken: string | null;
  /** The signed-in customer is a VIP member; false for guests. */
  vipUser: boolean;
  /** The signed-in customer's account email (where their vouchers go); null for guests. */
  email: string | null;
  /** The guest basket cookie's token (also present for a signed-in shopper until merged). */
  guestToken: string | null;
}

export function identity(ctx: GatewayContext): Promise<Identity> {
  const state = stateOf(ctx);
  state.identity ??= (async () => {
    const raw = ctx.cookies[BASKET_COOKIE];
    const guestToken = isUsableBasketToken(raw) ? raw : null;
    // A cookie that is no basket token (spec §5: a logged problem, and null).
    if (raw !== undefined && raw !== '' && guestToken === null) {
      ctx.logger.warn('Basket token or operation failed.', { correlationId: ctx.requestId, reason: 'unusable basket token cookie' });
      ctx.responseCookies.set(BASKET_COOKIE, clearedBasketCookie());
    }
    const customerToken = await ctx.customerToken();
    const viewer = customerToken ? await ctx.session.viewer() : null;
    return { customerToken, vipUser: viewer?.vipUser === true, email: viewer?.email ?? null, guestToken };
  })();
  return state.identity;
}

/** The shopper's basket (null when there is none), read once per request. */
export function currentBasket(ctx: GatewayContext): Promise<Basket | null> {
  const state = stateOf(ctx);
  state.basket ??= (async () => {
    const { customerToken, guestToken } = await identity(ctx);
    if (customerToken) {
      if (guestToken) {
        try {
          await ctx.clients.basket.merge(guestToken, customerToken);
        } catch (error) {
          ctx.logger.warn('Basket token or operation failed.', { correlationId: ctx.requestId, reason: 'merge of the guest basket', error: String(error) });
        }
        ctx.responseCookies.set(BASKET_COOKIE, clearedBasketCookie());
      }
      return syncVipStatus(ctx, await ctx.clients.basket.byCustomer(customerToken));
    }
    if (!guestToken) return null;
    const basket = await ctx.clients.basket.byToken(guestToken, null);
    // Spec §8: an inaccurate or mismatched basket token is reported and the cookie replaced.
    if (!basket || basket.id !== guestToken) {
      ctx.logger.warn('Basket token or operation failed.', { correlationId: ctx.requestId, reason: basket ? 'mismatched basket token' : 'unknown basket token' });
      if (basket && isUsableBasketToken(basket.id)) ctx.responseCookies.set(BASKET_COOKIE, basketCookie(basket.id));
      else ctx.responseCookies.set(BASKET_COOKIE, clearedBasketCookie());
    }
    return basket;
  })();
  return state.basket;
}

/** The basket changed behind the gateway (an order took its lines): read it again if asked. */
export function forgetCurrentBasket(ctx: GatewayContext): void {
  delete stateOf(ctx).basket;
}

/** A mutation's answer is the basket from now on in this request. */
export function setCurrentBasket(ctx: GatewayContext, basket: Basket | null): void {
  stateOf(ctx).basket = Promise.resolve(basket);
}

/**
 * A customer's basket follows their VIP membership (spec §7 update-vip-status): one bought or ended
 * since the basket was made changes whether it may take VIP-exclusive options. Only when it differs.
 * Run wherever the basket is read for a signed-in shopper (currentBasket), so a member's basket is
 * synced when a page loads (spec §4 "VIP-capable users get the basket synced at layout load").
 */
export async function syncVipStatus(ctx: GatewayContext, basket: Basket | null): Promise<Basket | null> {
  const { customerToken, vipUser } = await identity(ctx);
  if (!basket || !customerToken || (basket.eligibleForVip ?? false) === vipUser) return basket;
  const viewer = await ctx.session.viewer();
  const synced = await ctx.clients.basket.updateVipStatus(basket.id, customerToken, vipUser ? 'ACTIVE' : (viewer?.vipStatus ?? 'NOT_CHECKED'));
  if (synced) setCurrentBasket(ctx, synced);
  if (!synced || !vipUser) return synced ?? basket;
  // Just became a member (spec §7 apply-vip-discount): lines with a VIP option move to it, so the
  // basket and checkout show and charge the VIP price. The basket stands as synced if this fails.
  const applied = await ctx.clients.basket.applyVipDiscount(synced.id, customerToken).catch((error: unknown) => {
    ctx.logger.warn('apply-vip-discount failed', { correlationId: ctx.requestId, error: error instanceof Error ? error.message : String(error) });
    return null;
  });
  if (applied) setCurrentBasket(ctx, applied.basket);
  return applied?.basket ?? synced;
}
