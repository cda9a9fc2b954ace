/**
 * The per-request context: a request id (forwarded to every service call and used as the
 * correlation id of masked errors), the REST call log, the typed clients and fresh loaders.
 * Nothing from the incoming request except a well-formed request id reaches the services; the
 * search test-group cookie only chooses which search route the gateway calls.
 */
import { randomUUID } from 'node:crypto';
import { COOKIE_NAMES, type SearchGroup } from '@shop/domain/cookies';
import { createDealsClient, type DealsClient } from './clients/deals.client.ts';
import { createRestCallLog, createRestClient, DEFAULT_TIMEOUT_MS, type RestCallLog, type ServiceTarget } from './clients/rest-client.ts';
import { createSearchClient, type SearchClient } from './clients/search.client.ts';
import { createLoaders, type Loaders } from './loaders.ts';

export interface ServiceTargets {
  deals: ServiceTarget;
  /** The search service; unset: every search call fails as the service being unavailable. */
  search?: ServiceTarget;
}

/** Where an unconfigured service "lives": it answers 503, so a call fails like an outage (masked). */
const NOT_CONFIGURED: ServiceTarget = {
  app: {
    fetch: () =>
      new Response(JSON.stringify({ type: 'about:blank', title: 'Service not configured', status: 503, code: 'NOT_CONFIGURED' }), {
        status: 503,
        headers: { 'content-type': 'application/problem+json' },
      }),
  },
};

export interface ContextOptions {
  services: ServiceTargets;
  serviceToken: string;
  timeoutMs?: number;
}

export interface GatewayContext {
  requestId: string;
  restCalls: RestCallLog;
  clients: { deals: DealsClient; search: SearchClient };
  loaders: Loaders;
  /**
   * The signed-in shopper's customer token (spec §6), or null for a guest. Always null until
   * accounts land (issue 5 fills it from the session); recommendedDeals, buyAgainDeals and the
   * sponsored session read it from here.
   */
  customerToken: string | null;
  /** The shopper's search test group (spec §4, cookie `search_group`): 'b' searches the alternate route. */
  searchGroup: SearchGroup;
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

/** A cookie's value from a Cookie header; null when absent. Values are compared, never echoed. */
export function cookieFrom(request: Request, name: string): string | null {
  const header = request.headers.get('cookie');
  if (!header || header.length > 8192) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/** The search test group of a request: 'b' only when its cookie says so, else 'a' (the default search). */
export function searchGroupOf(request: Request): SearchGroup {
  return cookieFrom(request, COOKIE_NAMES.searchTest) === 'b' ? 'b' : 'a';
}

export function createContextFactory(options: ContextOptions) {
  return (request: Request): GatewayContext => {
    const requestId = requestIdFrom(request);
    const restCalls = createRestCallLog();
    const common = { serviceToken: options.serviceToken, requestId, log: restCalls, timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS };
    const deals = createDealsClient(createRestClient({ ...common, service: 'deals', target: options.services.deals }));
    const search = createSearchClient(createRestClient({ ...common, service: 'search', target: options.services.search ?? NOT_CONFIGURED }));
    const clients = { deals, search };
    return {
      requestId,
      restCalls,
      clients,
      loaders: createLoaders(clients),
      // Issue 5 (accounts) sets this from the signed-in session.
      customerToken: null,
      searchGroup: searchGroupOf(request),
    };
  };
}
