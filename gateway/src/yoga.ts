/**
 * The GraphQL gateway: Yoga over schema.graphql with per-request loaders and REST clients.
 *
 * - maskedErrors: anything unexpected (a service 500, a timeout, a bug) reaches the client as
 *   "Unexpected error." with a correlation id; the detail is logged with the same id (G5). The
 *   correlation id is the request id sent to the services (x-request-id), so the gateway's log
 *   line and the services' lines for the same request share it.
 *   Caller mistakes are GraphQLErrors with a code (BAD_USER_INPUT) and pass through.
 * - CSRF prevention: a request must be preflighted (a JSON content type) or carry x-graphql-csrf.
 * - graphql-armor limits (security/limits.ts), checked before execution; no field suggestions
 *   outside development.
 * - GraphiQL on GET /graphql in a browser, every asset inlined (works offline).
 * - Persisted operations (security/operation-access.ts): the SPA sends ids; in production
 *   (persistedOnly) any other operation, introspection and GraphiQL need a staff API key.
 * - Batching off: one operation per request; at most one account mutation per document
 *   (security/account-mutations.ts, A5).
 * - Cookie sessions (accounts/): CORS off (the client is same-origin; Yoga's default would
 *   reflect any Origin with credentials), POSTs a browser marks `Sec-Fetch-Site: cross-site`
 *   refused (A9), and the cookies resolvers set are written on the response (no-store).
 */
import type { VipLayoutVariant } from '@shop/domain/layouts';
import { useCSRFPrevention } from '@graphql-yoga/plugin-csrf-prevention';
import { renderGraphiQL } from '@graphql-yoga/render-graphiql';
import { createGraphQLError, createYoga, maskError as yogaMaskError, type Plugin, type YogaServerInstance } from 'graphql-yoga';
import type { CarryOverRegistry } from './accounts/carry-over.ts';
import type { SocialProviderName } from './clients/users.client.ts';
import { createContextFactory, requestIdFrom, responseCookiesOf, type GatewayContext, type ServiceTargets } from './context.ts';
import { consoleLogger, describeError, type Logger } from './logger.ts';
import { oneAccountMutationRule } from './security/account-mutations.ts';
import { limitsPlugin, type LimitsOptions } from './security/limits.ts';
import { createOperationAccess, DOCUMENT_ID_PARAM, loadPersistedOperations, type PersistedOperations } from './security/operation-access.ts';
import { HOMEPAGE_QUERY } from './security/reference-queries.ts';
import { staffFieldsPlugin } from './security/staff-fields.ts';
import { createSchema } from './schema/schema.ts';
import { anonymousResponseCache } from './response-cache.ts';

export const GRAPHQL_PATH = '/graphql';
export const CSRF_HEADER = 'x-graphql-csrf';

export interface GatewayOptions {
  services: ServiceTargets;
  /** Sent to every service in x-service-token. */
  serviceToken: string;
  /** Development: errors carry their original message, limits are named, suggestions shown. */
  dev?: boolean;
  /** GraphiQL on GET /graphql in a browser (default true; with persistedOnly, staff only). */
  graphiql?: boolean;
  /**
   * Production (NODE_ENV=production): shoppers run only the persisted operations; any other
   * operation, introspection and GraphiQL need a staff API key (default false: all open).
   */
  persistedOnly?: boolean;
  /** The SPA's operations by SHA-256 (default: client/persisted-operations.json, written by the client build). */
  persistedOperations?: PersistedOperations;
  /** How long a staff key's verdict is cached (default 10 s). */
  staffKeyCacheMs?: number;
  logger?: Logger;
  /** Service call timeout (default 2500 ms, spec §9). */
  timeoutMs?: number;
  /** Adds `x-rest-calls` (the number of REST calls made) to responses: tests and bench. */
  exposeRestCalls?: boolean;
  /** Test hooks for the limits (measure figures, override values). */
  limits?: Pick<LimitsOptions, 'onMeasure' | 'limits'>;
  /** Extra Yoga plugins (tests). */
  plugins?: Plugin[];
  /** How long an anonymous query's answer is reused (response-cache.ts); 0 or unset: never. */
  responseCacheTtlMs?: number;
  /** The social sign-in providers configured (Query.socialProviders). */
  socialProviders?: readonly SocialProviderName[];
  /** Handlers run after each sign-in (default: the recently-viewed one). */
  carryOver?: CarryOverRegistry;
  /** The shopper's address for a request (default: what server.ts recorded from the socket). */
  clientAddress?: (request: Request) => string | null;
  /** The clock for cookie lifetimes (tests). */
  now?: () => Date;
  /** VIP_LAYOUT: how the checkout offers VIP (spec §2 VIP layout variants); default checkbox. */
  vipLayout?: VipLayoutVariant;
  /** PUBLIC_BASE_URL's origin: a POST without Sec-Fetch-Site must come from it when it names an Origin (A9). */
  publicOrigin?: string;
}

export type Gateway = YogaServerInstance<Record<string, unknown>, GatewayContext>;

export function createGateway(options: GatewayOptions): Gateway {
  const dev = options.dev ?? false;
  const logger = options.logger ?? consoleLogger;
  const createContext = createContextFactory({
    services: options.services,
    serviceToken: options.serviceToken,
    logger,
    accounts: {
      socialProviders: options.socialProviders ?? [],
      ...(options.carryOver ? { carryOver: options.carryOver } : {}),
    },
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.clientAddress ? { clientAddress: options.clientAddress } : {}),
    ...(options.now ? { now: options.now } : {}),
    ...(options.vipLayout ? { vipLayout: options.vipLayout } : {}),
  });
  const access = createOperationAccess({
    persistedOnly: options.persistedOnly ?? false,
    persistedOperations: options.persistedOperations ?? loadPersistedOperations(),
    ...(options.services.users ? { users: options.services.users } : {}),
    serviceToken: options.serviceToken,
    logger,
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.now ? { now: options.now } : {}),
    ...(options.staffKeyCacheMs !== undefined ? { cacheMs: options.staffKeyCacheMs } : {}),
  });
  const logged = new WeakSet<object>();
  const callsByRequest = new WeakMap<Request, GatewayContext['restCalls']>();
  /** Masked errors waiting for their request's id: maskError is not told which request it is in. */
  const pending = new WeakMap<object, { original: unknown; path: unknown }>();

  /** Gives each masked error of a result the request id as its correlation id, and logs the detail under it. */
  const correlateMaskedErrors: Plugin = {
    onResultProcess({ request, result }) {
      const results = Array.isArray(result) ? result : [result];
      for (const one of results) {
        if (!one || typeof one !== 'object' || !('errors' in one) || !Array.isArray(one.errors)) continue;
        for (const error of one.errors) {
          const entry = pending.get(error);
          if (!entry) continue;
          pending.delete(error);
          const correlationId = requestIdFrom(request);
          logger.error('Unexpected error in a GraphQL request', { correlationId, path: entry.path, error: describeError(entry.original) });
          if ('extensions' in error && error.extensions) (error.extensions as Record<string, unknown>).correlationId = correlationId;
        }
      }
    },
  };

  /** The cookies resolvers set (session, user status, brand), never cached by anyone. */
  const responseCookies: Plugin = {
    onResponse({ request, response }) {
      const headers = responseCookiesOf(request)?.headers() ?? [];
      if (headers.length === 0) return;
      for (const header of headers) response.headers.append('set-cookie', header);
      response.headers.set('cache-control', 'no-store');
    },
  };

  /**
   * A browser says a POST came from another site: refused before parsing (A9, with the CSRF header
   * rule). A browser that sends no Sec-Fetch-Site still sends Origin: it must be the shop's own.
   */
  const crossSitePosts: Plugin = {
    onRequestParse({ request }) {
      if (request.method !== 'POST') return;
      const site = request.headers.get('sec-fetch-site');
      const origin = request.headers.get('origin');
      if (site === 'cross-site' || (site === null && origin !== null && options.publicOrigin && origin !== options.publicOrigin)) {
        throw createGraphQLError('Cross-site requests are not allowed.', { extensions: { http: { status: 403 } } });
      }
    },
  };

  /** At most one account mutation per document (A5). */
  const accountMutations: Plugin = {
    onValidate({ addValidationRule }) {
      addValidationRule(oneAccountMutationRule);
    },
  };

  const exposeRestCalls: Plugin = {
    onResponse({ request, response }) {
      const calls = callsByRequest.get(request);
      if (calls) response.headers.set('x-rest-calls', String(calls.total));
    },
  };

  return createYoga<Record<string, unknown>, GatewayContext>({
    schema: createSchema(),
    graphqlEndpoint: GRAPHQL_PATH,
    context: ({ request }) => {
      const context = createContext(request);
      context.staffName = () => access.staffName(request);
      if (options.exposeRestCalls) callsByRequest.set(request, context.restCalls);
      return context;
    },
    batching: false,
    cors: false,
    landingPage: false,
    graphiql: options.graphiql === false ? false : async (request) => (await access.isPrivileged(request)) && { title: 'Shop GraphQL', defaultQuery: HOMEPAGE_QUERY },
    extraParamNames: [DOCUMENT_ID_PARAM],
    renderGraphiQL,
    maskedErrors: {
      isDev: dev,
      maskError(error, message, isDev) {
        const masked = yogaMaskError(error, message, isDev);
        if (masked === error) return masked;
        // An unexpected error: the client gets the generic message and an id to quote (the request
        // id, added with the log line once the request is known: correlateMaskedErrors).
        const original = error instanceof Error && 'originalError' in error && error.originalError ? error.originalError : error;
        pending.set(masked, { original, path: (error as { path?: unknown }).path });
        if (typeof error === 'object' && error) logged.add(error);
        if (typeof original === 'object' && original) logged.add(original);
        return masked;
      },
    },
    logging: {
      debug: () => {},
      info: () => {},
      warn: (...args: unknown[]) => logger.warn('yoga', { detail: args.map((a) => (a instanceof Error ? describeError(a) : a)) }),
      // Masked errors were logged above with their correlation id; log anything else.
      error: (...args: unknown[]) => {
        if (args.length === 1 && typeof args[0] === 'object' && args[0] && logged.has(args[0])) return;
        logger.error('yoga', { detail: args.map((a) => (a instanceof Error ? describeError(a) : a)) });
      },
    },
    plugins: [
      crossSitePosts,
      useCSRFPrevention({ requestHeaders: [CSRF_HEADER] }),
      ...access.plugins,
      limitsPlugin({ exposeLimits: dev, blockFieldSuggestions: !dev, ...options.limits }),
      ...anonymousResponseCache(options.responseCacheTtlMs ?? 0),
      accountMutations,
      // Staff-only fields (issue 17): anyone but a staff key gets the unknown-field answer.
      staffFieldsPlugin((request) => access.staffName(request)),
      responseCookies,
      correlateMaskedErrors,
      ...(options.exposeRestCalls ? [exposeRestCalls] : []),
      ...(options.plugins ?? []),
    ],
  });
}
