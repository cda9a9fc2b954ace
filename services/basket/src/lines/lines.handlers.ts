import type { OpenAPIHono } from '@hono/zod-openapi';
import { change, checkLines, noNewLines, notMade, answer, send } from '../baskets/change.ts';
import { isWellFormedToken } from '../baskets/tokens.ts';
import { ID_MAX } from '../contract.ts';
import type { BasketDeps } from '../lib/deps.ts';
import { invalid, noBasketToken } from '../lib/http.ts';
import { applyLineInput, mergeInputs } from './lines.ts';
import * as routes from './lines.routes.ts';

export function registerLineRoutes(app: OpenAPIHono, deps: BasketDeps): void {
  const checkNewLines = checkLines(deps);

  app.openapi(routes.addProduct, async (c) => {
    const { token } = c.req.valid('param');
    const query = c.req.valid('query');
    const line = c.req.valid('json');
    if (!isWellFormedToken(token)) return noBasketToken(c);
    let added = false;
    const outcome = await change(
      deps,
      token,
      query.customerToken,
      (b) => {
        added = line.quantity > 0 && !b.products.some((l) => l.dealProductId === line.dealProductId);
        return { ...b, products: mergeInputs(b.products, [line]) };
      },
      checkNewLines,
    );
    if (outcome.kind !== 'ok') return notMade(c, outcome);
    const basket = await answer(deps, outcome.basket);
    return added ? c.json(basket, 201) : c.json(basket, 200);
  });

  app.openapi(routes.patchProduct, async (c) => {
    const { token, productId: id } = c.req.valid('param');
    const query = c.req.valid('query');
    const patch = c.req.valid('json');
    if (!isWellFormedToken(token)) return noBasketToken(c);
    const productId = productIdOf(id);
    if (productId === null) return invalid(c, [{ field: 'productId', message: 'Must be a deal product id (a whole number from 1).' }]);
    const outcome = await change(
      deps,
      token,
      query.customerToken,
      (b) => {
        const at = b.products.findIndex((l) => l.dealProductId === productId);
        if (at < 0) return { kind: 'problem', status: 404, code: 'NOT_FOUND', detail: 'The basket has no such line.', errors: [{ field: 'productId', message: 'The basket has no such line.' }] };
        const products = [...b.products];
        if (patch.quantity === 0) products.splice(at, 1);
        else products[at] = applyLineInput(products[at]!, patch);
        return { ...b, products };
      },
      checkNewLines,
    );
    return send(deps, c, outcome);
  });

  app.openapi(routes.deleteProduct, async (c) => {
    const { token: id, productId: raw } = c.req.valid('param');
    const query = c.req.valid('query');
    if (!isWellFormedToken(id)) return noBasketToken(c);
    const productId = productIdOf(raw);
    if (productId === null) return invalid(c, [{ field: 'productId', message: 'Must be a deal product id (a whole number from 1).' }]);
    const outcome = await change(deps, id, query.customerToken, (b) => ({ ...b, products: b.products.filter((l) => l.dealProductId !== productId) }), noNewLines);
    return send(deps, c, outcome);
  });
}

function productIdOf(raw: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(raw)) return null;
  const n = Number(raw);
  return n <= ID_MAX ? n : null;
}
