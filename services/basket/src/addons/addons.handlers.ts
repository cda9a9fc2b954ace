import type { OpenAPIHono } from '@hono/zod-openapi';
import { lockBasket, saveBasket } from '../baskets/baskets.store.ts';
import { customerKeyOf, send, visibleTo, type Outcome } from '../baskets/change.ts';
import { isWellFormedToken } from '../baskets/tokens.ts';
import type { BasketDeps } from '../lib/deps.ts';
import { noBasketToken } from '../lib/http.ts';
import * as routes from './addons.routes.ts';

export function registerAddonRoutes(app: OpenAPIHono, deps: BasketDeps): void {
  app.openapi(routes.addAddon, async (c) => {
    const { token: id } = c.req.valid('param');
    const query = c.req.valid('query');
    const addon = c.req.valid('json');
    if (!isWellFormedToken(id)) return noBasketToken(c);
    const outcome = await deps.db.transaction().execute(async (trx): Promise<Outcome<404>> => {
      const b = await lockBasket(trx, id);
      if (!b || b.status !== 'open' || !visibleTo(b, query.customerToken)) return { kind: 'not-found' };
      if (addon.quantity > 0 && deps.productCheck) {
        const p = (await deps.productCheck({ productIds: [addon.productId], customerKey: customerKeyOf(b), db: trx })).get(addon.productId);
        if (!p || p.disabled || p.closed) return { kind: 'problem', status: 404, code: 'NOT_FOUND', detail: 'There is no such add-on.', errors: [{ field: 'productId', message: 'There is no such add-on.' }] };
      }
      const addons = b.addons.filter((a) => !(a.addonType === addon.addonType && a.productId === addon.productId));
      if (addon.quantity > 0) addons.push({ addonType: addon.addonType, productId: addon.productId, quantity: addon.quantity });
      const at = deps.now();
      const next = { ...b, addons };
      await saveBasket(trx, next, at);
      return { kind: 'ok', basket: { ...next, updatedAt: at } };
    });
    return send(deps, c, outcome);
  });
}
