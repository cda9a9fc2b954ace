import type { OpenAPIHono } from '@hono/zod-openapi';
import { notFoundProblem, problemResponse } from '@shop/platform';
import type { SearchDeps } from '../lib/deps.ts';
import * as routes from './sponsored.routes.ts';
import * as store from './sponsored.store.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function registerSponsoredRoutes(app: OpenAPIHono, deps: SearchDeps): void {
  app.openapi(routes.createSession, async (c) => {
    const { customerToken, sessionId } = c.req.valid('json');
    if (sessionId && UUID.test(sessionId) && (await store.findSession(deps.db, sessionId))) return c.json({ sessionId: sessionId.toLowerCase() }, 200);
    return c.json({ sessionId: await store.createSession(deps.db, customerToken ?? null) }, 200);
  });

  app.openapi(routes.recordEvents, async (c) => {
    const { adIds, dealIds, sessionId, type } = c.req.valid('json');
    if (!(await store.findSession(deps.db, sessionId))) return problemResponse(c, notFoundProblem('Sorry, we could not find that sponsored session.'));
    const recorded = await store.recordEvents(deps.db, sessionId, type, adIds, dealIds, deps.now());
    return c.json({ recorded }, 202);
  });
}
