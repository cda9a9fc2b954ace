import type { OpenAPIHono } from '@hono/zod-openapi';
import type { BasketLine } from '@shop/domain/gifting';
import type { BasketDeps } from '../lib/deps.ts';
import { basketNotFound, fail, invalid, noBasketToken } from '../lib/http.ts';
import { mergeInputs, replaceInputs } from '../lines/lines.ts';
import { MAX_LINES } from '../contract.ts';
import type { StoredBasket } from './baskets.store.ts';
import { VIP_PRICES_FOR_MEMBERS } from '@shop/domain/vip';
import { answer, change, checkLines, noNewLines, notMade, refusalOf, refuse, send, sendOnRefusal, tooManyLines, visibleTo, type Outcome, type Refusal } from './change.ts';
import * as routes from './baskets.routes.ts';
import * as store from './baskets.store.ts';
import { mergeGuestBasket } from './merge.ts';
import { isWellFormedToken, newBasketToken } from './tokens.ts';

/** apply-vip-discount on a basket that is not a member's. */
class NotAMember extends Error {}

export function registerBasketRoutes(app: OpenAPIHono, deps: BasketDeps): void {
  const { db } = deps;
  const checkNewLines = checkLines(deps);

  app.openapi(routes.createBasket, async (c) => {
    const body = c.req.valid('json');
    const query = c.req.valid('query');
    const customerToken = body.customerToken ?? query.customerToken ?? null;
    if (body.customerToken && query.customerToken && body.customerToken !== query.customerToken) {
      return invalid(c, [{ field: 'customerToken', message: 'The customer token of the body must be the caller’s.' }]);
    }
    let products: BasketLine[];
    try {
      products = replaceInputs(body.products);
    } catch (err) {
      const r = refusalOf(err);
      if (r) return refuse(c, r);
      throw err;
    }
    const at = deps.now();
    const token = newBasketToken();
    const outcome: Outcome = await db
      .transaction()
      .execute(async (trx) => {
        const inserted = await store.insertBasket(trx, { token, customerToken, brand: body.brand, eligibleForVip: body.eligibleForVip ?? false, now: at });
        let base: store.StoredBasket | null;
        if (inserted) base = await store.lockBasket(trx, token);
        else base = customerToken ? await store.customerBasket(trx, customerToken, { lock: true }) : null;
        if (!base) throw new Error('The basket just created, or the customer’s open basket, is missing');
        const next: store.StoredBasket = inserted
          ? { ...base, products }
          : { ...base, brand: body.brand, eligibleForVip: body.eligibleForVip ?? base.eligibleForVip, products: mergeInputs(base.products, body.products) };
        if (next.products.length > MAX_LINES) return tooManyLines();
        const dated = sendOnRefusal(inserted ? [] : base.products, next.products, at);
        if (dated) throw new RefusalAbort(dated);
        const refusal = await checkNewLines(trx, base.products, next);
        if (refusal) {
          // Nothing of this request stays: the transaction rolls back the new basket too.
          throw new RefusalAbort(refusal);
        }
        await store.saveBasket(trx, next, at);
        return { kind: 'ok', basket: { ...next, updatedAt: at }, created: inserted } as const;
      })
      .catch((err: unknown) => {
        if (err instanceof RefusalAbort) return err.refusal;
        const r = refusalOf(err);
        if (r) return r;
        throw err;
      });
    if (outcome.kind !== 'ok') return notMade(c, outcome);
    c.header('Location', `${deps.basePath}/basket/${outcome.basket.id}`);
    const basket = await answer(deps, outcome.basket);
    return outcome.created ? c.json(basket, 201) : c.json(basket, 200);
  });

  app.openapi(routes.getBasketByToken, async (c) => {
    const { token } = c.req.valid('param');
    const query = c.req.valid('query');
    if (!isWellFormedToken(token)) return noBasketToken(c);
    const b = await store.loadBasket(db, token);
    if (!b || b.status !== 'open' || !visibleTo(b, query.customerToken)) return basketNotFound(c);
    return c.json(await answer(deps, b, query.giftPacks === 'true'), 200);
  });

  app.openapi(routes.getCustomerBaskets, async (c) => {
    const query = c.req.valid('query');
    let b: store.StoredBasket | null;
    if (query.basketToken !== undefined) {
      const found = isWellFormedToken(query.basketToken) ? await store.loadBasket(db, query.basketToken) : null;
      b = found && found.status === 'open' && visibleTo(found, query.customerToken) ? found : null;
    } else if (query.customerToken !== undefined) {
      b = await store.customerBasket(db, query.customerToken);
    } else {
      return invalid(c, [{ field: 'customerToken', message: 'Send customerToken (or basketToken).' }]);
    }
    return c.json(b ? [await answer(deps, b, query.giftPacks === 'true')] : [], 200);
  });

  for (const [route, mode] of [
    [routes.replaceBasket, 'replace'],
    [routes.updateBasket, 'merge'],
  ] as const) {
    app.openapi(route, async (c) => {
      const { token: id } = c.req.valid('param');
      const query = c.req.valid('query');
      const body = c.req.valid('json');
      if (!isWellFormedToken(id)) return noBasketToken(c);
      if (body.id !== undefined && body.id !== id) return invalid(c, [{ field: 'id', message: 'The id must be the basket token of the path.' }]);
      const outcome = await change(
        deps,
        id,
        query.customerToken,
        (b) => {
          if (body.customerToken !== undefined && body.customerToken !== b.customerToken) {
            return { kind: 'problem', status: 400, code: 'VALIDATION_FAILED', errors: [{ field: 'customerToken', message: 'A basket keeps its customer; a guest basket joins a customer by POST /basket/{guestToken}/merge.' }] };
          }
          return {
            ...b,
            brand: body.brand ?? b.brand,
            eligibleForVip: body.eligibleForVip ?? b.eligibleForVip,
            products: mode === 'replace' ? replaceInputs(body.products) : mergeInputs(b.products, body.products),
          };
        },
        checkNewLines,
      );
      return send(deps, c, outcome);
    });
  }

  app.openapi(routes.updateVipStatus, async (c) => {
    const { token: id } = c.req.valid('param');
    const query = c.req.valid('query');
    const { vipStatus } = c.req.valid('json');
    if (!isWellFormedToken(id)) return noBasketToken(c);
    // eligibleForVip follows the membership: a basket may take VIP-exclusive options only while it is ACTIVE.
    const outcome = await change(deps, id, query.customerToken, (b) => ({ ...b, vipStatus, eligibleForVip: vipStatus === 'ACTIVE' }), noNewLines);
    return send(deps, c, outcome);
  });

  // Spec §7 apply-vip-discount: a member's lines move to their VIP options (domain vipEquivalentOf),
  // in the basket's one transaction; the new lines pass the usual checks (stock, caps, VIP).
  app.openapi(routes.applyVipDiscount, async (c) => {
    const { token: id } = c.req.valid('param');
    const query = c.req.valid('query');
    if (!isWellFormedToken(id)) return noBasketToken(c);
    const moved: { fromProductId: number; toProductId: number; quantity: number; price: number; vipPrice: number }[] = [];
    const outcome = await change(
      deps,
      id,
      query.customerToken,
      async (b, trx): Promise<StoredBasket> => {
        moved.length = 0;
        // Decided on the locked basket; thrown to roll back and answered below.
        if (!b.eligibleForVip) throw new NotAMember();
        const equivalents = deps.vipEquivalents && b.products.length ? await deps.vipEquivalents({ productIds: b.products.map((l) => l.dealProductId), db: trx }) : new Map();
        const products: BasketLine[] = [];
        for (const line of b.products) {
          const vip = equivalents.get(line.dealProductId);
          if (!vip || line.quantity <= 0) {
            products.push(line);
            continue;
          }
          moved.push({ fromProductId: line.dealProductId, toProductId: vip.vipProductId, quantity: line.quantity, price: vip.price, vipPrice: vip.vipPrice });
          products.push({ ...line, dealProductId: vip.vipProductId });
        }
        // A VIP line already there and a moved one: one line of their quantities (the checks cap it).
        const merged: BasketLine[] = [];
        for (const line of products) {
          const same = merged.find((m) => m.dealProductId === line.dealProductId && m.dealId === line.dealId);
          if (same) merged[merged.indexOf(same)] = { ...same, quantity: same.quantity + line.quantity };
          else merged.push(line);
        }
        return { ...b, products: merged };
      },
      checkNewLines,
    ).catch((err: unknown) => {
      if (err instanceof NotAMember) return null;
      throw err;
    });
    if (outcome === null) return fail(c, 403, 'VIP_ONLY', { detail: VIP_PRICES_FOR_MEMBERS });
    if (outcome.kind !== 'ok') return notMade(c, outcome);
    return c.json({ basket: await answer(deps, outcome.basket), moved }, 200);
  });

  app.openapi(routes.mergeBasket, async (c) => {
    const { guestToken } = c.req.valid('param');
    const { customerToken } = c.req.valid('json');
    if (!isWellFormedToken(guestToken)) return noBasketToken(c);
    const result = await mergeGuestBasket(db, { guestToken, customerToken, now: deps.now() });
    if (!result.ok) return basketNotFound(c);
    return c.json(await answer(deps, result.basket), 200);
  });
}

/** Carries a refusal out of the transaction, so that it rolls back. */
class RefusalAbort extends Error {
  readonly refusal: Refusal;
  constructor(refusal: Refusal) {
    super('refused');
    this.refusal = refusal;
  }
}
