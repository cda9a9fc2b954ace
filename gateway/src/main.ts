/**
 * `node gateway/src/main.ts`: the whole shop in one process. Environment: PORT (4000), HOST
 * (127.0.0.1), DATABASE_URL (PostgreSQL; unset: PGlite under DATA_DIR, default ./data/pglite),
 * SERVICE_TOKEN (random when unset), DEALS_SERVICE_URL (a deals service in its own process),
 * SEARCH_SERVICE_URL (a search service in its own process),
 * SEED_DEALS (deals seeded into an empty database), EXPOSE_REST_CALLS=1 (an x-rest-calls header on
 * GraphQL responses, for the benchmarks), CLIENT_DIST (the built client; default client/dist),
 * LINK_BUILDING_SCRIPT_URL (the partner link-building script, https; loaded only with consent),
 * MAP_TILE_URL and MAP_TILE_ATTRIBUTION (the map view's tiles; unset: the offline basemap),
 * WISHLIST_SERVICE_URL (a wishlist service in its own process; unset: in this one, at /api/wishlist).
 *
 * Accounts: USERS_SERVICE_URL (a users service in its own process), PUBLIC_BASE_URL (the shop's
 * public origin for email links and social redirect URIs; default http://HOST:PORT as listened
 * on), SMTP_URL (send mail by SMTP; unset: the outbox table), OUTBOX_PAGE=1 (serve /dev/outbox
 * in production too), TRUST_PROXY=1 (the shopper's address is the last X-Forwarded-For hop),
 * GOOGLE_ISSUER / GOOGLE_CLIENT_ID / GOOGLE_CLIENT_SECRET and FACEBOOK_ISSUER /
 * FACEBOOK_CLIENT_ID / FACEBOOK_CLIENT_SECRET (a provider shows only with its id and secret).
 *
 * Buying: BASKET_SERVICE_URL, CHECKOUT_SERVICE_URL, PAYMENT_SERVICE_URL, WALLET_SERVICE_URL,
 * ADDRESS_SERVICE_URL, VOUCHERS_SERVICE_URL (a buying service in its own process; unset: in this one, mounted at
 * /api/<service>), PAYMENT_SANDBOX_FAULTS=1 (the payment sandboxes at /sandbox/braintree, /klarna,
 * /clearpay honour their fault controls: e2e only, never in a real shop). The shop runs the
 * background jobs: expired checkout holds released every 15 s, pending orders reconciled every
 * 30 s, vouchers past their validity expired every 15 minutes.
 * See README "Configuration"; services/platform/src/environment.ts parses them all.
 */
import { environmentOrExit } from '@shop/platform/environment';
import { socialProvidersFromEnv } from './accounts/social.ts';
import { consoleLogger } from './logger.ts';
import { DEFAULT_RESPONSE_CACHE_TTL_MS } from './response-cache.ts';
import { BUYING_SERVICES, DEFAULT_PORT, outboxPageEnabled, startShop, type BuyingService } from './server.ts';

// Every variable parsed at once (services/platform/src/environment.ts): a bad one stops here, named.
const env = environmentOrExit();

const buyingServiceUrls: Partial<Record<BuyingService, string>> = {};
for (const name of BUYING_SERVICES) {
  const url = env[`${name.toUpperCase() as Uppercase<BuyingService>}_SERVICE_URL`];
  if (url) buyingServiceUrls[name] = url;
}

const shop = await startShop({
  port: env.PORT ?? DEFAULT_PORT,
  ...(env.HOST ? { host: env.HOST } : {}),
  ...(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : {}),
  ...(env.DATA_DIR ? { dataDir: env.DATA_DIR } : {}),
  ...(env.DB_POOL_SIZE ? { databasePoolSize: env.DB_POOL_SIZE } : {}),
  databasePreparedStatements: env.DB_PREPARED_STATEMENTS,
  ...(env.SERVICE_TOKEN ? { serviceToken: env.SERVICE_TOKEN } : {}),
  ...(env.DEALS_SERVICE_URL ? { dealsServiceUrl: env.DEALS_SERVICE_URL } : {}),
  ...(env.SEARCH_SERVICE_URL ? { searchServiceUrl: env.SEARCH_SERVICE_URL } : {}),
  ...(env.CLIENT_DIST ? { clientDist: env.CLIENT_DIST } : {}),
  ...(env.LINK_BUILDING_SCRIPT_URL ? { linkBuildingScriptUrl: env.LINK_BUILDING_SCRIPT_URL } : {}),
  ...(env.MAP_TILE_URL ? { mapTiles: { url: env.MAP_TILE_URL, attribution: env.MAP_TILE_ATTRIBUTION ?? '' } } : {}),
  ...(env.SEED_DEALS !== undefined ? { seedDeals: env.SEED_DEALS } : {}),
  ...(env.USERS_SERVICE_URL ? { usersServiceUrl: env.USERS_SERVICE_URL } : {}),
  ...(env.WISHLIST_SERVICE_URL ? { wishlistServiceUrl: env.WISHLIST_SERVICE_URL } : {}),
  ...(env.PUBLIC_BASE_URL ? { publicBaseUrl: env.PUBLIC_BASE_URL } : {}),
  ...(env.SMTP_URL ? { smtpUrl: env.SMTP_URL } : {}),
  socialProviders: socialProvidersFromEnv(env),
  trustProxy: env.TRUST_PROXY,
  outboxPage: outboxPageEnabled(env),
  demoMerchants: env.NODE_ENV !== 'production' || env.DEMO_MERCHANTS,
  demoStaff: env.NODE_ENV !== 'production' || env.DEMO_STAFF,
  buyingServiceUrls,
  paymentSandboxFaults: env.PAYMENT_SANDBOX_FAULTS,
  ...(env.PAYMENT_MERCHANT_KEY ? { paymentMerchantKey: env.PAYMENT_MERCHANT_KEY } : {}),
  // Production: shoppers run only the SPA's persisted operations; GraphiQL, introspection and any
  // other operation need a staff API key (README "Internal tools").
  gateway: {
    dev: env.NODE_ENV === 'development',
    persistedOnly: env.NODE_ENV === 'production',
    exposeRestCalls: env.EXPOSE_REST_CALLS,
    // Anonymous answers are reused this long (gateway/src/response-cache.ts); 0 turns the cache off.
    responseCacheTtlMs: env.RESPONSE_CACHE_TTL_MS ?? DEFAULT_RESPONSE_CACHE_TTL_MS,
    // VIP_LAYOUT: checkbox (default), two-buttons or show-no-vip (spec §2 VIP layout variants).
    ...(env.VIP_LAYOUT ? { vipLayout: env.VIP_LAYOUT } : {}),
  },
  // JOBS_EVERY_MS: run every background job this often instead of its own interval (tests only).
  ...(env.JOBS_EVERY_MS ? { jobs: { releaseHoldsMs: env.JOBS_EVERY_MS, reconcileMs: env.JOBS_EVERY_MS, expireVouchersMs: env.JOBS_EVERY_MS, expireCreditMs: env.JOBS_EVERY_MS, orderPointsMs: env.JOBS_EVERY_MS, retryRefundsMs: env.JOBS_EVERY_MS, remindersMs: env.JOBS_EVERY_MS, mailMs: env.JOBS_EVERY_MS, publishDealsMs: env.JOBS_EVERY_MS } } : {}),
  handleSignals: true,
});
consoleLogger.info(`Shop listening on ${shop.url} (GraphQL: ${shop.url}/graphql)`, { url: shop.url });
