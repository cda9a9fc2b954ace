/**
 * The wishlist service (README.md is the contract): a shopper's saved deals, a guest's by an
 * unguessable id, a customer's by customer token, merged when a guest signs in. The shop will
 * mount it under /api/wishlist; the gateway calls `app.fetch` on paths without that prefix.
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { createServiceApp, problem, problemResponse } from '@shop/platform';
import type { Kysely } from 'kysely';
import type { WishlistDb } from './db/database.ts';
import * as routes from './routes.ts';
import { registerAlertRoutes } from './alerts/alerts.handlers.ts';
import type { WishlistAlertDeps } from './alerts/alerts.ts';
import {
  addDeal, changeWishlist, clearWishlist, createWithDeal, removeDeal, wishlistById, wishlistOfCustomer, WISHLIST_MAX_DEALS, WISHLIST_NOT_FOUND, WishlistRefusal,
  type Paging, type Wishlist,
} from './wishlist.ts';

export const WISHLIST_BASE_PATH = '/api/wishlist';

export interface WishlistAppOptions {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the shop passes its one schema-agnostic handle
  db: WishlistDb | Kysely<any>;
  /** Callers must send it in x-service-token (everything but the docs). */
  serviceToken: string;
  /** Public path the app is mounted at, used in the OpenAPI servers (default /api/wishlist). */
  basePath?: string;
  /** The clock (tests; default the system's). */
  now?: () => Date;
  log?: (message: string, fields: Record<string, unknown>) => void;
  /** The wish list alerts job's deals, users and mailer (issue 19 point 2): POST /alerts/run runs it; without them it answers 503. */
  alerts?: WishlistAlertDeps;
}

/** Changes answer the first page (the whole list: at most 50). */
const FIRST: Paging = { page: 0, pageSize: WISHLIST_MAX_DEALS };

const paging = (q: { page?: string | undefined; pageSize?: string | undefined }): Paging => ({ page: Number(q.page ?? 0), pageSize: Number(q.pageSize ?? WISHLIST_MAX_DEALS) });

const body = (w: Wishlist, p: Paging, dropped?: number) => ({
  id: w.id,
  customerToken: w.customerToken,
  deals: w.deals.map((d) => ({ dealId: d.dealId, addedAt: d.addedAt.toISOString() })),
  totalDeals: w.totalDeals,
  takenOffAtMerge: w.takenOffAtMerge,
  page: p.page,
  pageSize: p.pageSize,
  ...(dropped === undefined ? {} : { dropped }),
});

/** A refusal as the spec §7 answer: a problem carrying errorMessage, naming the field. */
function refusal<S extends 404 | 409>(c: Context, status: S, r: Pick<WishlistRefusal, 'code' | 'message' | 'field'>) {
  return problemResponse(c, problem(status, r.code, { detail: r.message, errors: [{ field: r.field, message: r.message }], extra: { errorMessage: r.message } }));
}
const notFound = (c: Context) => refusal(c, 404, { code: 'WISHLIST_NOT_FOUND', message: WISHLIST_NOT_FOUND, field: 'id' });

/** The refusal if its status is one the route documents (S); anything else is thrown on. */
function refused<S extends 404 | 409>(c: Context, error: unknown, statuses: readonly S[]) {
  if (error instanceof WishlistRefusal && (statuses as readonly number[]).includes(error.status)) return refusal(c, error.status as S, error);
  throw error;
}

export function createWishlistApp(options: WishlistAppOptions): OpenAPIHono {
  const db = options.db as WishlistDb;
  const now = options.now ?? (() => new Date());
  const app = createServiceApp({
    title: 'Wishlist service',
    version: '1.0.0',
    description:
      'Wishlists (spec §3 Wishlist, §4 wishlist sync, §7 Wishlist, §9): at most 50 deals each, a deal once; a guest\'s list by its unguessable id, a customer\'s by customer token, ' +
      "a guest's list merged into the customer's when they sign in, in one transaction.",
    serviceToken: options.serviceToken,
    basePath: options.basePath ?? WISHLIST_BASE_PATH,
    tags: [
      { name: 'Wishlist', description: 'Lists, their deals and the merge on sign-in.' },
      { name: 'Wish list alerts', description: 'Emails when a deal on a customer\'s list drops in price or is back on sale (issue 19 point 2).' },
    ],
    log: options.log,
  });

  /** The list after a change (read in its transaction), or the refusal that undid it. */
  async function answer<S extends 404 | 409>(c: Context, statuses: readonly S[], change: () => Promise<{ wishlist: Wishlist; dropped?: number }>) {
    try {
      const { wishlist, dropped } = await change();
      return c.json(body(wishlist, FIRST, dropped), 200);
    } catch (error) {
      return refused(c, error, statuses);
    }
  }

  app.openapi(routes.getByCustomer, async (c) => {
    const q = c.req.valid('query');
    const p = paging(q);
    const w = await wishlistOfCustomer(db, q.customerToken, p);
    return w ? c.json(body(w, p), 200) : notFound(c);
  });

  app.openapi(routes.getById, async (c) => {
    const p = paging(c.req.valid('query'));
    const w = await wishlistById(db, c.req.valid('param').id, p);
    return w ? c.json(body(w, p), 200) : notFound(c);
  });

  app.openapi(routes.postCreate, async (c) => {
    const dealId = Number(c.req.valid('param').dealId);
    const input = (c.req.header('content-type')?.includes('json') ? c.req.valid('json') : undefined) ?? {};
    try {
      const made = await createWithDeal(db, { dealId, now: now(), ...(input.customerToken ? { customerToken: input.customerToken } : {}) }, FIRST);
      return c.json(body(made.wishlist, FIRST), made.created ? 201 : 200);
    } catch (error) {
      return refused(c, error, [409] as const);
    }
  });

  // Registered before /{dealId}: "all" is no deal id.
  app.openapi(routes.deleteAll, (c) => answer(c, [404] as const, async () => ({ wishlist: await clearWishlist(db, c.req.valid('param').id, now(), FIRST) })));

  app.openapi(routes.postDeal, (c) => {
    const { id, dealId } = c.req.valid('param');
    return answer(c, [404, 409] as const, async () => ({ wishlist: await addDeal(db, id, Number(dealId), now(), FIRST) }));
  });

  app.openapi(routes.deleteDeal, (c) => {
    const { id, dealId } = c.req.valid('param');
    return answer(c, [404] as const, async () => ({ wishlist: await removeDeal(db, id, Number(dealId), now(), FIRST) }));
  });

  app.openapi(routes.patchWishlist, (c) => answer(c, [404, 409] as const, () => changeWishlist(db, c.req.valid('param').id, c.req.valid('json'), now(), FIRST)));
  registerAlertRoutes(app, options.alerts);
  return app;
}
