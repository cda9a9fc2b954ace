/**
 * The shop on one port: every REST service under /api/<service>/…, the gateway at /graphql
 * (GraphiQL in a browser), GET /health, and the built client: its pages with their head tags
 * and real HTTP statuses (html/shop-pages.ts).
 *
 * The gateway reaches the deals, search and users services in-process (`app.fetch`), unless
 * DEALS_SERVICE_URL, SEARCH_SERVICE_URL or USERS_SERVICE_URL names one in its own process. The
 * services still demand the service token under /api, except their public routes (API docs,
 * images).
 *
 * Accounts: the users service at /api/users, mail through the platform Mailer (the outbox table,
 * or SMTP with SMTP_URL), social sign-in at /auth/:provider/start and /callback
 * (accounts/social.ts), and the outbox page at /dev/outbox outside production (html/outbox-page.ts).
 * The shopper's address for the users service's rate limits is the socket's (TRUST_PROXY=1: the
 * last X-Forwarded-For hop), recorded per request for the gateway (accounts/client-ip.ts).
 *
 * Also the site path GET /search-term/auto-complete?term=…&location= (spec §7): the header search
 * box's suggestions as JSON, through the search service; and the printed voucher
 * GET /myaccount/vouchers/{voucherId}/voucher.pdf (vouchers/print.routes.ts).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { createBasketApp, BASKET_BASE_PATH, migrateBasket } from '@shop/basket';
import { CHECKOUT_BASE_PATH, createCheckoutApp, deliverOrderMail, migrateCheckout, orderStanding, pruneExpired, PRUNE_EVERY_MS, reconcilePendingOrders, type CheckoutApp } from '@shop/checkout';
import { createDealsApp, ensureCampaigns, ensureGiftCardDeal, ensureGiftTags, ensureUpcomingDeals, migrateDeals, publishDueDeals, releaseExpiredHolds, seedIfEmpty, stockView, vipEquivalents } from '@shop/deals';
import { GIFT_FINDER_DATA_PATH, londonDate, notFoundHead, PAYMENT_TIMEOUT_MS } from '@shop/domain';
import { ADDRESS_BASE_PATH, createAddressApp, migrateAddress, seedAddresses } from '@shop/address';
import { createMerchantsApp, deliverMerchantMail, MERCHANT_MAIL_EVERY_MS, MERCHANTS_BASE_PATH, migrateMerchants, seedMerchants } from '@shop/merchants';
import { createPaymentApp, createPayments, createSandboxes, migratePayment, migrateSandboxes, PAYMENT_BASE_PATH, sandboxProviders } from '@shop/payment';
import { createWishlistApp, migrateWishlist, WISHLIST_BASE_PATH } from '@shop/wishlist';
import { alertWishlists, ALERT_WISHLISTS_EVERY_MS, type WishlistAlertDeps } from '@shop/wishlist/alerts/alerts';
import { dealWatchStates } from '@shop/deals/watch/deal-watch';
import { wishlistAlertRecipients } from '@shop/users/alerts/alerts.store';
import { createRewardsApp, migrateRewards, REWARDS_BASE_PATH, settleOrderPoints, SETTLE_ORDER_POINTS_EVERY_MS } from '@shop/rewards';
import { settleReferrals, SETTLE_REFERRALS_EVERY_MS } from '@shop/checkout/referrals/settle-referrals';
import { createWalletApp, expireWalletCredit, EXPIRE_CREDIT_EVERY_MS, migrateWallet, WALLET_BASE_PATH } from '@shop/wallet';
import { pruneClaimLimits, seedCreditCampaigns } from '@shop/wallet';
import { createVouchersApp, deliverGiftMail, GIFT_MAIL_EVERY_MS, expireVouchers, EXPIRE_EVERY_MS, migrateVouchers, remindExpiringVouchers, REMIND_EVERY_MS, refundReturns, REFUND_RETURNS_EVERY_MS, retryRefunds, RETRY_REFUNDS_EVERY_MS, VOUCHERS_BASE_PATH } from '@shop/vouchers';
import { processDeclinedSettlements } from '@shop/checkout/reconcile/settlement';
import { retryVipRefunds, RETRY_VIP_REFUNDS_EVERY_MS } from '@shop/checkout/vip/vip-cancel';
import { remindVipEnding, REMIND_VIP_ENDING_EVERY_MS } from '@shop/checkout/vip/vip-mail';
import { SEARCH_QUERY_MAX, SUGGEST_MIN_CHARS } from '@shop/domain';
import { acquireStartupLock, createMailer, everyLeased, listOutbox, migrateJobs, migrateMail, logSettings, openDatabase, requestLogging, type Mailer } from '@shop/platform';
import { createSearchApp, migrateSearch, syncSearchIndex } from '@shop/search';
import { createUsersApp, DEMO_STAFF, emailsOfCustomers, ensureDemoStaffPerson, migrateUsers, USERS_BASE_PATH } from '@shop/users';
import { defaultCarryOver, type CarryOverRegistry } from './accounts/carry-over.ts';
import { clientAddressOf, isLoopbackAddress, setRequestClientAddress } from './accounts/client-ip.ts';
import { createSocialRoutes, oauthCookieKey, type SocialProviderConfigs } from './accounts/social.ts';
import { createStaffRoutes, STAFF_HOME_PATH } from './staff/staff-sign-in.ts';
import { seedDemoActivity } from './demo/demo-activity.ts';
import { createRedemptionFileRoutes, REDEMPTION_FILE_PATH } from './schema/merchants/redemption-file.routes.ts';
import { createReferralLinkRoutes, REFERRAL_LINK_PATH } from './referrals/referral-link.ts';
import type { SocialProviderName } from './clients/users.client.ts';
import { OUTBOX_PAGE_PATH, outboxPageHandler, type OutboxLister } from './html/outbox-page.ts';
import { createBasketClient } from './clients/basket.client.ts';
import { createRestCallLog, createRestClient, DEFAULT_TIMEOUT_MS, type ServiceTarget } from './clients/rest-client.ts';
import { createSearchClient } from './clients/search.client.ts';
import { createDealsClient } from './clients/deals.client.ts';
import { giftFinderDataResponse } from './schema/giftfinder/gift-finder-data.ts';
import { createContextFactory, NOT_CONFIGURED, requestIdFrom, type ServiceTargets } from './context.ts';
import { consoleLogger, type Logger, type PinoBacked } from './logger.ts';
import { createPageResolver, type GuideLoader, type PageAnswer } from './html/shop-pages.ts';
import { escapeHtml, indexTemplate, type IndexTemplate } from './html/render-head.ts';
import { createLogRoutes } from './logging/log.routes.ts';
import { createGateway, GRAPHQL_PATH, type Gateway, type GatewayOptions } from './yoga.ts';
import { createOneClickUnsubscribeRoutes } from './schema/wishlist-alerts/one-click.routes.ts';
import { anonymousFront } from './response-cache.ts';
import { newNonce, securityHeaders, shopPageCsp, tileImageSource } from './security/headers.ts';
import { trafficMiddleware } from './traffic/traffic-cookies.ts';
import { createSitemapRoutes } from './seo/sitemap.routes.ts';
import type { SitemapLimits } from './seo/sitemap.ts';
import { createVoucherPrintRoutes } from './vouchers/print.routes.ts';
import { createReturnLabelRoutes } from './vouchers/return-label.routes.ts';
import { createPayoutFileRoutes } from './merchants-payouts/payouts.routes.ts';

export const DEFAULT_PORT = 4000;
export const DEFAULT_HOST = '127.0.0.1';
export const CLIENT_DIST = fileURLToPath(new URL('../../client/dist', import.meta.url));
/** GraphQL documents are small; anything bigger is refused before parsing (V3). */
export const GRAPHQL_BODY_LIMIT = 100 * 1024;

type FetchHandler = { fetch(request: Request): Response | Promise<Response> };

export interface ShopAppOptions {
  /** The deals service app, mounted at /api/deals and called in-process by the gateway. */
  dealsApp: FetchHandler;
  serviceToken: string;
  /** Where the gateway reaches the deals service; default: the in-process dealsApp. */
  dealsTarget?: ServiceTarget;
  /** The search service app, mounted at /api/search and called in-process by the gateway. */
  searchApp?: FetchHandler;
  /** Where the gateway reaches the search service; default: the in-process searchApp (none: searches fail as an outage). */
  searchTarget?: ServiceTarget;
  clientDist?: string;
  logger?: Logger;
  gateway?: Partial<Omit<GatewayOptions, 'services' | 'serviceToken' | 'logger'>>;
  /** Loads a guide page for /guides/… (default: none exist yet, so every guide is 404). */
  loadGuide?: GuideLoader;
  /**
   * The external link-building script (spec §2), https only; told to the client in a meta tag.
   * The client loads it on /deals, /guides and /deal pages (not /deals/shop), and only with consent.
   */
  linkBuildingScriptUrl?: string;
  /** The map view's tile url template and its attribution (MAP_TILE_URL, MAP_TILE_ATTRIBUTION): told to the client in a meta tag, its origin allowed as an image source. */
  mapTiles?: { url: string; attribution: string };
  /** The users service app, mounted at /api/users and called in-process by the gateway. */
  usersApp?: FetchHandler;
  /** Where the gateway reaches the users service; default: the in-process usersApp (none: account calls fail as an outage). */
  usersTarget?: ServiceTarget;
  /** PUBLIC_BASE_URL: the shop's public origin (social sign-in redirect URIs). */
  publicBaseUrl?: string;
  /** Social sign-in providers (accounts/social.ts); a provider shows only when configured. */
  socialProviders?: SocialProviderConfigs;
  /** TRUST_PROXY=1: the shopper's address is the last X-Forwarded-For hop. */
  trustProxy?: boolean;
  /** Lists the mail outbox for the /dev/outbox page. */
  outbox?: OutboxLister;
  /** Serve /dev/outbox (outside production, or OUTBOX_PAGE=1); otherwise it is a 404. */
  outboxPage?: boolean;
  /** Handlers run after each sign-in (default: recently viewed deals and the guest basket). */
  carryOver?: CarryOverRegistry;
  /** The merchants service (issue 17), mounted at /api/merchants (no GraphQL over it yet). */
  merchantsApp?: FetchHandler;
  /** The rewards service (issue 18 point 6, the loyalty club), mounted at /api/rewards and called in-process by the gateway. */
  rewardsApp?: FetchHandler;
  /** The wishlist service (issue 19 point 1), mounted at /api/wishlist and called in-process by the gateway unless `wishlistTarget` names one in its own process. */
  wishlistApp?: FetchHandler;
  /** Where the gateway reaches the wishlist service (WISHLIST_SERVICE_URL); default: the in-process wishlistApp. */
  wishlistTarget?: ServiceTarget;
  /**
   * The buying services (issue 6), each mounted at /api/<service> and called in-process by the
   * gateway unless its target names one in its own process (<X>_SERVICE_URL).
   */
  buying?: Partial<Record<BuyingService, { app?: FetchHandler; target?: ServiceTarget }>>;
  /** The payment providers' sandboxes, mounted at /sandbox/braintree, /sandbox/klarna, /sandbox/clearpay. */
  sandboxes?: Partial<Record<'braintree' | 'klarna' | 'clearpay', FetchHandler>>;
  /**
   * /sitemap.xml (seo/sitemap.routes.ts): per-file limits (default the protocol's 50,000 urls and
   * 50 MB; past them /sitemap.xml is an index of /sitemaps/{n}.xml) and how long one is served.
   */
  sitemap?: { limits?: Partial<SitemapLimits>; ttlMs?: number };
}

export const BUYING_SERVICES = ['basket', 'checkout', 'payment', 'wallet', 'address', 'vouchers'] as const;
export type BuyingService = (typeof BUYING_SERVICES)[number];
/** Where the shop mounts each buying service. */
export const BUYING_BASE_PATHS: Record<BuyingService, string> = {
  basket: BASKET_BASE_PATH,
  checkout: CHECKOUT_BASE_PATH,
  payment: PAYMENT_BASE_PATH,
  wallet: WALLET_BASE_PATH,
  address: ADDRESS_BASE_PATH,
  vouchers: VOUCHERS_BASE_PATH,
};
export const SANDBOX_BASE_PATHS = { braintree: '/sandbox/braintree', klarna: '/sandbox/klarna', clearpay: '/sandbox/clearpay' } as const;

/**
 * robots.txt: crawlers keep out of the APIs, GraphQL, the payment sandboxes, sign-in callbacks and
 * the development pages. Personal pages (basket, account, search results) stay crawlable so that
 * crawlers read their noindex (a disallowed page cannot say it). The Sitemap line gives the
 * sitemap's absolute url on the shop's public origin.
 */
export function robotsTxt(publicOrigin: string): string {
  return [
    'User-agent: *',
    'Disallow: /api/',
    'Disallow: /graphql',
    'Disallow: /sandbox/',
    'Disallow: /auth/',
    'Disallow: /dev/',
    // Printed vouchers (PDFs, which cannot say noindex in a meta tag; their answers say it in a
    // header too). My Vouchers itself, /myaccount/vouchers, is not under it and stays crawlable.
    'Disallow: /myaccount/vouchers/',
    '',
    `Sitemap: ${publicOrigin}/sitemap.xml`,
    '',
  ].join('\n');
}

/** The outbox page is served outside production, or when OUTBOX_PAGE=1 says so (e2e). */
export function outboxPageEnabled(env: { NODE_ENV?: string | undefined; OUTBOX_PAGE?: string | boolean | undefined }): boolean {
  return env.NODE_ENV !== 'production' || env.OUTBOX_PAGE === '1' || env.OUTBOX_PAGE === true;
}

/**
 * The default PUBLIC_BASE_URL: the address the shop listens on (a wildcard address is shown as
 * localhost), so email links and social redirect URIs work on this machine as it is reached.
 */
export function defaultPublicBaseUrl(host: string, port: number): string {
  const shown = host === '0.0.0.0' || host === '::' || host === '' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${port}`;
}

const problem = (status: number, code: string, title: string, errors?: { field: string; message: string }[]) =>
  new Response(JSON.stringify({ type: 'about:blank', title, status, code, ...(errors ? { errors } : {}) }), {
    status,
    headers: { 'content-type': 'application/problem+json' },
  });

/** Suggestions the header box shows (the search-term auto-complete). */
export const AUTO_COMPLETE_LIMIT = 8;
const LOCATION_SLUG = /^[a-z0-9][a-z0-9-]{0,79}$/;

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><title>Shop: client not built</title></head>
<body><h1>The client is not built yet</h1>
<p>Run <code>npm start</code> (it builds the client first), or build it in <code>client/</code>.
The GraphQL API is at <a href="/graphql">/graphql</a>.</p></body></html>`;

export function createShopApp(options: ShopAppOptions): { app: Hono; gateway: Gateway } {
  const logger = options.logger ?? consoleLogger;
  const searchTarget: ServiceTarget | undefined = options.searchTarget ?? (options.searchApp ? { app: options.searchApp } : undefined);
  const usersTarget: ServiceTarget | undefined = options.usersTarget ?? (options.usersApp ? { app: options.usersApp } : undefined);
  const dealsTarget: ServiceTarget = options.dealsTarget ?? { app: options.dealsApp };
  const wishlistTarget: ServiceTarget | undefined = options.wishlistTarget ?? (options.wishlistApp ? { app: options.wishlistApp } : undefined);
  const socialProviders = options.socialProviders ?? {};
  const configuredProviders = (Object.keys(socialProviders) as SocialProviderName[]).filter((p) => socialProviders[p]);
  const trustProxy = options.trustProxy ?? false;
  const buyingTargets: Partial<Record<BuyingService, ServiceTarget>> = {};
  for (const name of BUYING_SERVICES) {
    const given = options.buying?.[name];
    const target = given?.target ?? (given?.app ? { app: given.app } : undefined);
    if (target) buyingTargets[name] = target;
  }
  const basketTarget = buyingTargets.basket;
  const carryOver =
    options.carryOver ??
    defaultCarryOver(
      basketTarget
        ? {
            basketClient: (requestId) =>
              createBasketClient(
                createRestClient({ service: 'basket', target: basketTarget, serviceToken: options.serviceToken, requestId, log: createRestCallLog(), timeoutMs: options.gateway?.timeoutMs ?? DEFAULT_TIMEOUT_MS }),
              ),
          }
        : {},
    );
  // Page metadata, frame sources and the Origin check use the configured origin, never the Host header.
  const publicOrigin = new URL(options.publicBaseUrl ?? 'http://localhost').origin;
  const services: ServiceTargets = { deals: dealsTarget, ...(searchTarget ? { search: searchTarget } : {}), ...(usersTarget ? { users: usersTarget } : {}), ...buyingTargets, ...(options.merchantsApp ? { merchants: { app: options.merchantsApp } } : {}), ...(options.rewardsApp ? { rewards: { app: options.rewardsApp } } : {}), ...(wishlistTarget ? { wishlist: wishlistTarget } : {}) };
  const gateway = createGateway({
    publicOrigin,
    ...options.gateway,
    services,
    serviceToken: options.serviceToken,
    logger,
    socialProviders: configuredProviders,
    carryOver,
  });
  // The same per-request context as the gateway's, for the shop routes that act for the signed-in
  // shopper outside GraphQL (the printed voucher): the same session lookup, clients and loaders.
  const shopperContext = createContextFactory({
    services,
    serviceToken: options.serviceToken,
    logger,
    accounts: { socialProviders: configuredProviders, carryOver },
    ...(options.gateway?.timeoutMs !== undefined ? { timeoutMs: options.gateway.timeoutMs } : {}),
    ...(options.gateway?.clientAddress ? { clientAddress: options.gateway.clientAddress } : {}),
    ...(options.gateway?.now ? { now: options.gateway.now } : {}),
  });
  const dist = options.clientDist ?? CLIENT_DIST;
  const app = new Hono();

  // A page of the client's index.html with its head tags and status (the catch-all below, and the
  // 404 of the shop routes that answer files).
  const indexPath = `${dist}/index.html`;
  let template: IndexTemplate | undefined;
  const linkBuildingMeta = options.linkBuildingScriptUrl?.startsWith('https://')
    ? `<meta name="shop:link-building-script" content="${escapeHtml(options.linkBuildingScriptUrl)}" />`
    : '';
  // The map view's tiles (issue 19 point 4), when configured: the client reads the meta tag.
  const mapTilesMeta = options.mapTiles
    ? `<meta name="shop:map-tile-url" content="${escapeHtml(options.mapTiles.url)}" data-attribution="${escapeHtml(options.mapTiles.attribution)}" />`
    : '';
  const tileImages = options.mapTiles ? [tileImageSource(options.mapTiles.url)] : [];
  const shopPage = (c: Context, answer: Exclude<PageAnswer, { status: 301 }>) => {
    if (!existsSync(indexPath)) return c.html(NOT_BUILT_PAGE, 200, { 'cache-control': 'no-store' });
    template ??= indexTemplate(readFileSync(indexPath, 'utf8'), linkBuildingMeta + mapTilesMeta);
    const nonce = newNonce();
    const html = template.render(answer.head, publicOrigin, nonce, { deal: answer.deal ?? null });
    return c.html(html, answer.status, {
      'cache-control': answer.status === 503 ? 'no-store' : 'no-cache',
      'content-security-policy': shopPageCsp({ nonce, publicOrigin, frames: Object.values(SANDBOX_BASE_PATHS), images: tileImages }),
      ...answer.headers,
    });
  };

  // Compresses JSON, HTML, JS and CSS above 1 KB when the client accepts it (images are skipped).
  // One JSON line per request with its request id (the one the services' lines carry too).
  if ('pino' in logger && logSettings().requests) app.use('*', requestLogging(logger as PinoBacked, 'shop', (c) => requestIdFrom(c.req.raw)));
  app.use('*', compress());
  // CSP, HSTS, nosniff, Referrer-Policy, Permissions-Policy, frame protection (security/headers.ts).
  app.use(
    '*',
    securityHeaders({
      publicOrigin,
      trustedDocuments: [
        // GraphiQL: every asset inline; its editor adds styles and runs blob workers.
        { matches: (path) => path === GRAPHQL_PATH, dynamicStyles: true, workers: true },
        // The services' Scalar API references (services/platform/src/docs.ts).
        { matches: (path) => /^\/api\/[a-z]+\/docs$/.test(path), dynamicStyles: true },
        { matches: (path) => path === OUTBOX_PAGE_PATH },
        // The staff pages (staff/staff-sign-in.ts): one inline style, no script.
        { matches: (path) => path === STAFF_HOME_PATH || path.startsWith(`${STAFF_HOME_PATH}/`) },
      ],
    }),
  );

  app.get('/health', (c) => c.json({ status: 'ok' }, 200, { 'cache-control': 'no-store' }));
  const robots = robotsTxt(publicOrigin);
  app.get('/robots.txt', (c) => c.text(robots, 200, { 'cache-control': 'public, max-age=3600' }));
  // The gift-finder data document (issue 19 point 3; spec §7), per environment.
  app.get(GIFT_FINDER_DATA_PATH, (c) => giftFinderDataResponse(c.req.raw, process.env.NODE_ENV));
  // The sitemap, from the deals service's REST API (seo/sitemap-source.ts).
  app.route(
    '/',
    createSitemapRoutes({
      deals: (requestId) =>
        createDealsClient(
          createRestClient({ service: 'deals', target: dealsTarget, serviceToken: options.serviceToken, requestId, log: createRestCallLog(), timeoutMs: options.gateway?.timeoutMs ?? DEFAULT_TIMEOUT_MS }),
        ),
      publicOrigin,
      logger,
      ...(options.sitemap?.limits ? { limits: options.sitemap.limits } : {}),
      ...(options.sitemap?.ttlMs !== undefined ? { ttlMs: options.sitemap.ttlMs } : {}),
    }),
  );

  // The deals service sees paths without the prefix, as when it runs on its own.
  app.mount('/api/deals', (request) => options.dealsApp.fetch(request));
  const { searchApp, usersApp } = options;
  if (searchApp) app.mount('/api/search', (request) => searchApp.fetch(request));
  if (usersApp) app.mount(USERS_BASE_PATH, (request) => usersApp.fetch(request));
  for (const name of BUYING_SERVICES) {
    const service = options.buying?.[name]?.app;
    if (service) app.mount(BUYING_BASE_PATHS[name], (request) => service.fetch(request));
  }
  const { merchantsApp } = options;
  if (merchantsApp) app.mount(MERCHANTS_BASE_PATH, (request) => merchantsApp.fetch(request));
  const { rewardsApp } = options;
  if (rewardsApp) app.mount(REWARDS_BASE_PATH, (request) => rewardsApp.fetch(request));
  const { wishlistApp } = options;
  if (wishlistApp) app.mount(WISHLIST_BASE_PATH, (request) => wishlistApp.fetch(request));
  // The providers' sandboxes: the browser tokenises there (hosted fields, approval pages), never
  // through our API; the payment adapters reach them over real HTTP like a provider.
  for (const [name, path] of Object.entries(SANDBOX_BASE_PATHS) as [keyof typeof SANDBOX_BASE_PATHS, string][]) {
    const sandbox = options.sandboxes?.[name];
    if (sandbox) app.mount(path, (request) => sandbox.fetch(request));
  }
  // The client's not-found and error reports (spec §7 Logging), written to this server's log.
  app.route('/api/log', createLogRoutes({ logger }));
  app.all('/api/*', () => problem(404, 'NOT_FOUND', 'No such API.'));

  app.use(
    GRAPHQL_PATH,
    bodyLimit({ maxSize: GRAPHQL_BODY_LIMIT, onError: () => problem(413, 'PAYLOAD_TOO_LARGE', 'The request body is too large.') }),
  );
  // Anonymous queries the response cache stored are answered here as finished bytes (response-cache.ts).
  const answerGraphql = anonymousFront(gateway.fetch, { ttlMs: options.gateway?.responseCacheTtlMs ?? 0, restCallsHeader: options.gateway?.exposeRestCalls ?? false });
  app.all(GRAPHQL_PATH, (c) => {
    // The shopper's address, decided here where the socket is known (accounts/client-ip.ts).
    setRequestClientAddress(c.req.raw, clientAddressOf(c, trustProxy));
    return answerGraphql(c.req.raw);
  });

  // Social sign-in (accounts/social.ts): /auth/:provider/start and /callback; 404 for a provider not configured.
  if (configuredProviders.length > 0 && !options.publicBaseUrl) throw new Error('Social sign-in needs the public base URL (PUBLIC_BASE_URL)');
  app.route(
    '/auth',
    createSocialRoutes({
      providers: socialProviders,
      publicBaseUrl: options.publicBaseUrl ?? 'http://localhost',
      cookieKey: oauthCookieKey(options.serviceToken),
      users: usersTarget ?? NOT_CONFIGURED,
      deals: dealsTarget,
      serviceToken: options.serviceToken,
      carryOver,
      logger,
      trustProxy,
      ...(options.gateway?.timeoutMs !== undefined ? { timeoutMs: options.gateway.timeoutMs } : {}),
    }),
  );

  // The staff sign-in (staff/staff-sign-in.ts): /staff/sign-in, /staff, /staff/sign-out.
  app.route(
    '/',
    createStaffRoutes({
      users: usersTarget ?? NOT_CONFIGURED,
      publicOrigin,
      ...(options.merchantsApp ? { merchants: { app: options.merchantsApp } } : {}),
      ...(buyingTargets.checkout ? { checkout: buyingTargets.checkout } : {}),
      serviceToken: options.serviceToken,
      logger,
      trustProxy,
      ...(options.gateway?.timeoutMs !== undefined ? { timeoutMs: options.gateway.timeoutMs } : {}),
    }),
  );

  // The mail outbox, for development and the browser journeys (never in production unless asked).
  // It shows every reset and confirmation link, so it answers only a browser on this machine
  // (the socket's address, never a forwarded header): a shop started without NODE_ENV behind a
  // proxy or on 0.0.0.0 does not hand out accounts.
  const { outbox } = options;
  if (options.outboxPage && outbox) {
    const page = outboxPageHandler(outbox);
    app.get(OUTBOX_PAGE_PATH, (c) => {
      const address = clientAddressOf(c, false);
      if (address !== null && !isLoopbackAddress(address)) return problem(404, 'NOT_FOUND', 'Not found.');
      return page(c.req.raw);
    });
  } else {
    app.all(OUTBOX_PAGE_PATH, () => problem(404, 'NOT_FOUND', 'Not found.'));
  }

  // A mail app's one-click unsubscribe from a wish list alert (RFC 8058: POST to the email's List-Unsubscribe url).
  app.route('/', createOneClickUnsubscribeRoutes({ gateway, logger }));

  // The header search box's suggestions (spec §7 site path /search-term/auto-complete).
  app.get('/search-term/auto-complete', async (c) => {
    const term = (c.req.query('term') ?? '').trim();
    const location = c.req.query('location') || null;
    if (!term || term.length > SEARCH_QUERY_MAX) {
      return problem(400, 'VALIDATION_FAILED', 'The search term is not valid.', [
        { field: 'term', message: `Give a search term of 1 to ${SEARCH_QUERY_MAX} characters.` },
      ]);
    }
    if (location !== null && !LOCATION_SLUG.test(location)) {
      return problem(400, 'VALIDATION_FAILED', 'The location is not valid.', [{ field: 'location', message: 'Give a location slug.' }]);
    }
    const headers = { 'cache-control': 'public, max-age=60', vary: 'accept-encoding' };
    if (term.length < SUGGEST_MIN_CHARS) return c.json({ suggestions: [] }, 200, headers);
    if (!searchTarget) return problem(503, 'UNAVAILABLE', 'Suggestions are not available right now.');
    const requestId = requestIdFrom(c.req.raw);
    const search = createSearchClient(
      createRestClient({
        service: 'search',
        target: searchTarget,
        serviceToken: options.serviceToken,
        requestId,
        log: createRestCallLog(),
        timeoutMs: options.gateway?.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      }),
    );
    try {
      const suggestions = await search.suggest({ q: term, location, limit: AUTO_COMPLETE_LIMIT });
      return c.json({ suggestions }, 200, headers);
    } catch (error) {
      logger.warn('Search-term auto-complete failed', { correlationId: requestId, error: String(error) });
      return problem(503, 'UNAVAILABLE', 'Suggestions are not available right now.');
    }
  });

  // The shop's own routes behind the shopper's session cookie (not /graphql): the client's address
  // is decided here for the users service's session lookup, as for /graphql; a miss is the shop's 404 page.
  const sessionRoutes = (path: string, routes: Hono) => {
    app.use(path, async (c, next) => {
      setRequestClientAddress(c.req.raw, clientAddressOf(c, trustProxy));
      await next();
    });
    app.route('/', routes);
  };
  const fileRoutes = {
    context: shopperContext,
    notFound: (c: Context) => shopPage(c, { status: 404, head: notFoundHead(c.req.path), headers: { 'cache-control': 'private, no-store' } }),
    logger,
  };
  // The signed-in holder's printable voucher and returns label, PDFs from the vouchers service (vouchers/print.routes.ts, return-label.routes.ts).
  sessionRoutes('/myaccount/vouchers/:voucherId/voucher.pdf', createVoucherPrintRoutes(fileRoutes));
  sessionRoutes('/myaccount/vouchers/:voucherId/return-label.pdf', createReturnLabelRoutes(fileRoutes));
  // The till's file of codes, larger than /graphql takes (schema/merchants/redemption-file.routes.ts).
  sessionRoutes(REDEMPTION_FILE_PATH, createRedemptionFileRoutes({ context: shopperContext, logger, publicOrigin }));
  // A member's payout statement as CSV or PDF (merchants-payouts/payouts.routes.ts).
  sessionRoutes('/insights/payouts/:businessId/:file', createPayoutFileRoutes(fileRoutes));
  // A friend's personal link (issue 18 point 4): counts the open, keeps the code, on to /register.
  sessionRoutes(REFERRAL_LINK_PATH, createReferralLinkRoutes({ context: shopperContext, logger }));

  // Traffic, test and consent-gated cookies on page requests (traffic/traffic-cookies.ts, spec §4, §9).
  app.use('*', trafficMiddleware());

  // The built client: hashed files (vite puts them under /assets/) cached for a year, the rest revalidated.
  const staticFiles = serveStatic({ root: dist });
  app.use('*', async (c, next) => {
    // index.html is the pages' template (below), never served as it is.
    if (c.req.path.endsWith('/') || c.req.path === '/index.html') return next();
    const served = await staticFiles(c, next);
    if (served instanceof Response) c.res = served;
    if (c.res.status === 200 && c.res.headers.has('last-modified') && !c.res.headers.has('cache-control')) {
      c.res.headers.set('cache-control', c.req.path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    }
  });
  app.get('/assets/*', () => new Response('Not found', { status: 404 }));

  // Every other page is the client's index.html with its own head tags and its real status:
  // 200, 404 (unknown path, location, category, deal or guide), 301 (national → shop, moved
  // guides), 503 (the gateway could not say). See html/shop-pages.ts.
  const resolvePage = createPageResolver({ gateway, logger, ...(options.loadGuide ? { loadGuide: options.loadGuide } : {}) });
  app.on(['GET', 'HEAD'], '*', async (c) => {
    if (!existsSync(indexPath)) return c.html(NOT_BUILT_PAGE, 200, { 'cache-control': 'no-store' });
    const answer = await resolvePage(c.req.raw);
    if (answer.status === 301) return c.redirect(answer.location, 301);
    return shopPage(c, answer);
  });
  app.all('*', () => problem(405, 'METHOD_NOT_ALLOWED', 'Method not allowed.'));
  return { app, gateway };
}

export interface StartShopOptions {
  port?: number;
  host?: string;
  /** PostgreSQL URL; unset: embedded PGlite under dataDir. */
  databaseUrl?: string;
  /** PGlite data directory (default ./data/pglite; 'memory://' for a throwaway shop). */
  dataDir?: string;
  /** DB_POOL_SIZE: PostgreSQL connections of this process (default 10). */
  databasePoolSize?: number;
  /** DB_PREPARED_STATEMENTS: named statements on PostgreSQL (default on). */
  databasePreparedStatements?: boolean;
  /** The service credential; default: a random one for this process. */
  serviceToken?: string;
  /** Base URL of a deals service in its own process (DEALS_SERVICE_URL). */
  dealsServiceUrl?: string;
  /** Base URL of a search service in its own process (SEARCH_SERVICE_URL). */
  searchServiceUrl?: string;
  clientDist?: string;
  logger?: Logger;
  /** Close cleanly on SIGTERM/SIGINT (main.ts). */
  handleSignals?: boolean;
  /** Deals seeded into an empty database (SEED_DEALS; default the seed generator's 1,500). */
  seedDeals?: number;
  /** LINK_BUILDING_SCRIPT_URL: see ShopAppOptions.linkBuildingScriptUrl. */
  linkBuildingScriptUrl?: string;
  /** MAP_TILE_URL and MAP_TILE_ATTRIBUTION: see ShopAppOptions.mapTiles. */
  mapTiles?: { url: string; attribution: string };
  gateway?: ShopAppOptions['gateway'];
  /** Base URL of a users service in its own process (USERS_SERVICE_URL). */
  usersServiceUrl?: string;
  /** Base URL of a wishlist service in its own process (WISHLIST_SERVICE_URL). */
  wishlistServiceUrl?: string;
  /** PUBLIC_BASE_URL (email links, social redirect URIs); default: the address the shop listens on. */
  publicBaseUrl?: string;
  /** SMTP_URL: mail goes out by SMTP; unset: into the outbox table. */
  smtpUrl?: string;
  /** GOOGLE_* and FACEBOOK_* (accounts/social.ts socialProvidersFromEnv). */
  socialProviders?: SocialProviderConfigs;
  /** TRUST_PROXY=1. */
  trustProxy?: boolean;
  /** Serve /dev/outbox (main.ts: outboxPageEnabled of the environment); default on. */
  outboxPage?: boolean;
  /** Base URLs of buying services in their own processes (BASKET_SERVICE_URL, CHECKOUT_SERVICE_URL, …). */
  buyingServiceUrls?: Partial<Record<BuyingService, string>>;
  /** PAYMENT_SANDBOX_FAULTS=1: the sandboxes honour their fault controls (e2e; never in a real shop). */
  paymentSandboxFaults?: boolean;
  /**
   * PAYMENT_MERCHANT_KEY: the API key the payment adapters send to the sandboxes' server-side
   * endpoints (sales, lookups, client tokens), as a provider's API requires; default a random key
   * per process, so nobody reaches another shopper's transactions through /sandbox/*.
   */
  paymentMerchantKey?: string;
  /**
   * How often the shop releases expired checkout holds (default 15 s), reconciles pending orders
   * (default 30 s), expires vouchers (15 min) and dated wallet credit (1 min), and sends refunds the provider has not confirmed yet again (1 min).
   */
  jobs?: { releaseHoldsMs?: number; reconcileMs?: number; pruneMs?: number; expireVouchersMs?: number; expireCreditMs?: number; orderPointsMs?: number; retryRefundsMs?: number; remindersMs?: number; mailMs?: number; publishDealsMs?: number };
  /** Make the three demo merchant accounts (README); default: outside production only. */
  demoMerchants?: boolean;
  /** Make the demo staff person (README); default: outside production only. */
  demoStaff?: boolean;
  /** Make the demo shopper's purchases and the demo merchant's redemptions once (demo/demo-activity.ts); default: in development (NODE_ENV unset or development), with the demo merchants. */
  demoActivity?: boolean;
}

/** Scheduled deals are looked at every minute: one goes live within a minute of its time. */
const PUBLISH_DEALS_EVERY_MS = 60_000;
/** Spec README flow: expired holds are released every 15 s, pending orders reconciled every 30 s. */
export const RELEASE_HOLDS_EVERY_MS = 15_000;
export const RECONCILE_EVERY_MS = 30_000;

/**
 * The loopback origin the shop's own server answers on, for calls the shop makes to itself (the
 * payment adapters reaching the sandboxes over real HTTP).
 */
export function selfOrigin(host: string, port: number): string {
  if (host === '0.0.0.0' || host === '') return `http://127.0.0.1:${port}`;
  if (host === '::') return `http://[::1]:${port}`;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

export interface RunningShop {
  url: string;
  port: number;
  server: ServerType;
  close(): Promise<void>;
}

/** Thrown inside startShop when a stop signal arrives while it is still starting. */
class StartupStopped extends Error {}

export async function startShop(options: StartShopOptions = {}): Promise<RunningShop> {
  const logger = options.logger ?? consoleLogger;
  const serviceToken = options.serviceToken || randomBytes(32).toString('base64url');
  // Signals are handled from the start: a SIGTERM while the database opens, migrates or seeds
  // lets the current step finish, then closes the database (releasing the PGlite lock) and exits.
  let stopSignal: NodeJS.Signals | null = null;
  let close: (() => Promise<void>) | null = null;
  const exitAfter = (work: Promise<void>) =>
    work.then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error('Shutdown failed', { error: String(error) });
        process.exit(1);
      },
    );
  if (options.handleSignals) {
    const onSignal = (signal: NodeJS.Signals) => {
      logger.info('Shutting down', { signal });
      if (close) exitAfter(close());
      else stopSignal = signal;
    };
    process.once('SIGTERM', onSignal);
    process.once('SIGINT', onSignal);
  }
  const database = await openDatabase({
    ...(options.databaseUrl ? { url: options.databaseUrl } : {}),
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.databasePoolSize ? { poolSize: options.databasePoolSize } : {}),
    ...(options.databasePreparedStatements !== undefined ? { preparedStatements: options.databasePreparedStatements } : {}),
  });
  // PGlite's work resolves through microtasks only, so a signal that arrived during a step is
  // delivered once the event loop turns: yield a turn before looking.
  const stopIfAsked = async () => {
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (stopSignal) throw new StartupStopped(`stopped by ${stopSignal} while starting`);
  };
  let server: ServerType | undefined;
  let usersApp: ReturnType<typeof createUsersApp> | undefined;
  let mailer: Mailer | undefined;
  let checkoutApp: CheckoutApp | undefined;
  let backgroundJobs: { stop(): Promise<void> }[] = [];
  let releaseStartupLock: (() => Promise<void>) | undefined;
  try {
    // Several processes may start at once on one PostgreSQL: one migrates and seeds at a time.
    releaseStartupLock = await acquireStartupLock(database);
    await stopIfAsked();
    await migrateDeals(database.db);
    await stopIfAsked();
    await migrateSearch(database.db);
    await stopIfAsked();
    const seeded = await seedIfEmpty(database.db, {
      ...(options.seedDeals ? { deals: options.seedDeals } : {}),
      log: (message) => logger.info(`Seeding an empty database: ${message}`),
    });
    if (seeded) logger.info('Seeded an empty database', { deals: options.seedDeals ?? 'default' });
    // The shop's own gift-card deal (issue 18 point 2), on a new catalogue and on one that predates it.
    await ensureGiftCardDeal(database.db);
    // The paid-campaign landing page's campaigns (issue 19 point 8), on a new catalogue and on one that predates them.
    await ensureCampaigns(database.db);
    // The gift finder's tags (issue 19 point 3) on every deal that has none yet: a catalogue older than it, the gift card.
    const giftTagged = await ensureGiftTags(database.db);
    if (giftTagged > 0) logger.info('Tagged deals for the gift finder', { deals: giftTagged });
    await stopIfAsked();
    const dealsApp = createDealsApp({ db: database.db, serviceToken, basePath: '/api/deals' });
    // The search index follows the deals service (over HTTP when it runs on its own). A failed
    // sync leaves the index as it was: the shop still starts, and says so in the log.
    try {
      await syncSearchIndex({
        db: database.db,
        deals: options.dealsServiceUrl ? { baseUrl: options.dealsServiceUrl } : { app: dealsApp },
        serviceToken,
        log: (message, fields) => logger.info(message, fields),
      });
    } catch (error) {
      logger.error('Search index sync failed; searches use the index as it was', { error: String(error) });
    }
    await stopIfAsked();
    await migrateMail(database.db);
    await migrateUsers(database.db);
    await stopIfAsked();
    // Buying (issue 6); the deals stock tables came with migrateDeals.
    await migrateBasket(database.db);
    await migrateWallet(database.db);
    // The loyalty club (issue 18 point 6): its exchanges credit the wallet in one transaction.
    await migrateRewards(database.db);
    await migrateWishlist(database.db);
    await migratePayment(database.db);
    await migrateSandboxes(database.db);
    await migrateCheckout(database.db);
    // After the checkout's: its first migration moves the checkout's old voucher tables.
    await migrateVouchers(database.db);
    await migrateAddress(database.db);
    // The address table for the seeded areas (idempotent: known addresses are kept).
    await seedAddresses(database.db);
    // Merchants (issue 17): a business per catalogue merchant at every start (idempotent).
    await migrateMerchants(database.db);
    // Accounts with a published password: never in production unless asked for (DEMO_MERCHANTS=1, the browser journeys).
    const demoAccounts = options.demoMerchants ?? process.env.NODE_ENV !== 'production';
    const merchants = await seedMerchants(database.db, { demoMerchants: demoAccounts });
    if (merchants.inserted || merchants.demoAccounts) logger.info('Seeded merchants', { ...merchants });
    // Deals not live yet for the demo merchants to preview (issue 19 point 6): where the demo accounts are made.
    if (demoAccounts && (await ensureUpcomingDeals(database.db))) logger.info('Seeded upcoming deals to preview');
    // Credit claim campaigns (issue 18 point 3; README "Credit claims"): published demo links that give credit, so only where the demo accounts are made.
    if (demoAccounts) {
      const campaigns = await seedCreditCampaigns(database.db);
      if (campaigns.inserted) logger.info('Seeded credit campaigns', campaigns);
    }
    // The demo staff person (README): outside production, or with DEMO_STAFF=1 (its own flag: a staff session is far more than a demo merchant's).
    if ((options.demoStaff ?? process.env.NODE_ENV !== 'production') && (await ensureDemoStaffPerson(database.db, new Date()))) logger.info('Seeded the demo staff person', { email: DEMO_STAFF.email });
    await migrateJobs(database.db);
    await releaseStartupLock();
    await stopIfAsked();
    const searchApp = createSearchApp({ db: database.db, serviceToken, basePath: '/api/search' });
    // Listen first, so the default PUBLIC_BASE_URL is the address and port actually bound (port 0
    // picks one); the apps that need it are built right after, before any request is answered.
    const host = options.host ?? DEFAULT_HOST;
    let handle: ((request: Request, env: unknown) => Response | Promise<Response>) | null = null;
    const info = await new Promise<AddressInfo>((resolve, reject) => {
      const s = serve(
        {
          fetch: (request: Request, env: unknown) => (handle ? handle(request, env) : new Response('Starting', { status: 503, headers: { 'retry-after': '1' } })),
          port: options.port ?? DEFAULT_PORT,
          hostname: host,
        },
        resolve,
      );
      s.once('error', reject);
      server = s;
    });
    const publicBaseUrl = (options.publicBaseUrl || defaultPublicBaseUrl(host, info.port)).replace(/\/+$/, '');
    mailer = createMailer({ db: database.db, ...(options.smtpUrl ? { smtpUrl: options.smtpUrl } : {}) });
    usersApp = createUsersApp({
      db: database.db,
      serviceToken,
      basePath: USERS_BASE_PATH,
      mailer,
      publicBaseUrl,
      log: (message, fields) => logger.warn(message, fields),
    });
    const db = database.db;
    const buyingUrls = options.buyingServiceUrls ?? {};
    const basketApp = createBasketApp({
      db,
      serviceToken,
      basePath: BASKET_BASE_PATH,
      // The basket checks new lines against the database's stock view (purchase limit, sold out).
      productCheck: ({ productIds, customerKey, db: handle }) => stockView(handle, { productIds, customerKey, day: londonDate(new Date()) }),
      // apply-vip-discount: a member's lines to their VIP options (services/deals vip-equivalents.ts).
      vipEquivalents: ({ productIds, db: handle }) => vipEquivalents(handle, productIds),
      log: (message, fields) => logger.warn(message, fields),
    });
    const walletApp = createWalletApp({ db, serviceToken, basePath: WALLET_BASE_PATH, log: (message, fields) => logger.warn(message, fields) });
    // Wish list alerts (issue 19 point 2): the deals and users modules and the mailer of this shop; the leased job below runs it, POST /api/wishlist/alerts/run too.
    const wishlistAlerts: WishlistAlertDeps = {
      db,
      mailer,
      now: () => new Date(),
      publicBaseUrl,
      dealStates: (within, ids, now) => dealWatchStates(within, ids, now),
      recipients: (within, customerTokens, kind) => wishlistAlertRecipients(within, { customerTokens, kind, publicBaseUrl }),
      log: (message, fields) => logger.warn(message, fields),
    };
    const wishlistApp = createWishlistApp({ db, serviceToken, basePath: WISHLIST_BASE_PATH, alerts: wishlistAlerts });
    const rewardsApp = createRewardsApp({ db, serviceToken, basePath: REWARDS_BASE_PATH, standing: orderStanding, runAheadAllowed: options.outboxPage ?? true, log: (message, fields) => logger.warn(message, fields) });
    // The sandboxes answer on this server; the adapters reach them over real HTTP (reliability A2, D1).
    const faults = options.paymentSandboxFaults ?? false;
    const allowedOrigins = [new URL(publicBaseUrl).origin];
    const merchantKey = options.paymentMerchantKey || randomBytes(24).toString('base64url');
    // Their state is in the shop's database (payment_sandbox): a restart forgets nothing they captured.
    const sandboxes = createSandboxes({ db, faults, allowedOrigins, merchantKey });
    const paymentLog = (message: string, fields: Record<string, unknown>) => logger.warn(message, fields);
    // One createPayments (one breaker per provider) for the payment service and the checkout's order flow.
    const payments = createPayments({ db, providers: sandboxProviders(selfOrigin(host, info.port), { log: paymentLog, merchantKey }), timeoutMs: PAYMENT_TIMEOUT_MS, log: paymentLog });
    // Vouchers (issue 16): cash refunds go back through the same payments.
    // Expiry reminders (issue 16 point 9) reach a voucher's holder at their account's email.
    const holderEmails = (tokens: string[], within: typeof db) => emailsOfCustomers(within, tokens);
    // Running the reminders "as of" a later day (the e2e journey) only where the outbox page is a test facility too.
    const vouchersApp = createVouchersApp({ db, serviceToken, basePath: VOUCHERS_BASE_PATH, publicBaseUrl, payments, mailer, holderEmails, remindersAhead: options.outboxPage ?? true, log: (message, fields) => logger.warn(message, fields) });
    // P6: the Braintree sandbox settles sales and POSTs signed notifications to our webhook; a
    // settlement declined fails its paid order at once (and the 30 s job catches any missed).
    const webhookSecret = randomBytes(24).toString('base64url');
    const paymentApp = createPaymentApp({
      db, serviceToken, basePath: PAYMENT_BASE_PATH, payments, log: paymentLog,
      webhooks: { braintree: { secret: webhookSecret } },
      onSettlement: (s) => void (s.status === 'settlement_declined' && checkoutApp?.deps.background.run('settlement declined', () => processDeclinedSettlements(checkoutApp!.deps))),
    });
    // Settlement on: every sale settles a moment later; only a settlement declined is notified
    // (as Braintree does for cards and PayPal), so an ordinary order costs no webhook.
    sandboxes.braintree.webhooks.configure({ url: `${selfOrigin(host, info.port)}${PAYMENT_BASE_PATH}/webhooks/braintree`, secret: webhookSecret, notifyAuthorized: false, notifySettled: false });
    const addressApp = createAddressApp({ db, serviceToken, basePath: ADDRESS_BASE_PATH, log: (message, fields) => logger.warn(message, fields) });
    const merchantsApp = createMerchantsApp({ db, serviceToken, basePath: MERCHANTS_BASE_PATH, mailer, publicBaseUrl, log: (message, fields) => logger.warn(message, fields) });
    checkoutApp = createCheckoutApp({
      db,
      serviceToken,
      basePath: CHECKOUT_BASE_PATH,
      payments,
      mailer,
      publicBaseUrl,
      log: (message, fields) => logger.warn(message, fields),
      // Running the referral job "as of" a later day (the e2e journey) only where the outbox page is a test facility too.
      referralsAhead: options.outboxPage ?? true,
      // The same for the order mail sender (a dated e-gift, issue 18 point 2).
      mailAhead: options.outboxPage ?? true,
    });
    const checkout = checkoutApp;
    const jobs = options.jobs ?? {};
    // Each job runs in one process at a time across every shop process on this database (its lease).
    backgroundJobs = [
      everyLeased({ db, name: 'release expired holds', everyMs: jobs.releaseHoldsMs ?? RELEASE_HOLDS_EVERY_MS, run: () => releaseExpiredHolds(db, new Date()), logger }),
      // Expired express-buy tokens and old attempt windows (issue 14); the wallet's credit-claim limiter windows that have ended.
      everyLeased({ db, name: 'prune expired tokens', everyMs: jobs.pruneMs ?? PRUNE_EVERY_MS, run: () => pruneExpired(db, new Date()).then(() => pruneClaimLimits(db, new Date())), logger }),
      // Vouchers whose validity passed become Expired (issue 16).
      everyLeased({ db, name: 'expire vouchers', everyMs: jobs.expireVouchersMs ?? EXPIRE_EVERY_MS, run: () => expireVouchers(db, new Date()), logger }),
      // Refer a friend (issue 18 point 4): referrals past their refund window credited (or void), each once.
      everyLeased({ db, name: 'settle referrals', everyMs: jobs.expireVouchersMs ?? SETTLE_REFERRALS_EVERY_MS, run: () => settleReferrals(db, { now: new Date() }).then(() => undefined), logger }),
      // Wallet credit past its date (expired voucher credit after 14 days): its unspent part taken by a ledger posting.
      everyLeased({ db, name: 'expire wallet credit', everyMs: jobs.expireCreditMs ?? EXPIRE_CREDIT_EVERY_MS, run: () => expireWalletCredit(db, { now: new Date() }).then(() => undefined), logger }),
      // Loyalty points (issue 18 point 6): pending points (recorded when an order is paid) available after the 14-day refund window, fewer or removed when refunded.
      everyLeased({ db, name: 'settle order points', everyMs: jobs.orderPointsMs ?? SETTLE_ORDER_POINTS_EVERY_MS, run: () => settleOrderPoints(db as never, { now: new Date(), standing: orderStanding }).then(() => undefined), logger }),
      // Refunds whose card part the provider has not confirmed yet (answer lost, capture not settled): sent again with their own key.
      everyLeased({ db, name: 'retry voucher refunds', everyMs: jobs.retryRefundsMs ?? RETRY_REFUNDS_EVERY_MS, run: () => retryRefunds(vouchersApp.deps), logger }),
      // The "ends on" VIP reminder (issue 18 point 5) into the order outbox (the order mail job sends it).
      everyLeased({ db, name: 'remind members their VIP ends', everyMs: jobs.remindersMs ?? REMIND_VIP_ENDING_EVERY_MS, run: () => remindVipEnding(checkout.deps).then(() => undefined), logger }),
      // VIP memberships cancelled within 14 days (issue 18 point 5) whose card refund the provider has not confirmed yet: sent again with their own key.
      everyLeased({ db, name: 'retry VIP refunds', everyMs: jobs.retryRefundsMs ?? RETRY_VIP_REFUNDS_EVERY_MS, run: () => retryVipRefunds(checkout.deps).then(() => undefined), logger }),
      // Returned goods whose refund a crash left unmade (services/vouchers returns.ts); on the refunds' test interval.
      everyLeased({ db, name: 'refund returned goods', everyMs: jobs.retryRefundsMs ?? REFUND_RETURNS_EVERY_MS, run: () => refundReturns(vouchersApp.deps), logger }),
      // Gift mail from My Vouchers that the request making the gift could not hand over (relay down).
      everyLeased({ db, name: 'deliver gift mail', everyMs: jobs.mailMs ?? GIFT_MAIL_EVERY_MS, run: () => deliverGiftMail(vouchersApp.deps).then(() => undefined), logger }),
      // Expiry reminders 30, 7 and 1 days before (issue 16 point 9): each once per voucher, crash safe.
      everyLeased({ db, name: 'remind expiring vouchers', everyMs: jobs.remindersMs ?? REMIND_EVERY_MS, run: () => remindExpiringVouchers({ db, mailer: mailer!, now: () => new Date(), publicBaseUrl, holderEmails, log: (message, fields) => logger.warn(message, fields) }).then(() => undefined), logger }),
      // Wish list alerts (issue 19 point 2): a price drop of 5% or more, or a deal back on sale, mailed once per deal, customer and change.
      everyLeased({ db, name: 'alert wish lists of price drops', everyMs: jobs.remindersMs ?? ALERT_WISHLISTS_EVERY_MS, run: () => alertWishlists(wishlistAlerts).then(() => undefined), logger }),
      // Scheduled deals whose time has come go live (issue 19 point 6): moved into the catalogue with their ids.
      everyLeased({ db, name: 'publish scheduled deals', everyMs: jobs.publishDealsMs ?? PUBLISH_DEALS_EVERY_MS, run: () => publishDueDeals(db, new Date()).then(() => undefined), logger }),
      // Merchant application mail a request could not hand over (the relay down).
      everyLeased({ db, name: 'deliver merchant mail', everyMs: jobs.mailMs ?? MERCHANT_MAIL_EVERY_MS, run: () => deliverMerchantMail({ db, mailer: mailer!, now: () => new Date(), log: (message, fields) => logger.warn(message, fields) }).then(() => undefined), logger }),
      everyLeased({
        db,
        name: 'reconcile pending orders',
        everyMs: jobs.reconcileMs ?? RECONCILE_EVERY_MS,
        run: async () => {
          await reconcilePendingOrders(checkout.deps);
          await processDeclinedSettlements(checkout.deps);
          // Confirmation mail whose send failed after its order was paid goes out on the next run.
          await deliverOrderMail(checkout.deps);
        },
        logger,
      }),
    ];
    const buyingTarget = (name: BuyingService) => (buyingUrls[name] ? { target: { baseUrl: buyingUrls[name] } } : {});
    const { app } = createShopApp({
      dealsApp,
      searchApp,
      usersApp,
      merchantsApp,
      rewardsApp,
      wishlistApp,
      ...(options.wishlistServiceUrl ? { wishlistTarget: { baseUrl: options.wishlistServiceUrl } } : {}),
      buying: {
        basket: { app: basketApp, ...buyingTarget('basket') },
        checkout: { app: checkout, ...buyingTarget('checkout') },
        wallet: { app: walletApp, ...buyingTarget('wallet') },
        vouchers: { app: vouchersApp, ...buyingTarget('vouchers') },
        payment: { app: paymentApp, ...buyingTarget('payment') },
        address: { app: addressApp, ...buyingTarget('address') },
      },
      sandboxes: { braintree: sandboxes.braintree.app, klarna: sandboxes.klarna.app, clearpay: sandboxes.clearpay.app },
      serviceToken,
      publicBaseUrl,
      ...(options.dealsServiceUrl ? { dealsTarget: { baseUrl: options.dealsServiceUrl } } : {}),
      ...(options.searchServiceUrl ? { searchTarget: { baseUrl: options.searchServiceUrl } } : {}),
      ...(options.usersServiceUrl ? { usersTarget: { baseUrl: options.usersServiceUrl } } : {}),
      ...(options.clientDist ? { clientDist: options.clientDist } : {}),
      ...(options.linkBuildingScriptUrl ? { linkBuildingScriptUrl: options.linkBuildingScriptUrl } : {}),
      ...(options.mapTiles ? { mapTiles: options.mapTiles } : {}),
      ...(options.socialProviders ? { socialProviders: options.socialProviders } : {}),
      trustProxy: options.trustProxy ?? false,
      outboxPage: options.outboxPage ?? true,
      outbox: (list) => listOutbox(database.db, list),
      logger,
      ...(options.gateway ? { gateway: options.gateway } : {}),
    });
    handle = (request, env) => app.fetch(request, env);
    // Something for the demo merchants to look at (demo/demo-activity.ts): a development shop only, once per database.
    // (Off in tests, NODE_ENV=test: their shops start with nothing sold.)
    if (options.demoActivity ?? ((process.env.NODE_ENV === undefined || process.env.NODE_ENV === 'development') && (options.demoMerchants ?? true))) {
      void seedDemoActivity({ db, fetch: (request) => app.fetch(request), origin: publicBaseUrl, logger })
        .then((made) => made && logger.info('Seeded demo activity', made))
        .catch((error: unknown) => logger.warn('Demo activity was not made', { error: String(error) }));
    }
    const running = server!;
    let closing: Promise<void> | undefined;
    close = () =>
      (closing ??= (async () => {
        await new Promise<void>((resolve) => {
          running.close(() => resolve());
          // Keep-alive connections would hold close() open.
          if ('closeIdleConnections' in running) running.closeIdleConnections();
        });
        // The background jobs stop (a run in progress finishes), then the work the users and
        // checkout services started after answering (mail, post-commit steps).
        await Promise.all(backgroundJobs.map((job) => job.stop()));
        await usersApp?.settled();
        await checkoutApp?.settled();
        if (mailer && 'close' in mailer && typeof mailer.close === 'function') mailer.close();
        await database.close();
      })());
    if (stopSignal) exitAfter(close());
    const shownHost = host.includes(':') ? `[${host}]` : host;
    return { url: `http://${shownHost}:${info.port}`, port: info.port, server: running, close };
  } catch (error) {
    server?.close();
    await Promise.all(backgroundJobs.map((job) => job.stop()));
    await releaseStartupLock?.();
    await database.close();
    if (error instanceof StartupStopped) process.exit(0);
    throw error;
  }
}
