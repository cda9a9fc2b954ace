/**
 * The per-request context: a request id (forwarded to every service call and used as the
 * correlation id of masked errors), the REST call log, the typed clients and fresh loaders.
 * Nothing from the incoming request except a well-formed request id reaches the services.
 */
import { randomUUID } from 'node:crypto';
import { createDealsClient, type DealsClient } from './clients/deals.client.ts';
import { createRestCallLog, createRestClient, DEFAULT_TIMEOUT_MS, type RestCallLog, type ServiceTarget } from './clients/rest-client.ts';
import { createLoaders, type Loaders } from './loaders.ts';

export interface ServiceTargets {
  deals: ServiceTarget;
}

export interface ContextOptions {
  services: ServiceTargets;
  serviceToken: string;
  timeoutMs?: number;
}

export interface GatewayContext {
  requestId: string;
  restCalls: RestCallLog;
  clients: { deals: DealsClient };
  loaders: Loaders;
}

/**
 * What the services keep as their request id (hono/request-id takes [A-Za-z0-9_=-], up to 255):
 * anything else they would replace with their own, and the two logs would no longer match.
 */
const REQUEST_ID = /^[A-Za-z0-9_-]{8,128}$/;
const requestIds = new WeakMap<Request, string>();

/**
 * Keeps a caller's request id when it looks like one (for tracing), otherwise makes one. The
 * same Request always gets the same id: it is sent to the services and is the correlation id of
 * the request's masked errors.
 */
export function requestIdFrom(request: Request): string {
  let id = requestIds.get(request);
  if (id === undefined) {
    const given = request.headers.get('x-request-id');
    id = given && REQUEST_ID.test(given) ? given : randomUUID();
    requestIds.set(request, id);
  }
  return id;
}

export function createContextFactory(options: ContextOptions) {
  return (request: Request): GatewayContext => {
    const requestId = requestIdFrom(request);
    const restCalls = createRestCallLog();
    const common = { serviceToken: options.serviceToken, requestId, log: restCalls, timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS };
    const deals = createDealsClient(createRestClient({ ...common, service: 'deals', target: options.services.deals }));
    const clients = { deals };
    return { requestId, restCalls, clients, loaders: createLoaders(clients) };
  };
}
