/**
 * The basket service (README.md is the contract): baskets by token or customer, lines with the
 * spec §4 merge rules and gifting transitions, add-ons, the VIP status, and the guest basket's
 * merge on login. The shop mounts it under /api/basket; the gateway calls `app.fetch` on paths
 * without that prefix.
 */
import { ERROR_MESSAGES } from '@shop/domain/error-codes';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { GiftingError, giftPackQuantities, giftWrapQuantity, itemCount, type BasketLine } from '@shop/domain/gifting';
import type { ErrorCode } from '@shop/domain/error-codes';
import { createServiceApp, requireJsonBody, type FieldError } from '@shop/platform';
import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import { ID_MAX, MAX_LINES, type BasketResponse } from './contract.ts';
import type { BasketDb } from './db/database.ts';
import { basketNotFound, fail, invalid, noBasketToken } from './lib/http.ts';
import { applyLineInput, LineInputError, mergeInputs, replaceInputs } from './lines.ts';
import { minimumQuantity } from '@shop/domain/purchase-limits';
import { changedLines, lineLimit, refuseLine, type CatalogueProduct, type LineRefusal, type ProductCheck } from './product-check.ts';
import * as routes from './routes.ts';
import { customerBasket, insertBasket, isWellFormedToken, lockBasket, loadBasket, mergeGuestBasket, newBasketToken, saveBasket, type StoredBasket } from './store.ts';

export const BASKET_BASE_PATH = '/api/basket';

export interface BasketAppOptions {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the shop passes its one schema-agnostic handle
  db: BasketDb | Kysely<any>;
  /** Callers must send it in x-service-token (everything but the docs). */
  serviceToken: string;
  /** Public path the app is mounted at (OpenAPI servers, Location headers); default /api/basket. */
  basePath?: string;
  /**
   * The catalogue check of new and changed lines (product-check.ts); the shop wires the deals
   * service's stockView. Without it lines are kept as given: the checkout still prices and
   * holds them from the catalogue.
   */
  productCheck?: ProductCheck;
  now?: () => Date;
  log?: (message: string, fields: Record<string, unknown>) => void;
}

/**
 * The JSON answer of a basket. With the catalogue (productCheck) each line also says what the
 * shopper may do with it now: maxQuantity (spec §5 purchase limit, never more than is left; 0 when
 * it cannot be bought), minQuantity (2 for price per person) and soldOut.
 */
export function basketJson(b: StoredBasket, { giftPacks = true, catalogue = null as Map<number, CatalogueProduct> | null } = {}): BasketResponse {
  const loggedIn = b.customerToken !== null;
  const products = b.products.map((l) => {
    if (!catalogue) return l;
    const p = catalogue.get(l.dealProductId);
    const buyable = p !== undefined && p.dealId === l.dealId && !p.disabled && !p.closed && (!p.vipExclusive || b.eligibleForVip);
    const max = buyable ? lineLimit(p, loggedIn) : 0;
    return { ...l, maxQuantity: max, minQuantity: minimumQuantity(p?.pricePerPerson ?? false), soldOut: max === 0 };
  });
  const wrap = giftWrapQuantity(b);
  return {
    id: b.id,
    customerToken: b.customerToken,
    brand: b.brand,
    eligibleForVip: b.eligibleForVip,
    vipStatus: b.vipStatus as BasketResponse['vipStatus'],
    products,
    addons: b.addons,
    itemCount: itemCount(b),
    giftWrapQuantity: wrap,
    giftWrap: wrap,
    ...(giftPacks ? { giftPacks: [...giftPackQuantities(b)].map(([giftPackProductId, quantity]) => ({ giftPackProductId, quantity })) } : {}),
    createdAt: b.createdAt.toISOString(),
    updatedAt: b.updatedAt.toISOString(),
  };
}

type RefusalStatus = LineRefusal['status'];
/** A change refused, as the problem it answers. */
type Refusal<S extends RefusalStatus = RefusalStatus> = { kind: 'problem'; status: S; code: ErrorCode; detail?: string; errors?: FieldError[]; extra?: Record<string, unknown> };
type NotFound = { kind: 'not-found' };
type Outcome<S extends RefusalStatus = RefusalStatus> = { kind: 'ok'; basket: StoredBasket; created?: boolean } | NotFound | Refusal<S>;

/** Checks the lines of a change against the catalogue: a refusal, or null when they may stay. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- handed on to the shop's check as its schema-agnostic handle
type LineCheck<S extends RefusalStatus> = (trx: Kysely<any>, before: readonly BasketLine[], next: StoredBasket) => Promise<Refusal<S> | null>;

/**
 * The check of a change that adds and raises no line (a removal, the VIP status): changedLines
 * finds none, so there is nothing to ask the catalogue and nothing it could refuse.
 */
const noNewLines: LineCheck<never> = async () => null;

/** A refusal as its problem, typed by its status for the route table. */
const refuse = <S extends RefusalStatus>(c: Context, r: Refusal<S>) => fail(c, r.status, r.code, { detail: r.detail, errors: r.errors, extra: r.extra });

/** A change not made: no basket the caller may see, or a refusal. */
const notMade = <S extends RefusalStatus>(c: Context, outcome: NotFound | Refusal<S>) => (outcome.kind === 'not-found' ? basketNotFound(c) : refuse(c, outcome));

const refusalOf = (err: unknown): Refusal<400> | null => {
  if (err instanceof GiftingError || err instanceof LineInputError) return { kind: 'problem', status: 400, code: 'VALIDATION_FAILED', errors: [{ field: err.field, message: err.message }] };
  return null;
};

export function createBasketApp(options: BasketAppOptions): OpenAPIHono {
  const db = options.db as BasketDb;
  const now = options.now ?? (() => new Date());
  const basePath = options.basePath ?? BASKET_BASE_PATH;
  const app = createServiceApp({
    // A validation 400 says the domain's words (the gateway may show them).
    fieldNaming: { detail: ERROR_MESSAGES.VALIDATION_FAILED },
    title: 'Basket service',
    version: '1.0.0',
    description:
      'Baskets by token or customer, lines with the spec §4 merge rules and gifting transitions, the VVE add-on, the VIP status and the guest basket merge on login (spec §3, §4, §5, §7 "Basket and checkout"). ' +
      'It does not price lines or take stock: the checkout does. A basket of a customer is answered only with their customerToken.',
    serviceToken: options.serviceToken,
    basePath,
    tags: [
      { name: 'Basket', description: 'Baskets: create, read, replace, merge.' },
      { name: 'Lines', description: 'Deal options in a basket, their quantity and gifting.' },
      { name: 'Add-ons', description: 'The VIP add-on (VVE).' },
    ],
    ...(options.log ? { log: options.log } : {}),
  });
  app.use('*', requireJsonBody({ detail: ERROR_MESSAGES.VALIDATION_FAILED }));

  /** What the catalogue says of the basket's lines now (after any change has committed), or null. */
  const catalogueOf = async (b: StoredBasket): Promise<Map<number, CatalogueProduct> | null> => {
    if (!options.productCheck || b.products.length === 0) return null;
    return options.productCheck({ productIds: b.products.map((l) => l.dealProductId), customerKey: customerKeyOf(b), db });
  };
  const answer = async (b: StoredBasket, giftPacks = true) => basketJson(b, { giftPacks, catalogue: await catalogueOf(b) });

  /** The answer of a change: the basket as saved (200), or why not. */
  const send = async <S extends RefusalStatus>(c: Context, outcome: Outcome<S>) => (outcome.kind === 'ok' ? c.json(await answer(outcome.basket), 200) : notMade(c, outcome));

  /** Checks the new and changed lines of `next` against the catalogue; a refusal or null. */
  const checkLines: LineCheck<RefusalStatus> = async (trx, before, next) => {
    if (!options.productCheck) return null;
    const changed = changedLines(before, next.products);
    if (!changed.length) return null;
    const catalogue = await options.productCheck({ productIds: changed.map((c) => c.line.dealProductId), customerKey: customerKeyOf(next), db: trx });
    for (const { line, lowered } of changed) {
      const r = refuseLine(line, catalogue.get(line.dealProductId), { eligibleForVip: next.eligibleForVip, loggedIn: next.customerToken !== null, lowered });
      if (r) {
        return {
          kind: 'problem',
          status: r.status,
          code: r.code,
          ...(r.code === 'VALIDATION_FAILED' ? { detail: r.message } : {}),
          errors: [{ field: r.field, message: r.message }],
          extra: { productId: r.productId, ...(r.available !== undefined ? { available: r.available } : {}) },
        };
      }
    }
    return null;
  };

  /**
   * One change of one basket: lock it, check the caller may see it, compute the next state with
   * the pure rules, check new lines against the catalogue (`check`), save. All in one transaction.
   */
  const change = async <S extends RefusalStatus>(
    token: string,
    caller: string | undefined,
    compute: (b: StoredBasket) => StoredBasket | Refusal<S>,
    check: LineCheck<S>,
  ): Promise<Outcome<S | 400>> => {
    return db.transaction().execute(async (trx): Promise<Outcome<S | 400>> => {
      const b = await lockBasket(trx, token);
      if (!b || b.status !== 'open' || !visibleTo(b, caller)) return { kind: 'not-found' };
      let next: StoredBasket | Refusal<S>;
      try {
        next = compute(b);
      } catch (err) {
        const r = refusalOf(err);
        if (r) return r;
        throw err;
      }
      if ('kind' in next) return next;
      if (next.products.length > MAX_LINES) return tooManyLines();
      const refusal = await check(trx, b.products, next);
      if (refusal) return refusal;
      const at = now();
      await saveBasket(trx, next, at);
      return { kind: 'ok', basket: { ...next, updatedAt: at } };
    });
  };

  // --- POST /basket
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
    const at = now();
    const token = newBasketToken();
    const outcome: Outcome = await db.transaction().execute(async (trx) => {
      const inserted = await insertBasket(trx, { token, customerToken, brand: body.brand, eligibleForVip: body.eligibleForVip ?? false, now: at });
      let base: StoredBasket | null;
      if (inserted) base = await lockBasket(trx, token);
      else base = customerToken ? await customerBasket(trx, customerToken, { lock: true }) : null;
      if (!base) throw new Error('The basket just created, or the customer’s open basket, is missing');
      const next: StoredBasket = inserted
        ? { ...base, products }
        : { ...base, brand: body.brand, eligibleForVip: body.eligibleForVip ?? base.eligibleForVip, products: mergeInputs(base.products, body.products) };
      if (next.products.length > MAX_LINES) return tooManyLines();
      const refusal = await checkLines(trx, base.products, next);
      if (refusal) {
        // Nothing of this request stays: the transaction rolls back the new basket too.
        throw new RefusalAbort(refusal);
      }
      await saveBasket(trx, next, at);
      return { kind: 'ok', basket: { ...next, updatedAt: at }, created: inserted } as const;
    }).catch((err: unknown) => {
      if (err instanceof RefusalAbort) return err.refusal;
      const r = refusalOf(err);
      if (r) return r;
      throw err;
    });
    if (outcome.kind !== 'ok') return notMade(c, outcome);
    c.header('Location', `${basePath}/basket/${outcome.basket.id}`);
    const basket = await answer(outcome.basket);
    return outcome.created ? c.json(basket, 201) : c.json(basket, 200);
  });

  // --- GET /basket/{token}
  app.openapi(routes.getBasketByToken, async (c) => {
    const { token } = c.req.valid('param');
    const query = c.req.valid('query');
    if (!isWellFormedToken(token)) return noBasketToken(c);
    const b = await loadBasket(db, token);
    if (!b || b.status !== 'open' || !visibleTo(b, query.customerToken)) return basketNotFound(c);
    return c.json(await answer(b, query.giftPacks === 'true'), 200);
  });

  // --- GET /basket?customerToken=
  app.openapi(routes.getCustomerBaskets, async (c) => {
    const query = c.req.valid('query');
    let b: StoredBasket | null;
    if (query.basketToken !== undefined) {
      const found = isWellFormedToken(query.basketToken) ? await loadBasket(db, query.basketToken) : null;
      b = found && found.status === 'open' && visibleTo(found, query.customerToken) ? found : null;
    } else if (query.customerToken !== undefined) {
      b = await customerBasket(db, query.customerToken);
    } else {
      return invalid(c, [{ field: 'customerToken', message: 'Send customerToken (or basketToken).' }]);
    }
    return c.json(b ? [await answer(b, query.giftPacks === 'true')] : [], 200);
  });

  // --- PUT / PATCH /basket/{id}
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
      const outcome = await change(id, query.customerToken, (b) => {
        if (body.customerToken !== undefined && body.customerToken !== b.customerToken) {
          return { kind: 'problem', status: 400, code: 'VALIDATION_FAILED', errors: [{ field: 'customerToken', message: 'A basket keeps its customer; a guest basket joins a customer by POST /basket/{guestToken}/merge.' }] };
        }
        return {
          ...b,
          brand: body.brand ?? b.brand,
          eligibleForVip: body.eligibleForVip ?? b.eligibleForVip,
          products: mode === 'replace' ? replaceInputs(body.products) : mergeInputs(b.products, body.products),
        };
      }, checkLines);
      return send(c, outcome);
    });
  }

  // --- POST /basket/{token}/product
  app.openapi(routes.addProduct, async (c) => {
    const { token } = c.req.valid('param');
    const query = c.req.valid('query');
    const line = c.req.valid('json');
    if (!isWellFormedToken(token)) return noBasketToken(c);
    let added = false;
    const outcome = await change(token, query.customerToken, (b) => {
      added = line.quantity > 0 && !b.products.some((l) => l.dealProductId === line.dealProductId);
      return { ...b, products: mergeInputs(b.products, [line]) };
    }, checkLines);
    if (outcome.kind !== 'ok') return notMade(c, outcome);
    const basket = await answer(outcome.basket);
    return added ? c.json(basket, 201) : c.json(basket, 200);
  });

  // --- PATCH /basket/{token}/product/{id}
  app.openapi(routes.patchProduct, async (c) => {
    const { token, productId: id } = c.req.valid('param');
    const query = c.req.valid('query');
    const patch = c.req.valid('json');
    if (!isWellFormedToken(token)) return noBasketToken(c);
    const productId = productIdOf(id);
    if (productId === null) return invalid(c, [{ field: 'productId', message: 'Must be a deal product id (a whole number from 1).' }]);
    const outcome = await change(token, query.customerToken, (b) => {
      const at = b.products.findIndex((l) => l.dealProductId === productId);
      if (at < 0) return { kind: 'problem', status: 404, code: 'NOT_FOUND', detail: 'The basket has no such line.', errors: [{ field: 'productId', message: 'The basket has no such line.' }] };
      const products = [...b.products];
      if (patch.quantity === 0) products.splice(at, 1);
      else products[at] = applyLineInput(products[at]!, patch);
      return { ...b, products };
    }, checkLines);
    return send(c, outcome);
  });

  // --- DELETE /basket/{id}/product/{productId}
  app.openapi(routes.deleteProduct, async (c) => {
    const { token: id, productId: raw } = c.req.valid('param');
    const query = c.req.valid('query');
    if (!isWellFormedToken(id)) return noBasketToken(c);
    const productId = productIdOf(raw);
    if (productId === null) return invalid(c, [{ field: 'productId', message: 'Must be a deal product id (a whole number from 1).' }]);
    const outcome = await change(id, query.customerToken, (b) => ({ ...b, products: b.products.filter((l) => l.dealProductId !== productId) }), noNewLines);
    return send(c, outcome);
  });

  // --- POST /basket/{id}/addon
  app.openapi(routes.addAddon, async (c) => {
    const { token: id } = c.req.valid('param');
    const query = c.req.valid('query');
    const addon = c.req.valid('json');
    if (!isWellFormedToken(id)) return noBasketToken(c);
    const outcome = await db.transaction().execute(async (trx): Promise<Outcome<404>> => {
      const b = await lockBasket(trx, id);
      if (!b || b.status !== 'open' || !visibleTo(b, query.customerToken)) return { kind: 'not-found' };
      if (addon.quantity > 0 && options.productCheck) {
        const p = (await options.productCheck({ productIds: [addon.productId], customerKey: customerKeyOf(b), db: trx })).get(addon.productId);
        if (!p || p.disabled || p.closed) return { kind: 'problem', status: 404, code: 'NOT_FOUND', detail: 'There is no such add-on.', errors: [{ field: 'productId', message: 'There is no such add-on.' }] };
      }
      const addons = b.addons.filter((a) => !(a.addonType === addon.addonType && a.productId === addon.productId));
      if (addon.quantity > 0) addons.push({ addonType: addon.addonType, productId: addon.productId, quantity: addon.quantity });
      const at = now();
      const next = { ...b, addons };
      await saveBasket(trx, next, at);
      return { kind: 'ok', basket: { ...next, updatedAt: at } };
    });
    return send(c, outcome);
  });

  // --- POST /basket/{id}/update-vip-status
  app.openapi(routes.updateVipStatus, async (c) => {
    const { token: id } = c.req.valid('param');
    const query = c.req.valid('query');
    const { vipStatus } = c.req.valid('json');
    if (!isWellFormedToken(id)) return noBasketToken(c);
    // eligibleForVip follows the membership: a basket may take VIP-exclusive options only while it is ACTIVE.
    const outcome = await change(id, query.customerToken, (b) => ({ ...b, vipStatus, eligibleForVip: vipStatus === 'ACTIVE' }), noNewLines);
    return send(c, outcome);
  });

  // --- POST /basket/{guestToken}/merge
  app.openapi(routes.mergeBasket, async (c) => {
    const { guestToken } = c.req.valid('param');
    const { customerToken } = c.req.valid('json');
    if (!isWellFormedToken(guestToken)) return noBasketToken(c);
    const result = await mergeGuestBasket(db, { guestToken, customerToken, now: now() });
    if (!result.ok) return basketNotFound(c);
    return c.json(await answer(result.basket), 200);
  });

  return app;
}

const tooManyLines = (): Refusal<400> => ({ kind: 'problem', status: 400, code: 'VALIDATION_FAILED', errors: [{ field: 'products', message: `A basket holds at most ${MAX_LINES} lines.` }] });

class RefusalAbort extends Error {
  readonly refusal: Refusal;
  constructor(refusal: Refusal) {
    super('refused');
    this.refusal = refusal;
  }
}

/** The customer key of the buying contract: c:{customerToken}, else b:{basketToken}. */
const customerKeyOf = (b: StoredBasket) => (b.customerToken ? `c:${b.customerToken}` : `b:${b.id}`);

/** A guest basket is visible to whoever holds its token; a customer's only to that customer. */
function visibleTo(b: StoredBasket, caller: string | undefined): boolean {
  return b.customerToken === null || b.customerToken === caller;
}

function productIdOf(raw: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(raw)) return null;
  const n = Number(raw);
  return n <= ID_MAX ? n : null;
}
